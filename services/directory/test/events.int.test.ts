import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  claimApprovedV1,
  claimClaimantLinkedV1,
  claimRejectedV1,
  claimSubmittedV1,
  companyCreatedV1,
  companyDeletedV1,
  companyUpdatedV1,
  subscriptionActivatedV1,
  subscriptionCanceledV1,
  type ClaimApprovedV1,
  type OwnerCompany,
  type SubscriptionActivatedV1,
  type SubscriptionCanceledV1,
} from '@limo/contracts';
import { metricValue, reconciliationRepaired, reconciliationRuns, type EventEnvelope } from '@limo/platform';
import { describeWithEngine, eventOf, sharedHarness, sharedUser, waitFor } from '@limo/platform/testing';
import { elasticsearchIndex } from '@limo/engine-elasticsearch/testing';
import { toSearchDocument } from '../src/search/search-document.js';
import { CompaniesRepository } from '../src/repositories/companies.repository.js';
import type { CompanySearchIndex } from '@limo/company-search';
import { EmbeddedCompanySearch } from '../src/search/embedded.company-search.js';
import { SearchProjection } from '../src/search/projection.js';
import { SearchCache } from '../src/search/search-cache.js';
import { embeddedIndex } from './search/search-indexes.js';
import { adminCreate, call, companyEventsSeen, listingRegisteredEvent, startDirectory, userOf } from './support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');
let published: EventEnvelope[];

beforeAll(async () => {
  published = await companyEventsSeen(h, 'test.all-company-events');
});

const owned = async (id: string) =>
  (await call(h, 'GET', '/api/admin/companies?limit=200', admin)).json<{ companies: OwnerCompany[] }>().companies.find((c) => c.id === id)!;

describe('published company events', () => {
  it('match the contracts, carry the fields quotes needs and a growing version', async () => {
    const company = await adminCreate(h, admin, {
      name: 'Evented Limo',
      email: 'ops@evented.example.com',
      businessEmail: 'quotes@evented.example.com',
      phone: '(512) 555-0101',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
    });
    await call(h, 'PUT', `/api/admin/companies/${company.id}`, admin, { phone: '(512) 555-0102' });
    await call(h, 'DELETE', `/api/admin/companies/${company.id}`, admin);
    await waitFor(() => published.filter((e) => e.key === company.id).length === 3, 5_000, 'three events');
    const [created, updated, deleted] = published.filter((e) => e.key === company.id);
    expect(companyCreatedV1.parse(created).data).toMatchObject({
      id: company.id,
      name: 'Evented Limo',
      email: 'ops@evented.example.com',
      businessEmail: 'quotes@evented.example.com',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      userId: null,
      version: 1,
    });
    expect(companyCreatedV1.parse(created).data.latitude).toBeCloseTo(30.27, 1);
    expect(companyUpdatedV1.parse(updated).data).toMatchObject({ phone: '(512) 555-0102', version: 2 });
    expect(companyDeletedV1.parse(deleted).data).toEqual({ id: company.id, version: 3 });
  });
});

