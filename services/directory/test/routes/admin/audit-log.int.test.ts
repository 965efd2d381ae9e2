import { describe, expect, it } from 'vitest';
import type { AuditLogPage, OwnerCompany } from '@limo/contracts';
import { AuditTrail } from '@limo/platform';
import { sharedHarness, sharedUser, waitFor } from '@limo/platform/testing';
import { call, ownerListing, startDirectory, userOf } from '../../support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');

const LOG = '/api/admin/audit-log';
const page = async (query = '') => (await call(h, 'GET', `${LOG}${query}`, admin)).json<AuditLogPage>();

describe('GET /api/admin/audit-log', () => {
  it("records the directory's admin actions (who, what, target, when, details), newest first, filtered by target", async () => {
    const owner = userOf(h, 'business');
    const company = (await call(h, 'POST', '/api/companies', owner, ownerListing({ name: 'Audited Limo' }))).json<OwnerCompany>();
    await call(h, 'POST', `/api/admin/listing-verifications/${company.id}/reject`, admin, { reason: 'No licence' });
    await call(h, 'PUT', `/api/admin/companies/${company.id}/suspend`, admin);
    await waitFor(async () => (await page(`?targetId=${company.id}`)).totalCount === 2, 5_000, 'two entries');
    const { entries } = await page(`?targetId=${company.id}`);
    expect(entries.map((e) => e.action)).toEqual(['company.suspended', 'listing.rejected']);
    expect(entries[1]).toMatchObject({
      service: 'directory',
      actorId: admin.id,
      actorName: admin.email,
      targetType: 'company',
      targetId: company.id,
      details: { reason: 'No licence', companyName: 'Audited Limo' },
    });
    expect(Date.parse(entries[1].at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("keeps another service's actions recorded through AuditTrail (billing's claim decisions and refunds), filtered by action", async () => {
    const billing = await AuditTrail.create(h.ctx.store, 'billing');
    await billing.record({
      actorId: admin.id,
      actorName: 'admin',
      action: 'payment.refunded',
      targetType: 'payment',
      targetId: 'pi_123',
      details: { amount: 7500 },
    });
    await waitFor(async () => (await page('?action=payment.refunded')).totalCount === 1, 5_000, 'billing entry');
    expect((await page('?action=payment.refunded')).entries[0]).toMatchObject({
      service: 'billing',
      targetId: 'pi_123',
      details: { amount: 7500 },
    });
  });

  it('pages (limit, page) and answers 400 to a bad page, 403 to non-admins', async () => {
    const all = await page();
    expect(all.totalCount).toBeGreaterThanOrEqual(3);
    const first = await page('?limit=1&page=1');
    const second = await page('?limit=1&page=2');
    expect(first.entries).toHaveLength(1);
    expect(second.entries[0]?.id).not.toBe(first.entries[0]?.id);
    expect((await call(h, 'GET', `${LOG}?page=0`, admin)).statusCode).toBe(400);
    expect((await call(h, 'GET', LOG, userOf(h, 'business'))).statusCode).toBe(403);
    expect((await call(h, 'GET', LOG)).statusCode).toBe(401);
  });
});
