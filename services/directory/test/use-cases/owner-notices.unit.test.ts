import { beforeEach, describe, expect, it } from 'vitest';
import { createLogger, type Mailer } from '@limo/platform';
import { recordingLogger, refusal } from '@limo/platform/testing';
import { CLOSED_ON_VERIFICATION_NOTE } from '../../src/mail/owner-notices.mail.js';
import { decideOnCompany, type CompanyDecision } from '../../src/use-cases/company-decisions.js';
import { unclaimFreeListings } from '../../src/use-cases/free-listings.js';
import { OwnerNotices } from '../../src/use-cases/owner-notices.js';
import { ownedReview } from '../../src/use-cases/owned-review.js';
import type { DirectoryDeps } from '../../src/deps.js';
import { directoryWorld, type DirectoryWorld } from './support.js';

// What owners are told about their listing, and the admin decisions that tell them.

let w: DirectoryWorld;
beforeEach(async () => {
  w = await directoryWorld();
});

const failing: Mailer = {
  send: () => Promise.reject(new Error('connect ECONNREFUSED')),
  ping: async () => undefined,
  close: async () => undefined,
};

/** A pending change request of `companyId`, sent by an owner reachable at `ownerEmail`. */
const changeRequest = (companyId: string, ownerEmail: string | null) =>
  w.changeRequests.insert({
    companyId,
    companyName: 'Dana Limos',
    userId: 'owner-1',
    requestedBy: 'dana',
    changes: { phone: '(303) 555-0199' },
    previous: { phone: null },
    ownerEmail,
  });

describe('owner notices', () => {
  it("tell the owner an admin's decision on a change request, once per request and decision", async () => {
    const request = await changeRequest('company-1', 'dana@owner.example');
    await w.notices.changeRequestDecided(request, 'approved', null);
    await w.notices.changeRequestDecided(request, 'rejected', 'Not your number');
    expect(w.mails.map((m) => [m.to, m.subject, m.idempotencyKey])).toEqual([
      ['dana@owner.example', 'Your changes to Dana Limos are live', `change-request-approved:${request._id}`],
      ['dana@owner.example', 'Your changes to Dana Limos were not approved', `change-request-rejected:${request._id}`],
    ]);
    expect(w.mails[1].text).toContain('Reason: Not your number');
    expect(w.mails[0].text).toContain('http://limo.test/dashboard');
  });

  it('tell nobody without an address, and let the decision stand when the mail fails', async () => {
    await w.notices.changeRequestDecided(await changeRequest('company-1', null), 'approved', null);
    expect(w.mails).toEqual([]);
    const down = new OwnerNotices(w.changeRequests, failing, 'http://limo.test', createLogger('silent'));
    const company = await w.company({ businessEmail: 'desk@dana.example' });
    await expect(
      down.changeRequestDecided(await changeRequest(company._id, 'dana@owner.example'), 'approved', null),
    ).resolves.toBeUndefined();
    await expect(down.listingDecided(company, 'verified', null, '2026-01-01T00:00:00.000Z')).resolves.toBeUndefined();
    await expect(down.credentialsDecided(company, 'verified', null, '2026-01-01T00:00:00.000Z')).resolves.toBeUndefined();
    await expect(down.insuranceExpiring(company, '2026-12-31')).rejects.toThrow('ECONNREFUSED');
  });

  it('log each notice that was not sent, with what it was about, for the operators', async () => {
    const logger = recordingLogger();
    const down = new OwnerNotices(w.changeRequests, failing, 'http://limo.test', logger);
    const company = await w.company({ businessEmail: 'desk@dana.example' });
    const request = await changeRequest(company._id, 'dana@owner.example');
    await down.changeRequestDecided(request, 'approved', null);
    await down.listingDecided(company, 'verified', null, '2026-01-01T00:00:00.000Z');
    await down.credentialsDecided(company, 'verified', null, '2026-01-01T00:00:00.000Z');
    expect(
      logger.lines.map(({ level, message, fields }) => [level, message, fields.changeRequestId ?? fields.companyId, String(fields.err)]),
    ).toEqual([
      ['error', 'change request notice not sent', request._id, 'Error: connect ECONNREFUSED'],
      ['error', 'listing decision notice not sent', company._id, 'Error: connect ECONNREFUSED'],
      ['error', 'credentials decision notice not sent', company._id, 'Error: connect ECONNREFUSED'],
    ]);
  });

  it("close a verified business's pending requests unapplied, each owner told why", async () => {
    const company = await w.company();
    const mailed = await changeRequest(company._id, 'dana@owner.example');
    const silent = await changeRequest(company._id, null);
    const other = await changeRequest('another-company', 'other@owner.example');
    expect(await w.notices.closeRequestsOfVerified(company._id)).toBe(2);
    expect(w.mails.map((m) => [m.to, m.subject, m.idempotencyKey, m.text.includes(CLOSED_ON_VERIFICATION_NOTE)])).toEqual([
      ['dana@owner.example', 'Your change request for Dana Limos was closed', `change-request-closed:${mailed._id}`, true],
    ]);
    expect(await w.changeRequests.findById(mailed._id)).toMatchObject({ status: 'closed', note: CLOSED_ON_VERIFICATION_NOTE });
    expect(await w.changeRequests.findById(silent._id)).toMatchObject({ status: 'closed' });
    expect(await w.changeRequests.findById(other._id)).toMatchObject({ status: 'pending' });
    expect(await w.notices.closeRequestsOfVerified(company._id)).toBe(0);
  });

  it('tell the owner of a listing and credentials decision at the owner’s address first', async () => {
    const company = await w.company({ name: 'Dana Limos', ownerEmail: 'dana@owner.example', businessEmail: 'desk@dana.example' });
    await w.notices.listingDecided(company, 'rejected', 'No such business', '2026-01-01T00:00:00.000Z');
    await w.notices.credentialsDecided(company, 'verified', null, '2026-01-02T00:00:00.000Z');
    expect(w.mails.map((m) => [m.to, m.subject, m.idempotencyKey])).toEqual([
      ['dana@owner.example', 'Dana Limos could not be verified', `listing-rejected:${company._id}:2026-01-01T00:00:00.000Z`],
      ['dana@owner.example', 'Dana Limos: licence and insurance verified', `credentials-verified:${company._id}:2026-01-02T00:00:00.000Z`],
    ]);
    expect(w.mails[0].text).toContain('Reason: No such business');
    const unreachable = await w.company();
    await w.notices.listingDecided(unreachable, 'verified', null, '2026-01-01T00:00:00.000Z');
    await w.notices.credentialsDecided(unreachable, 'verified', null, '2026-01-01T00:00:00.000Z');
    expect(await w.notices.insuranceExpiring(unreachable, '2026-12-31')).toBe(false);
    expect(w.mails).toHaveLength(2);
  });
});

