import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithEngine } from '@limo/platform/testing';
import { call, claimer, listCompany, startBilling, waitFor, type Harness } from './support.js';

const WEBHOOK_SECRET = 'whsec_stripefixturetest';
const fixtures = JSON.parse(readFileSync(new URL('./fixtures/stripe-events.json', import.meta.url), 'utf8')) as Record<
  string,
  { id: string; created: number; data: { object: Record<string, unknown> } }
>;
const signer = new Stripe('sk_test_signer');

// The whole service on the Stripe adapter. stripe-mock checks the SDK's requests against Stripe's
// OpenAPI but keeps no state and sends no webhooks, so the lifecycle is driven by recorded event
// fixtures, signed with generateTestHeaderString and posted to our own webhook route.
describeWithEngine('billing on the Stripe adapter (stripe-mock + signed event fixtures)', 'STRIPE_MOCK_URL', (url) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startBilling(
      {},
      {
        env: {
          STRIPE_SECRET_KEY: 'sk_test_fixturerun',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_fixturerun',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_URL: url,
        },
      },
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A fixture with fresh ids for this run, its created time now. */
  const fixture = (type: string, ids: Record<string, string>) => {
    let text = JSON.stringify({ ...fixtures[type], id: `evt_${randomUUID().replace(/-/g, '')}`, created: Math.floor(Date.now() / 1000) });
    for (const [from, to] of Object.entries(ids)) text = text.split(from).join(to);
    return text;
  };
  const post = (payload: string, signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) =>
    call(h, 'POST', '/api/webhooks/stripe', undefined, payload, { 'stripe-signature': signature });

  /** A checkout as create-payment-intent would have stored it (stripe-mock's invoice has no PaymentIntent to start one for real). */
  async function storedCheckout() {
    const n = randomUUID().replace(/-/g, '').slice(0, 12);
    const ids = { pi_fixture: `pi_${n}`, sub_fixture: `sub_${n}`, cus_fixture: `cus_${n}`, company_fixture: randomUUID() };
    const now = new Date().toISOString();
    await h.service.deps.payments.insert({
      _id: ids.pi_fixture,
      provider: 'stripe',
      purpose: 'claim',
      plan: 'claim',
      amount: 7500,
      currency: 'usd',
      companyId: ids.company_fixture,
      userId: null,
      customerId: ids.cus_fixture,
      subscriptionId: ids.sub_fixture,
      status: 'open',
      lastError: null,
      listingEmail: null,
      listingName: null,
      createdAt: now,
      succeededAt: null,
    });
    await h.service.deps.subscriptions.insert({
      _id: ids.sub_fixture,
      provider: 'stripe',
      companyId: ids.company_fixture,
      userId: 'owner-1',
      customerId: ids.cus_fixture,
      paymentIntentId: ids.pi_fixture,
      email: null,
      amount: 7500,
      status: 'incomplete',
      statusAt: now,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      createdAt: now,
    });
    return ids;
  }

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
    const res = await call(h, 'POST', '/api/create-payment-intent', undefined, {
      plan: 'claim',
      companyId: company.id,
      claimerDetails: claimer(),
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The payment provider answered without a payment to confirm. Please try again.');
    expect(await h.service.deps.payments.payments.count({})).toBe(before);
  });

  it('refuses forged and stale signatures, takes a signed fixture once', async () => {
    const ids = await storedCheckout();
    const payload = fixture('payment_intent.succeeded', ids);
    expect((await post(payload, 't=1,v1=abc')).statusCode).toBe(401);
    expect((await post(payload, signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someoneelse' }))).statusCode).toBe(401);
    expect(
      (
        await post(
          payload,
          signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 301 }),
        )
      ).statusCode,
    ).toBe(401);
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
    const ids = await storedCheckout();
    expect((await post(fixture('customer.subscription.deleted', ids))).statusCode).toBe(200);
    await waitFor(async () => (await h.service.deps.subscriptions.findById(ids.sub_fixture))?.status === 'canceled');
    expect((await post(fixture('invoice.paid', ids))).statusCode).toBe(200);
    expect((await post(fixture('customer.subscription.updated', ids))).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect((await h.service.deps.subscriptions.findById(ids.sub_fixture))?.status).toBe('canceled');
  });

  it('activates on invoice.paid (re-read from Stripe) and records a decline', async () => {
    const ids = await storedCheckout();
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
