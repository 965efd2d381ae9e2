import { describe, expect, it } from 'vitest';
import type { CompanyDoc } from '../../../src/domain/company.js';
import { adminCreate, call, sharedHarness, sharedUser, startDirectory } from '../../support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');

describe('POST /api/admin/audit-verification', () => {
  it('takes verified from companies no claim or admin decision backs, and keeps the others', async () => {
    const backedByAdmin = await adminCreate(h, admin, { name: 'Admin Verified Limo', verified: true });
    const stray = await adminCreate(h, admin, { name: 'Stray Verified Limo' });
    // A flag set outside every rule (an old import, a hand edit in the database).
    const companies = await h.ctx.store.collection<CompanyDoc>('companies');
    await companies.updateOne({ _id: stray.id }, { $set: { verified: true } });
    const verifiedBefore = await companies.count({ verified: true });
    const res = await call(h, 'POST', '/api/admin/audit-verification', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fixed: 1, total: verifiedBefore });
    expect((await call(h, 'GET', `/api/companies/${stray.id}`)).json().verified).toBe(false);
    expect((await call(h, 'GET', `/api/companies/${backedByAdmin.id}`)).json().verified).toBe(true);
    expect((await call(h, 'POST', '/api/admin/audit-verification', admin)).json().fixed).toBe(0);
  });
});
