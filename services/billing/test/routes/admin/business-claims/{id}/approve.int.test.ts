import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CompanySnapshot } from '@limo/contracts';
import { call, linkAccount, listCompany, paidClaim, sharedHarness, startBilling, userOf, waitFor } from '../../../../support.js';

const h = sharedHarness(() => startBilling());

/** Directory's `company.updated.v1`: the company now belongs to `userId`. */
async function companyNowOwnedBy(company: CompanySnapshot, userId: string) {
  const snapshot: CompanySnapshot = { ...company, userId, version: company.version + 1 };
  await h.ctx.bus.publish([
    { id: randomUUID(), type: 'company.updated.v1', occurredAt: new Date().toISOString(), key: company.id, data: snapshot },
  ]);
  await waitFor(async () => (await h.service.deps.readModels.findCompany(company.id))?.userId === userId);
}

describe('POST /api/admin/business-claims/{id}/approve', () => {
  it('refuses a claim whose company became owned by someone else after the claim was made; the claim stays pending', async () => {
    const company = await listCompany(h);
    const { claimId } = await paidClaim(h, company.id);
    const claimant = await linkAccount(h, claimId, company.id);
    // Another owner since the claim was paid (an admin assigned the listing, an older claim approved elsewhere).
    await companyNowOwnedBy(company, randomUUID());

    const admin = userOf(h, 'admin');
    const refused = await call(h, 'POST', `/api/admin/business-claims/${claimId}/approve`, admin, {});
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe('This business has already been claimed');
    expect(h.published.some((e) => e.type === 'claim.approved.v1' && (e.data as { claimId: string }).claimId === claimId)).toBe(false);
    const list = await call(h, 'GET', '/api/admin/business-claims', admin);
    expect(list.json().find((c: { id: string }) => c.id === claimId)).toMatchObject({ status: 'pending', userId: claimant });
  });

  it('approves a claim of a company the claimant already owns', async () => {
    const company = await listCompany(h);
    const { claimId } = await paidClaim(h, company.id);
    const claimant = await linkAccount(h, claimId, company.id);
    await companyNowOwnedBy(company, claimant);

    const approved = await call(h, 'POST', `/api/admin/business-claims/${claimId}/approve`, userOf(h, 'admin'), {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().claim).toMatchObject({ status: 'approved', userId: claimant });
  });
});