describe('consumers of claim.submitted.v1, claim.claimant-linked.v1 and claim.rejected.v1', () => {
  const envelope = (type: string, companyId: string, data: Record<string, unknown>) => ({
    id: randomUUID(),
    type,
    occurredAt: new Date().toISOString(),
    key: companyId,
    data,
  });
  const submitted = (companyId: string, claimId: string, userId: string | null) =>
    claimSubmittedV1.parse(
      envelope('claim.submitted.v1', companyId, {
        claimId,
        companyId,
        companyName: 'x',
        userId,
        claimerName: 'Ana',
        claimerEmail: 'ana@example.com',
        claimerPhone: '305 555 0100',
        businessRole: 'owner',
        paymentAmount: 7500,
        paymentIntentId: 'pi_1',
        submittedAt: '2026-11-01T10:00:00.000Z',
      }),
    );

  it('gives a pending claimer the listing at once, claimed but not verified, and takes it back on rejection', async () => {
    const company = await adminCreate(h, admin, { name: 'Pending Claim Limo' });
    const claimId = randomUUID();
    const userId = randomUUID();
    await h.ctx.bus.publish([submitted(company.id, claimId, null)]);
    await new Promise((r) => setTimeout(r, 100));
    expect((await owned(company.id)).claimed).toBe(false);
    await h.ctx.bus.publish([
      claimClaimantLinkedV1.parse(
        envelope('claim.claimant-linked.v1', claimId, {
          claimId,
          companyId: company.id,
          userId,
          email: 'ana@example.com',
          accountCreated: true,
        }),
      ),
    ]);
    await waitFor(async () => (await owned(company.id)).claimed, 5_000, 'pending claim linked');
    expect(await owned(company.id)).toMatchObject({ claimed: true, userId, businessVerified: false });
    expect((await call(h, 'GET', '/api/my-companies', userOf(h, 'business', userId))).json().map((c: { id: string }) => c.id)).toEqual([
      company.id,
    ]);
    // Unverified: an edit becomes a change request.
    expect(
      (await call(h, 'PUT', `/api/companies/${company.id}`, userOf(h, 'business', userId), { description: 'Ours now' })).statusCode,
    ).toBe(202);

    await h.ctx.bus.publish([
      claimRejectedV1.parse(
        envelope('claim.rejected.v1', company.id, {
          claimId,
          companyId: company.id,
          companyName: 'x',
          userId,
          claimerName: 'Ana',
          claimerEmail: 'ana@example.com',
          reason: null,
          refundAmount: 7500,
          rejectedAt: new Date().toISOString(),
          rejectedBy: admin.id,
        }),
      ),
    ]);
    await waitFor(async () => !(await owned(company.id)).claimed, 5_000, 'claim rejected');
    expect(await owned(company.id)).toMatchObject({ claimed: false, userId: null });
  });

  it('never takes a listing from its owner', async () => {
    const company = await adminCreate(h, admin, { name: 'Owned Limo' });
    const owner = randomUUID();
    await h.ctx.bus.publish([submitted(company.id, randomUUID(), owner)]);
    await waitFor(async () => (await owned(company.id)).userId === owner, 5_000, 'first claim');
    await h.ctx.bus.publish([submitted(company.id, randomUUID(), randomUUID())]);
    await new Promise((r) => setTimeout(r, 200));
    expect((await owned(company.id)).userId).toBe(owner);
  });
});

describe('consumer of claim.approved.v1', () => {
  const claim = (companyId: string, overrides: Partial<ClaimApprovedV1['data']> = {}): ClaimApprovedV1 =>
    eventOf(claimApprovedV1, companyId, {
      claimId: randomUUID(),
      companyId,
      userId: randomUUID(),
      claimedAt: '2025-03-01T10:00:00.000Z',
      businessVerified: true,
      approvedBy: admin.id,
      ...overrides,
    });

  it('hands the listing to the claimer: claimed, claimedAt, owner, businessVerified, verified backed by the claim', async () => {
    const company = await adminCreate(h, admin, { name: 'Claimable Limo' });
    const event = claim(company.id);
    await h.ctx.bus.publish([event]);
    await waitFor(async () => (await owned(company.id)).claimed, 5_000, 'claim applied');
    expect(await owned(company.id)).toMatchObject({
      claimed: true,
      claimedAt: '2025-03-01T10:00:00.000Z',
      userId: event.data.userId,
      businessVerified: true,
      verified: true,
    });
    // The new owner sees it on the dashboard and may edit it directly.
    const newOwner = userOf(h, 'business', event.data.userId);
    expect((await call(h, 'GET', '/api/my-companies', newOwner)).json().map((c: { id: string }) => c.id)).toEqual([company.id]);
    const edit = await call(h, 'PUT', `/api/companies/${company.id}`, newOwner, { description: 'Under new ownership' });
    expect(edit.statusCode).toBe(200);
    // The audit respects a verified flag that an approved claim backs.
    expect((await call(h, 'POST', '/api/admin/audit-verification', admin)).json().fixed).toBe(0);
  });

  it('handles a redelivered event once, and a claim for a deleted company without failing', async () => {
    const company = await adminCreate(h, admin, { name: 'Twice Claimed Limo' });
    const event = claim(company.id, { businessVerified: false });
    await h.ctx.bus.publish([event, event]);
    await h.ctx.bus.publish([claim('no-such-company')]);
    await waitFor(async () => (await owned(company.id)).claimed, 5_000, 'claim applied');
    const c = await owned(company.id);
    expect(c).toMatchObject({ businessVerified: false, verified: false });
    await new Promise((r) => setTimeout(r, 200));
    const updates = published.filter((e) => e.key === company.id && e.type === 'company.updated.v1');
    expect(updates).toHaveLength(1);
  });

  it('does not verify a suspended company', async () => {
    const company = await adminCreate(h, admin, { name: 'Suspended Claim Limo', verified: true });
    await call(h, 'PUT', `/api/admin/companies/${company.id}/suspend`, admin);
    await h.ctx.bus.publish([claim(company.id)]);
    await waitFor(async () => (await owned(company.id)).claimed, 5_000, 'claim applied');
    expect(await owned(company.id)).toMatchObject({ verified: false, suspended: true, businessVerified: true });
  });
});

