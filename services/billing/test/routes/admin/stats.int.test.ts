import { describe, expect, it } from 'vitest';
import { call, card, listCompany, sharedHarness, startBilling, userOf, waitFor } from '../../support.js';

const h = sharedHarness(() => startBilling());

describe('right after paying a claim (GET /api/subscriptions, GET /api/admin/stats)', () => {
  it("the payer's subscription reads active with verification pending, and admin revenue counts it", async () => {
    const company = await listCompany(h);
    const payer = userOf(h, 'business');
    const intent = await call(h, 'POST', '/api/create-payment-intent', payer, { plan: 'claim', companyId: company.id });
    await call(h, 'POST', '/api/payments/simulator/confirm', undefined, {
      clientSecret: intent.json().clientSecret,
      ...card('4242424242424242'),
    });
    const sub = await waitFor(async () => {
      const subs = (await call(h, 'GET', '/api/subscriptions', payer)).json<Array<{ status: string }>>();
      return subs.find((s) => s.status === 'active');
    });
    expect(sub).toMatchObject({ companyId: company.id, status: 'active', verification: 'pending' });
    // Pending verification: the listing is not announced premium yet.
    expect(h.published.some((e) => e.type === 'subscription.activated.v1')).toBe(false);
    const stats = (await call(h, 'GET', '/api/admin/stats', userOf(h, 'admin'))).json();
    expect(stats).toMatchObject({ activeSubscriptions: 1, monthlyRevenue: 75 });
  });
});
