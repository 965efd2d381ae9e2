import { describe, expect, it } from 'vitest';
import type { OwnerCompany } from '@limo/contracts';
import { call, listingForm as listing, sharedHarness, sharedUser, startDirectory, userOf } from '../../../support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');

describe('GET /api/companies/{id}/reviews', () => {
  it('shows every status to the owner and admins, approved ones to everybody else', async () => {
    const owner = userOf(h, 'business');
    const company = (await call(h, 'POST', '/api/companies', owner, listing({ name: 'Reviewed Limo' }))).json<OwnerCompany>();
    const pending = await call(h, 'POST', '/api/reviews', undefined, { companyId: company.id, rating: 2, reviewerName: 'Dee' });
    const approved = await call(h, 'POST', '/api/reviews', undefined, { companyId: company.id, rating: 5, reviewerName: 'Eve' });
    await call(h, 'POST', `/api/admin/reviews/${approved.json().id}/approve`, admin);
    const publicList = (await call(h, 'GET', `/api/companies/${company.id}/reviews`)).json();
    expect(publicList.map((r: { reviewerName: string }) => r.reviewerName)).toEqual(['Eve']);
    const ownerList = (await call(h, 'GET', `/api/companies/${company.id}/reviews`, owner)).json();
    expect(ownerList.map((r: { id: string }) => r.id).sort()).toEqual([pending.json().id, approved.json().id].sort());
    const otherOwner = (await call(h, 'GET', `/api/companies/${company.id}/reviews`, userOf(h, 'business'))).json();
    expect(otherOwner).toHaveLength(1);
  });
});
