import { describe, expect, it } from 'vitest';
import type { CompanyDetail, OwnerCompany } from '@limo/contracts';
import { call, sharedHarness, startDirectory, userOf } from '../support.js';
// Issue 17, defect 3: a free listing made at /list-business was stored `claimed: true`, so the
// dashboard said "Business Claim Pending Verification — Payment received" for nothing.
describe('a free listing (POST /api/companies)', () => {
  const h = sharedHarness(() => startDirectory());

  it('is owned by the business user but not claimed, on every read', async () => {
    const owner = userOf(h, 'business');
    const res = await call(h, 'POST', '/api/companies', owner, { name: 'Free Ride Limo', fullAddress: '10 Main St, Austin, TX 78701' });
    expect(res.statusCode).toBe(201);
    const created = res.json<OwnerCompany>();
    expect(created).toMatchObject({ userId: owner.id, claimed: false, claimedAt: null, businessVerified: false, verified: false });
    expect((await call(h, 'GET', `/api/companies/${created.id}`)).json<CompanyDetail>()).toMatchObject({ claimed: false });
    const mine = (await call(h, 'GET', '/api/my-companies', owner)).json<OwnerCompany[]>();
    expect(mine.map((c) => [c.id, c.claimed, c.subscriptionInfo])).toEqual([[created.id, false, null]]);
  });
});
