import { describe, expect, it } from 'vitest';
import { call, checkoutAndPay, listCompany, sharedHarness, startBilling, userOf, waitFor } from '../../support.js';
import { approve, ownerWithPaidClaim } from '../billing-flow.js';

const h = sharedHarness(() => startBilling());

describe('GET /api/admin/payments and POST /api/admin/payments/{id}/refund', () => {
  it('lists every payment with payer, company and claim, even one whose claim was never made; filters and searches', async () => {
    const admin = userOf(h, 'admin');
    const { paymentIntentId, company, claimId, email } = await ownerWithPaidClaim(h);
    // Defect 1: charged, and the browser never came back: the claim is made from the details given before paying.
    const orphanCompany = await listCompany(h, { name: 'Orphan Charge Limousines' });
    const orphan = await checkoutAndPay(h, orphanCompany.id);
    await waitFor(async () => (await h.service.deps.payments.findById(orphan.paymentIntentId))?.status === 'used');

    const res = await call(h, 'GET', '/api/admin/payments', admin);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<Array<{ id: string }>>();
    expect(rows.find((r) => r.id === paymentIntentId)).toMatchObject({
      amount: 7500,
      status: 'succeeded',
      purpose: 'claim',
      payerEmail: email,
      companyId: company.id,
      companyName: company.name,
      claim: { id: claimId, status: 'pending' },
      refund: null,
    });
    expect(rows.find((r) => r.id === orphan.paymentIntentId)).toMatchObject({
      status: 'succeeded',
      companyName: 'Orphan Charge Limousines',
      claim: { status: 'pending' },
    });

    const byEmail = (await call(h, 'GET', `/api/admin/payments?q=${encodeURIComponent(email.toUpperCase())}`, admin)).json();
    expect(byEmail.map((r: { id: string }) => r.id)).toEqual([paymentIntentId]);
    const byCompany = (await call(h, 'GET', '/api/admin/payments?q=orphan%20charge', admin)).json();
    expect(byCompany.map((r: { id: string }) => r.id)).toEqual([orphan.paymentIntentId]);
    const failed = (await call(h, 'GET', '/api/admin/payments?status=failed', admin)).json();
    expect(failed.every((r: { status: string }) => r.status === 'failed')).toBe(true);
    const bad = await call(h, 'GET', '/api/admin/payments?status=lost', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Status must be open, succeeded, failed or refunded');
  });

  it('refunds a payment once and ends its subscription; a pending claim is rejected instead; admin only', async () => {
    const admin = userOf(h, 'admin');
    const { paymentIntentId, subscriptionId, claimId, owner } = await ownerWithPaidClaim(h);
    const url = `/api/admin/payments/${paymentIntentId}/refund`;
    expect((await call(h, 'POST', url, undefined, {})).statusCode).toBe(401);
    expect((await call(h, 'POST', url, owner, {})).statusCode).toBe(403);

    const pending = await call(h, 'POST', url, admin, {});
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe("This payment's claim is waiting for review: reject the claim to refund it");

    await approve(h, claimId);
    const refunded = await call(h, 'POST', url, admin, { reason: 'Owner asked on the phone' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({
      message: 'Payment refunded; the subscription has ended.',
      payment: { id: paymentIntentId, status: 'refunded', refund: { amount: 7500, reason: 'Owner asked on the phone' } },
    });
    await expect(h.simulator().refundPayment(paymentIntentId, { idempotencyKey: 'x' })).rejects.toThrow('already been refunded');
    expect((await h.service.deps.subscriptions.findById(subscriptionId))?.status).toBe('canceled');
    // Recorded for the audit log (served by the directory from billing's audit.recorded.v1).
    const trail = await (
      await h.ctx.store.collection<{ _id: string; action: string; targetId: string }>('audit_trail')
    ).find({
      action: 'payment.refunded',
      targetId: paymentIntentId,
    });
    expect(trail).toHaveLength(1);
    const twice = await call(h, 'POST', url, admin, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This payment was already refunded');
    const mine = (await call(h, 'GET', '/api/my-subscription', owner)).json();
    expect(mine.invoices[0]).toMatchObject({ paymentIntentId, status: 'refunded' });
    expect((await call(h, 'GET', '/api/admin/payments?status=refunded', admin)).json().map((r: { id: string }) => r.id)).toContain(
      paymentIntentId,
    );
  });

  it('filters as the rows read: a payment with a refund recorded on it (its claim\'s) is "refunded", not "succeeded"', async () => {
    const admin = userOf(h, 'admin');
    const { paymentIntentId, claimId } = await ownerWithPaidClaim(h);
    // A record from before the payment lifecycle: the claim's refund went through, the payment still says succeeded.
    await h.service.deps.claims.claims.updateOne({ _id: claimId }, { $set: { refundStatus: 'refunded' } });
    expect((await h.service.deps.payments.findById(paymentIntentId))?.status).not.toBe('refunded');
    const ids = async (status: string) =>
      (await call(h, 'GET', `/api/admin/payments?status=${status}`, admin))
        .json<Array<{ id: string; status: string }>>()
        .filter((r) => r.id === paymentIntentId);
    expect(await ids('refunded')).toMatchObject([{ id: paymentIntentId, status: 'refunded' }]);
    expect(await ids('succeeded')).toEqual([]);
  });

  it('answers 404 for an unknown payment and 409 for one that never succeeded', async () => {
    const admin = userOf(h, 'admin');
    expect((await call(h, 'POST', '/api/admin/payments/pi_unknown/refund', admin, {})).statusCode).toBe(404);
    const company = await listCompany(h);
    const declined = await checkoutAndPay(h, company.id, '4000000000000002');
    const res = await call(h, 'POST', `/api/admin/payments/${declined.paymentIntentId}/refund`, admin, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a succeeded payment can be refunded');
  });
});

describe('GET /api/admin/payments filters, searches and pages in the query, over every payment', () => {
  it('finds a payment older than the newest 500 by its payer or company, and pages 50 at a time with the total', async () => {
    const admin = userOf(h, 'admin');
    const company = await listCompany(h, { name: 'Long Ago Limousines' });
    const base = {
      provider: 'simulator' as const,
      purpose: 'claim' as const,
      plan: 'claim' as const,
      amount: 7500,
      currency: 'usd',
      userId: null,
      payerKey: null,
      customerId: 'cus_x',
      lastError: null,
      listingEmail: null,
      listingName: null,
      claimerDetails: null,
      claimId: null,
      refunds: [],
      succeededAt: null,
    };
    await h.service.deps.payments.insert({
      ...base,
      _id: 'pi_longago',
      companyId: company.id,
      payerEmail: 'needle@long-ago.example',
      subscriptionId: 'sub_longago',
      status: 'succeeded',
      createdAt: '2001-01-01T00:00:00.000Z',
    });
    for (let i = 0; i < 510; i++) {
      await h.service.deps.payments.insert({
        ...base,
        _id: `pi_filler${i}`,
        companyId: null,
        payerEmail: `filler${i}@example.com`,
        subscriptionId: `sub_filler${i}`,
        status: 'created',
        createdAt: new Date(Date.UTC(2030, 0, 1, 0, 0, i)).toISOString(),
      });
    }
    const ids = async (query: string) => {
      const res = await call(h, 'GET', `/api/admin/payments?${query}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      return { ids: res.json<Array<{ id: string }>>().map((r) => r.id), total: Number(res.headers['x-total-count']) };
    };
    expect(await ids('q=NEEDLE@long-ago')).toEqual({ ids: ['pi_longago'], total: 1 });
    expect(await ids('q=long%20ago%20limousines&status=succeeded')).toEqual({ ids: ['pi_longago'], total: 1 });
    expect((await ids('q=long%20ago%20limousines&status=open')).ids).toEqual([]);

    const first = await ids('status=open');
    expect(first.ids).toHaveLength(50);
    expect(first.ids[0]).toBe('pi_filler509');
    expect(first.total).toBeGreaterThanOrEqual(510);
    const last = await ids(`status=open&page=${Math.ceil(first.total / 50)}`);
    expect(last.ids.length).toBe(first.total % 50 || 50);
    expect((await call(h, 'GET', '/api/admin/payments?page=0', admin)).statusCode).toBe(400);
  });
});
