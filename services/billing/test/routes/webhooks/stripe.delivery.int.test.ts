import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isPaid } from '../../../src/domain/lifecycle.js';
import { call, checkoutAndPay, claimer, claimIntent, listCompany, sharedHarness, startBilling, waitFor } from '../../support.js';

const h = sharedHarness(() => startBilling());

const subscriptionObject = (id: string, status: string, periodEnd = Math.floor(Date.now() / 1000) + 365 * 86400) => ({
  id,
  object: 'subscription',
  status,
  customer: 'cus_x',
  cancel_at_period_end: false,
  canceled_at: status === 'canceled' ? Math.floor(Date.now() / 1000) : null,
  metadata: {},
  items: { data: [{ current_period_end: periodEnd }] },
});
const eventOf = (type: string, object: object, id = `evt_test${randomUUID().replace(/-/g, '')}`) =>
  JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
const post = (payload: string, signature?: string) =>
  call(h, 'POST', '/api/webhooks/stripe', undefined, payload, signature ? { 'stripe-signature': signature } : {});
describe('POST /api/webhooks/stripe', () => {
  it('refuses a forged, stale, missing or mismatched signature with 401 and stores nothing', async () => {
    const payload = eventOf('customer.subscription.deleted', subscriptionObject('sub_forged', 'canceled'));
    const before = await h.service.deps.webhookEvents.events.count({});
    const sim = h.simulator();
    for (const signature of [
      undefined,
      't=1700000000,v1=0000000000000000000000000000000000000000000000000000000000000000',
      sim.sign(payload, Math.floor(Date.now() / 1000) - 301),
      sim.sign(payload.replace('sub_forged', 'sub_other')),
    ]) {
      const res = await post(payload, signature);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid webhook signature');
    }
    expect((await post('not json at all', 'v1=x')).statusCode).toBe(401);
    expect(await h.service.deps.webhookEvents.events.count({})).toBe(before);
  });

  it('handles a replayed event once: the second delivery answers duplicate and changes nothing', async () => {
    const company = await listCompany(h);
    const { paymentIntentId, subscriptionId } = await checkoutAndPay(h, company.id);
    await h.simulator().idle();
    await waitFor(async () => isPaid((await h.service.deps.payments.findById(paymentIntentId))?.status ?? 'created'));
    const payload = eventOf('customer.subscription.deleted', subscriptionObject(subscriptionId, 'canceled'));
    const signature = h.simulator().sign(payload);
    const first = await post(payload, signature);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    await waitFor(async () => (await h.service.deps.subscriptions.findById(subscriptionId))?.status === 'canceled');
    const stored = await h.service.deps.subscriptions.findById(subscriptionId);
    const replay = await post(payload, h.simulator().sign(payload));
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(await h.service.deps.subscriptions.findById(subscriptionId)).toEqual(stored);
    expect(
      h.published.filter(
        (e) => e.type === 'payment.succeeded.v1' && (e.data as { paymentIntentId: string }).paymentIntentId === paymentIntentId,
      ),
    ).toHaveLength(1);
  });

  it('ends canceled when customer.subscription.deleted arrives before invoice.paid', async () => {
    const company = await listCompany(h);
    const intent = await claimIntent(h, company.id, claimer());
    const { clientSecret, subscriptionId } = intent.json();
    const deleted = eventOf('customer.subscription.deleted', subscriptionObject(subscriptionId, 'canceled'));
    expect((await post(deleted, h.simulator().sign(deleted))).statusCode).toBe(200);
    await waitFor(async () => (await h.service.deps.subscriptions.findById(subscriptionId))?.status === 'canceled');
    // The payment goes through afterwards: the simulator sends invoice.paid and subscription.updated (active).
    expect(
      (
        await call(h, 'POST', '/api/payments/simulator/confirm', undefined, {
          clientSecret,
          cardNumber: '4242424242424242',
          expiry: '12/34',
          cvc: '123',
        })
      ).statusCode,
    ).toBe(200);
    await h.simulator().idle();
    const invoicePaid = eventOf('invoice.paid', {
      id: 'in_late',
      object: 'invoice',
      status: 'paid',
      amount_paid: 7500,
      parent: { subscription_details: { subscription: subscriptionId } },
    });
    expect((await post(invoicePaid, h.simulator().sign(invoicePaid))).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect((await h.service.deps.subscriptions.findById(subscriptionId))?.status).toBe('canceled');
  });

  it('creates exactly one claim and one payment.succeeded.v1 when the page races duplicated webhooks', async () => {
    const racing = await startBilling({}, { simulator: { duplicateRate: 1, retryDelayMs: 5 } });
    try {
      const company = await listCompany(racing);
      const { paymentIntentId, clientSecret } = await checkoutAndPay(racing, company.id);
      const body = {
        paymentIntent: paymentIntentId,
        plan: 'claim',
        companyId: company.id,
        claimerDetails: claimer(),
        paymentIntentClientSecret: clientSecret,
      };
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => call(racing, 'POST', '/api/process-payment-success', undefined, body)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.json().claimId)).size).toBe(1);
      await racing.simulator().idle();
      await new Promise((r) => setTimeout(r, 200));
      expect(await racing.service.deps.claims.claims.count({ companyId: company.id })).toBe(1);
      expect(racing.published.filter((e) => e.type === 'payment.succeeded.v1')).toHaveLength(1);
      expect(racing.published.filter((e) => e.type === 'claim.submitted.v1')).toHaveLength(1);
    } finally {
      await racing.close();
    }
  });
});
