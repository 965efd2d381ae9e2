import { describe, expect, it } from 'vitest';
import type { ListingVerification, OwnerCompany } from '@limo/contracts';
import {
  adminCreate,
  call,
  expectAdminOnlyQueue,
  expectMail,
  ownerListing,
  sharedHarness,
  sharedUser,
  startDirectory,
  userOf,
  type TestUser,
} from '../../support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');

const QUEUE = '/api/admin/listing-verifications';
const queue = async () => (await call(h, 'GET', QUEUE, admin)).json<ListingVerification[]>();

async function listed(owner: TestUser, name: string): Promise<OwnerCompany> {
  return (await call(h, 'POST', '/api/companies', owner, ownerListing({ name }))).json<OwnerCompany>();
}

describe('the listing verification queue (issue 17, defect 11)', () => {
  it('lists owned listings not verified yet, oldest first, with owner and plan; nobody-owned ones are not in it', async () => {
    const first = userOf(h, 'business');
    const second = userOf(h, 'business');
    const a = await listed(first, 'Queue First Limo');
    const b = await listed(second, 'Queue Second Limo');
    await adminCreate(h, admin, { name: 'Unowned Limo' });
    const list = await queue();
    expect(list.map((v) => v.companyName)).toEqual(['Queue First Limo', 'Queue Second Limo']);
    expect(list[0]).toMatchObject({ companyId: a.id, ownerId: first.id, ownerEmail: first.email, plan: 'free', phone: '(305) 555-0199' });
    expect(list[1]?.companyId).toBe(b.id);
  });

  it('approve marks the listing verified, takes it out of the queue and mails the owner (text and HTML)', async () => {
    const owner = userOf(h, 'business');
    const company = await listed(owner, 'Approve Me Limo');
    const res = await call(h, 'POST', `${QUEUE}/${company.id}/approve`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().company).toMatchObject({ verified: true, businessVerified: true, verifiedOwner: false });
    expect((await call(h, 'GET', `/api/companies/${company.id}`)).json().verified).toBe(true);
    expect((await queue()).map((v) => v.companyId)).not.toContain(company.id);
    await expectMail(h, owner.email, 'listing-verified', { subject: 'Approve Me Limo is verified on LimoDirectory', says: 'verified it' });
    // Decided once: a second decision answers 409.
    expect((await call(h, 'POST', `${QUEUE}/${company.id}/approve`, admin)).statusCode).toBe(409);
  });

  it('reject needs a reason (400), records it, takes the listing out of the queue and mails the owner the reason', async () => {
    const owner = userOf(h, 'business');
    const company = await listed(owner, 'Reject Me Limo');
    const missing = await call(h, 'POST', `${QUEUE}/${company.id}/reject`, admin, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/reason/i);
    const res = await call(h, 'POST', `${QUEUE}/${company.id}/reject`, admin, { reason: 'The phone number does not answer' });
    expect(res.statusCode).toBe(200);
    expect(res.json().company.verified).toBe(false);
    expect((await queue()).map((v) => v.companyId)).not.toContain(company.id);
    await expectMail(h, owner.email, 'listing-rejected', {
      subject: 'Reject Me Limo could not be verified',
      says: 'Reason: The phone number does not answer',
    });
  });

  it('answers 404 for an unknown company, 403 to non-admins, 401 signed out', async () => {
    expect((await call(h, 'POST', `${QUEUE}/no-such-company/approve`, admin)).statusCode).toBe(404);
    await expectAdminOnlyQueue(h, QUEUE);
  });
});
