import { describe, expect, it } from 'vitest';
import { call, checkoutAndPay, claimer, listCompany, sharedHarness, startBilling, userOf, waitFor } from '../../../support.js';

const h = sharedHarness(() => startBilling());

describe('subscriptions', () => {
  it('a cancellation takes effect at the end of the paid year: active until then, then canceled and announced', async () => {
    const company = await listCompany(h);
    const owner = userOf(h, 'business');
    const { paymentIntentId, subscriptionId, clientSecret } = await checkoutAndPay(h, company.id);
    const success = await call(h, 'POST', '/api/process-payment-success', owner, {
      paymentIntent: paymentIntentId,
      plan: 'claim',
      companyId: company.id,
      claimerDetails: claimer(owner.email),
      clientSecret,
    });
    const admin = userOf(h, 'admin');
    expect((await call(h, 'POST', `/api/admin/business-claims/${success.json().claimId}/approve`, admin)).statusCode).toBe(200);
    await waitFor(() =>
      h.published.some(
        (e) => e.type === 'subscription.activated.v1' && (e.data as { subscriptionId: string }).subscriptionId === subscriptionId,
      ),
    );

    const mine = await call(h, 'GET', '/api/subscriptions', owner);
    expect(mine.json()).toEqual([
      expect.objectContaining({ subscriptionId, companyId: company.id, status: 'active', cancelAtPeriodEnd: false, amount: 7500 }),
    ]);
    expect((await call(h, 'POST', `/api/subscriptions/${subscriptionId}/cancel`, owner)).statusCode).toBe(403);
    const canceled = await call(h, 'POST', `/api/subscriptions/${subscriptionId}/cancel`, admin);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    h.simulator().advance(366 * 24 * 60 * 60 * 1000);
    await h.simulator().idle();
    await waitFor(async () => (await h.service.deps.subscriptions.findById(subscriptionId))?.status === 'canceled');
    await waitFor(() =>
      h.published.some(
        (e) => e.type === 'subscription.canceled.v1' && (e.data as { subscriptionId: string }).subscriptionId === subscriptionId,
      ),
    );
    expect((await call(h, 'POST', `/api/subscriptions/${subscriptionId}/cancel`, admin)).statusCode).toBe(409);
  });
});
