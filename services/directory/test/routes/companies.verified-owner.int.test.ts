import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { subscriptionCanceledV1, type Company, type OwnerCompany } from '@limo/contracts';
import { eventOf, sharedHarness, sharedUser, waitFor } from '@limo/platform/testing';
import { adminCreate, call, claimApprovedEvent, listingRegisteredEvent, ownerListing, startDirectory, userOf } from '../support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');

const page = async (id: string) => (await call(h, 'GET', `/api/companies/${id}`)).json<Company>();
const verifiedOwnerIds = async () =>
  (await call(h, 'GET', '/api/companies?location=Miami,%20FL&verifiedOwner=true&limit=50')).json<Company[]>().map((c) => c.id);

describe('the Verified Owner badge (issue 17, defect 9)', () => {
  it('is set by an approved claim, found by the verifiedOwner filter, and taken away by suspension and by the end of the subscription', async () => {
    const claimed = await adminCreate(h, admin, { name: 'Claimed Owner Limo', city: 'Miami', state: 'FL', zipCode: '33101' });
    const other = await adminCreate(h, admin, { name: 'Nobody Owns Limo', city: 'Miami', state: 'FL', zipCode: '33101' });
    expect((await page(claimed.id)).verifiedOwner).toBe(false);

    const owner = userOf(h, 'business');
    await h.ctx.bus.publish([claimApprovedEvent(claimed.id, owner.id, owner.email)]);
    await waitFor(async () => (await page(claimed.id)).verifiedOwner, 5_000, 'badge after the claim');
    await waitFor(async () => (await verifiedOwnerIds()).includes(claimed.id), 5_000, 'search filter');
    expect(await verifiedOwnerIds()).not.toContain(other.id);
    // Without the filter both are found.
    const plain = (await call(h, 'GET', '/api/companies?location=Miami,%20FL&limit=50')).json<Company[]>().map((c) => c.id);
    expect(plain).toEqual(expect.arrayContaining([claimed.id, other.id]));

    // Suspended: no badge; unsuspended: back.
    await call(h, 'PUT', `/api/admin/companies/${claimed.id}/suspend`, admin);
    expect((await page(claimed.id)).verifiedOwner).toBe(false);
    await waitFor(async () => !(await verifiedOwnerIds()).includes(claimed.id), 5_000, 'suspended leaves the filter');
    await call(h, 'PUT', `/api/admin/companies/${claimed.id}/unsuspend`, admin);
    expect((await page(claimed.id)).verifiedOwner).toBe(true);

    // The subscription ends: the badge goes.
    await h.ctx.bus.publish([
      eventOf(subscriptionCanceledV1, claimed.id, {
        subscriptionId: 'sub_1',
        companyId: claimed.id,
        userId: owner.id,
        canceledAt: new Date().toISOString(),
        endedAt: null,
      }),
    ]);
    await waitFor(async () => !(await page(claimed.id)).verifiedOwner, 5_000, 'badge gone with the subscription');
  });

  it('is not given to a free listing, even once verified; a paid listing verified by an admin gets it', async () => {
    const owner = userOf(h, 'business');
    const free = (await call(h, 'POST', '/api/companies', owner, ownerListing({ name: 'Free Listing Limo' }))).json<OwnerCompany>();
    await call(h, 'POST', `/api/admin/listing-verifications/${free.id}/approve`, admin);
    expect(await page(free.id)).toMatchObject({ verified: true, verifiedOwner: false });

    const paidId = randomUUID();
    await h.ctx.bus.publish([
      listingRegisteredEvent(paidId, owner.id, {
        paymentIntentId: 'pi_paid_listing',
        subscriptionId: null,
        company: { phone: '(305) 555-0111', city: 'Miami', state: 'FL', zipCode: '33101' },
      }),
    ]);
    await waitFor(async () => (await call(h, 'GET', `/api/companies/${paidId}`)).statusCode === 200, 5_000, 'paid listing created');
    expect((await page(paidId)).verifiedOwner).toBe(false);
    const queued = (await call(h, 'GET', '/api/admin/listing-verifications', admin)).json<Array<{ companyId: string; plan: string }>>();
    expect(queued.find((q) => q.companyId === paidId)?.plan).toBe('paid');
    await call(h, 'POST', `/api/admin/listing-verifications/${paidId}/approve`, admin);
    expect((await page(paidId)).verifiedOwner).toBe(true);
  });

  it('answers 400 to a verifiedOwner that is not true or false', async () => {
    const res = await call(h, 'GET', '/api/companies?verifiedOwner=yes');
    expect(res.statusCode).toBe(400);
  });
});