describe('consumers of subscription.activated.v1 and subscription.canceled.v1', () => {
  const activated = (companyId: string, subscriptionId: string): SubscriptionActivatedV1 =>
    eventOf(subscriptionActivatedV1, companyId, {
      subscriptionId,
      companyId,
      userId: randomUUID(),
      status: 'active',
      startedAt: '2025-01-01T00:00:00.000Z',
      currentPeriodEnd: '2026-01-01T00:00:00.000Z',
    });
  const canceled = (companyId: string, subscriptionId: string): SubscriptionCanceledV1 =>
    eventOf(subscriptionCanceledV1, companyId, {
      subscriptionId,
      companyId,
      userId: randomUUID(),
      canceledAt: '2025-06-01T00:00:00.000Z',
      endedAt: '2026-01-01T00:00:00.000Z',
    });

  it('features the listing while the subscription runs, with its subscriptionInfo, and stops at cancellation', async () => {
    const company = await adminCreate(h, admin, { name: 'Premium Limo', city: 'Miami', state: 'FL' });
    await h.ctx.bus.publish([activated(company.id, 'sub_1')]);
    await waitFor(async () => (await owned(company.id)).featured, 5_000, 'featured');
    expect((await owned(company.id)).subscriptionInfo).toEqual({
      subscriptionStatus: 'active',
      createdAt: '2025-01-01T00:00:00.000Z',
      subscriptionEndDate: '2026-01-01T00:00:00.000Z',
    });
    await waitFor(
      async () => (await call(h, 'GET', '/api/companies?location=Miami,%20FL')).json()[0]?.id === company.id,
      5_000,
      'premium first in search',
    );

    await h.ctx.bus.publish([canceled(company.id, 'sub_1')]);
    await waitFor(async () => !(await owned(company.id)).featured, 5_000, 'not featured');
    expect((await owned(company.id)).subscriptionInfo).toMatchObject({
      subscriptionStatus: 'canceled',
      subscriptionEndDate: '2026-01-01T00:00:00.000Z',
    });
  });

  it('ignores an activation that arrives after its own cancellation', async () => {
    const company = await adminCreate(h, admin, { name: 'Late Activation Limo' });
    await h.ctx.bus.publish([canceled(company.id, 'sub_2')]);
    await waitFor(async () => (await owned(company.id)).subscriptionInfo?.subscriptionStatus === 'canceled', 5_000, 'canceled');
    await h.ctx.bus.publish([activated(company.id, 'sub_2')]);
    await new Promise((r) => setTimeout(r, 300));
    expect(await owned(company.id)).toMatchObject({ featured: false, subscriptionInfo: { subscriptionStatus: 'canceled' } });
  });
});

describe('rebuilding the search index from the store', () => {
  it('loads every company of the store into an empty index, as the start-up and reindex do', async () => {
    await call(h, 'POST', '/api/admin/populate-database', admin);
    const companies = await CompaniesRepository.create(h.ctx.store);
    const stored = await companies.count();
    const index = EmbeddedCompanySearch.create();
    const projection = new SearchProjection(index, companies, new SearchCache(h.ctx.cache), h.ctx.logger);
    expect(await projection.outOfSync()).toBe(true);
    expect(await projection.rebuild()).toBe(stored);
    expect(await index.count()).toBe(stored);
    expect(await projection.outOfSync()).toBe(false);
    const someone = (await companies.find({}, { limit: 1 }))[0];
    expect((await index.search({ text: someone.name, sort: 'best-match', page: 1, limit: 15 })).hits.map((x) => x.id)).toContain(
      someone._id,
    );
  });

  it('reconciles a persistent index that lost companies: repairs them, counts and logs the drift', async () => {
    const companies = await CompaniesRepository.create(h.ctx.store);
    const index = EmbeddedCompanySearch.create();
    const projection = new SearchProjection(index, companies, new SearchCache(h.ctx.cache), h.ctx.logger);
    await projection.rebuild();
    const stored = await companies.count();
    const lost = (await companies.find({}, { limit: 3 })).map((c) => c._id);
    await index.remove(lost);
    const before = await metricValue(reconciliationRepaired, { read_model: 'directory.search-index', kind: 'missing' });
    expect(await projection.reconcile()).toMatchObject({ indexed: stored - 3, stored, missing: 3, stale: 0, extra: 0 });
    expect(await index.count()).toBe(stored);
    expect(await metricValue(reconciliationRepaired, { read_model: 'directory.search-index', kind: 'missing' })).toBe(before + 3);
    expect(await projection.reconcile()).toMatchObject({ missing: 0, stale: 0, extra: 0 });
  });
});