describe("an admin's decision on a waiting company", () => {
  const admin = { id: 'admin-1', username: 'root' };
  const verify: CompanyDecision = {
    change: () => ({ verified: true }),
    audit: (c) => ({ action: 'company.verified', details: { name: c.name } }),
    notify: (c, at) => w.notices.listingDecided(c, 'verified', null, at),
  };

  it('is stored, recorded in the audit trail, then told to the owner', async () => {
    const company = await w.company({ name: 'Dana Limos', businessEmail: 'desk@dana.example' });
    const done: string[] = [];
    const decided = await decideOnCompany(w, admin, company._id, { ...verify, afterChange: async () => done.push('after') });
    expect(decided).toMatchObject({ _id: company._id, verified: true, version: 2 });
    expect(done).toEqual(['after']);
    const [audit] = await w.events('audit.recorded.v1');
    expect(audit.data).toMatchObject({
      service: 'directory',
      action: 'company.verified',
      actorId: 'admin-1',
      actorName: 'root',
      targetType: 'company',
      targetId: company._id,
      details: { name: 'Dana Limos' },
    });
    expect(w.mails.map((m) => m.subject)).toEqual(['Dana Limos is verified on LimoDirectory']);
  });

  it('answers 404 for a company that does not exist, recording and telling nothing', async () => {
    expect(await refusal(decideOnCompany(w, admin, 'gone', verify))).toEqual({ status: 404, message: 'Company not found' });
    expect(await w.events('audit.recorded.v1')).toEqual([]);
    expect(w.mails).toEqual([]);
  });
});

describe("a review of the owner's company", () => {
  const owner = { id: 'owner-1' } as Parameters<typeof ownedReview>[2];
  const deps = () => w as unknown as DirectoryDeps;

  it('is found for its owner: 404 when there is none (or its company is gone), 403 for anyone else', async () => {
    const company = await w.company({ userId: 'owner-1' });
    const review = await w.reviews.submit({
      companyId: company._id,
      userId: null,
      rating: 4,
      comment: 'Fine ride, a little late',
      reviewerName: 'Sam',
      ipHash: null,
      deviceHash: null,
    });
    expect(await ownedReview(deps(), review._id, owner)).toMatchObject({ _id: review._id });
    expect(await refusal(ownedReview(deps(), review._id, { ...owner, id: 'someone-else' }))).toEqual({
      status: 403,
      message: "Only the company's owner can do this",
    });
    expect(await refusal(ownedReview(deps(), 'gone', owner))).toEqual({ status: 404, message: 'Review not found' });
    await w.companies.delete(company._id);
    expect(await refusal(ownedReview(deps(), review._id, owner))).toEqual({ status: 404, message: 'Review not found' });
  });
});

describe('free listings stored as claimed before issue 17', () => {
  it('are set back to unclaimed, still owned; claims, paid listings and subscriptions are left alone', async () => {
    const claimed = { claimed: true, claimedAt: '2025-01-01T00:00:00.000Z', userId: 'owner-1' } as const;
    const free = await w.company(claimed);
    const byClaim = await w.company({ ...claimed, claimId: 'claim-1' });
    const paid = await w.company({ ...claimed, stripePaymentIntentId: 'pi_1' });
    const subscribed = await w.company({
      ...claimed,
      subscription: { subscriptionId: 'sub_1', status: 'active', startedAt: '2025-01-01T00:00:00.000Z', endDate: null },
    });
    const unowned = await w.company({ claimed: true });
    expect(await unclaimFreeListings(w.companies, createLogger('silent'))).toBe(1);
    expect(await w.companies.findById(free._id)).toMatchObject({ claimed: false, claimedAt: null, userId: 'owner-1' });
    for (const c of [byClaim, paid, subscribed, unowned]) expect((await w.companies.findById(c._id))?.claimed).toBe(true);
    expect(await unclaimFreeListings(w.companies, createLogger('silent'))).toBe(0);
  });
});
