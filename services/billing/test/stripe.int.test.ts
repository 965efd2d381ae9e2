import { expect, it } from 'vitest';
import { describeWithEngine, sharedHarness } from '@limo/platform/testing';
import { fixture, postWebhook, signed, startStripeBilling, storedCheckout, WEBHOOK_SECRET } from './stripe-fixtures.js';
import { call, claimer, claimIntent, listCompany, waitFor } from './support.js';

// The whole service on the Stripe adapter. stripe-mock checks the SDK's requests against Stripe's
// OpenAPI but keeps no state and sends no webhooks, so the lifecycle is driven by recorded event
// fixtures, signed with generateTestHeaderString and posted to our own webhook route.
describeWithEngine('billing on the Stripe adapter (stripe-mock + signed event fixtures)', 'STRIPE_MOCK_URL', (url) => {
  const h = sharedHarness(() => startStripeBilling(url));

  const post = (payload: string, signature?: string) => postWebhook(h, payload, signature);

  it('reports Stripe as the provider with its publishable key', async () => {
    expect((await call(h, 'GET', '/api/payments/config')).json()).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_fixturerun',
      testMode: true,
      testCards: [],
    });
    expect(
      (
        await call(h, 'POST', '/api/payments/simulator/confirm', undefined, {
          clientSecret: 'x',
          cardNumber: '4242424242424242',
          expiry: '12/34',
          cvc: '123',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('sends a customer and a default_incomplete subscription stripe-mock accepts; its fixture has no PaymentIntent, so a clear 502 and nothing stored', async () => {
    const company = await listCompany(h);
    const before = await h.service.deps.payments.payments.count({});
    const res = await claimIntent(h, company.id, claimer());
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The payment provider answered without a payment to confirm. Please try again.');
    expect(await h.service.deps.payments.payments.count({})).toBe(before);
  });

  it('refuses forged and stale signatures, takes a signed fixture once', async () => {
    const ids = await storedCheckout(h);
    const payload = fixture('payment_intent.succeeded', ids);
    expect((await post(payload, 't=1,v1=abc')).statusCode).toBe(401);
    expect((await post(payload, signed(payload, 'whsec_someoneelse'))).statusCode).toBe(401);
    expect((await post(payload, signed(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301))).statusCode).toBe(401);
    expect((await post(payload)).json()).toEqual({ received: true, duplicate: false });
    expect((await post(payload)).json()).toEqual({ received: true, duplicate: true });
    await waitFor(async () => ['succeeded', 'used'].includes((await h.service.deps.payments.findById(ids.pi_fixture))?.status ?? ''));
    await waitFor(() =>
      h.published.some(
        (e) => e.type === 'payment.succeeded.v1' && (e.data as { paymentIntentId: string }).paymentIntentId === ids.pi_fixture,
      ),
    );
    expect(
      h.published.filter(
        (e) => e.type === 'payment.succeeded.v1' && (e.data as { paymentIntentId: string }).paymentIntentId === ids.pi_fixture,
      ),
    ).toHaveLength(1);
  });

  it('ends canceled when customer.subscription.deleted comes before invoice.paid and subscription.updated', async () => {
    const ids = await storedCheckout(h);
    expect((await post(fixture('customer.subscription.deleted', ids))).statusCode).toBe(200);
    await waitFor(async () => (await h.service.deps.subscriptions.findById(ids.sub_fixture))?.status === 'canceled');
    expect((await post(fixture('invoice.paid', ids))).statusCode).toBe(200);
    expect((await post(fixture('customer.subscription.updated', ids))).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect((await h.service.deps.subscriptions.findById(ids.sub_fixture))?.status).toBe('canceled');
  });

  it('activates on invoice.paid (re-read from Stripe) and records a decline', async () => {
    const ids = await storedCheckout(h);
    expect((await post(fixture('payment_intent.payment_failed', ids))).statusCode).toBe(200);
    await waitFor(async () => (await h.service.deps.payments.findById(ids.pi_fixture))?.lastError === 'Your card was declined.');
    expect((await post(fixture('invoice.paid', ids))).statusCode).toBe(200);
    await waitFor(async () => (await h.service.deps.subscriptions.findById(ids.sub_fixture))?.status === 'active');
    await waitFor(() =>
      h.published.some(
        (e) => e.type === 'subscription.activated.v1' && (e.data as { subscriptionId: string }).subscriptionId === ids.sub_fixture,
      ),
    );
  });
});