/** Issue 13: the same count can hide drift; reconciliation compares company by company, on every index adapter. */
function describeReconciliation(name: string, makeIndex: () => Promise<{ index: CompanySearchIndex; close(): Promise<void> }>) {
  describe(`reconciling the ${name} search index company by company`, () => {
    it('repairs a stale and a swapped company behind an equal count, once', async () => {
      const { index, close } = await makeIndex();
      try {
        const companies = await CompaniesRepository.create(h.ctx.store);
        const projection = new SearchProjection(index, companies, new SearchCache(h.ctx.cache), h.ctx.logger);
        // Words of this run only: the store is shared with the other adapter's run.
        const tag = randomUUID()
          .replace(/[^a-f]/g, '')
          .slice(0, 8);
        const stale = await adminCreate(h, admin, { name: `Reconcile Stale ${tag}`, city: 'Austin', state: 'TX', zipCode: '78701' });
        const swapped = await adminCreate(h, admin, { name: `Reconcile Swapped ${tag}`, city: 'Austin', state: 'TX', zipCode: '78701' });
        await projection.rebuild();
        const stored = await companies.count();
        // Events lost: an edit the index never saw, and a deletion plus a creation that cancel out in the count.
        await companies.update(stale.id, () => ({ name: `Reconcile Renamed Zebra ${tag}` }));
        const ghost = toSearchDocument({ ...(await companies.findById(swapped.id))!, _id: `ghost-${randomUUID()}` });
        await index.remove([swapped.id]);
        await index.upsert([ghost]);
        await index.refresh();
        expect(await index.count()).toBe(stored);

        const runs = await metricValue(reconciliationRuns, { read_model: 'directory.search-index' });
        const repaired = (kind: string) => metricValue(reconciliationRepaired, { read_model: 'directory.search-index', kind });
        const before = { missing: await repaired('missing'), stale: await repaired('stale'), extra: await repaired('extra') };
        expect(await projection.reconcile()).toMatchObject({ indexed: stored, stored, missing: 1, stale: 1, extra: 1 });
        expect(await metricValue(reconciliationRuns, { read_model: 'directory.search-index' })).toBe(runs + 1);
        expect((await repaired('missing')) - before.missing).toBe(1);
        expect((await repaired('stale')) - before.stale).toBe(1);
        expect((await repaired('extra')) - before.extra).toBe(1);

        const find = async (text: string) => (await index.search({ text, sort: 'best-match', page: 1, limit: 10 })).hits.map((x) => x.id);
        expect(await find(`zebra ${tag}`)).toEqual([stale.id]);
        expect(await find(`swapped ${tag}`)).toEqual([swapped.id]);
        expect(await index.count()).toBe(stored);
        expect(await projection.reconcile()).toMatchObject({ missing: 0, stale: 0, extra: 0 });
      } finally {
        await close();
      }
    }, 30_000);
  });
}

describeReconciliation('embedded', embeddedIndex);
describeWithEngine('reconciliation on Elasticsearch', 'ELASTICSEARCH_URL', (url) => {
  describeReconciliation('Elasticsearch', () => elasticsearchIndex(url, 'companies-reconcile'));
});

describe('consumer of listing.registered.v1', () => {
  it('creates the paid listing under billing’s id, owned and claimed by the payer, once', async () => {
    const companyId = randomUUID();
    const userId = randomUUID();
    const event = listingRegisteredEvent(companyId, userId, {
      paymentIntentId: 'pi_listing1',
      subscriptionId: 'sub_listing1',
      company: { phone: '(303) 555-0111', website: 'https://paid.example/', fullAddress: '1600 Broadway, Denver, CO 80202' },
    });
    await h.ctx.bus.publish([event, event]);
    const owner = userOf(h, 'business', userId);
    const mine = await waitFor(
      async () => {
        const list = (await call(h, 'GET', '/api/my-companies', owner)).json();
        return list.length ? list : undefined;
      },
      5_000,
      'listing created',
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: companyId,
      name: 'Paid Listing Limo',
      claimed: true,
      city: 'Denver',
      state: 'CO',
      services: ['Wedding'],
    });
  });
});
