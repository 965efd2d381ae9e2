import { describe, expect, it, vi } from 'vitest';
import { describeWithEngine, sharedHarness } from '@limo/platform/testing';
import { fixture, postWebhook, startRecordedStripeBilling, storedCheckout } from '../../stripe-fixtures.js';
import { call, startBilling, userOf, waitFor, type Harness } from '../../support.js';
import { approve, mailsTo, ownerWithPaidClaim } from '../billing-flow.js';

const renewalNotices = async (h: Harness, to: string) => (await h.ctx.outbox()).filter((m) => m.to === to && m.tag === 'renewal-reminder');

// POST /api/webhooks/stripe with Stripe's own event shapes. The simulator's service verifies the same
// signatures, so the Stripe-format events run here without an engine; the rest needs stripe-mock.
describe('POST /api/webhooks/stripe: invoice.upcoming as Stripe sends it (its invoice has no id)', () => {
  const h = sharedHarness(() => startBilling());

  it('mails the "renews in 7 days" notice once per period, also when the event is redelivered or sent again', async () => {
    const { email, claimId, subscriptionId, company } = await ownerWithPaidClaim(h);
    await approve(h, claimId);
    const payload = fixture('invoice.upcoming', { sub_fixture: subscriptionId });
    const post = (body: string) =>
      call(h, 'POST', '/api/webhooks/stripe', undefined, body, { 'stripe-signature': h.simulator().sign(body) });
    expect((await post(payload)).json()).toEqual({ received: true, duplicate: false });
    const [notice] = await mailsTo(h, email, 'renewal-reminder');
    expect(notice.subject).toMatch(/^Your LimoDirectory subscription renews on /);
    expect(notice.text).toContain(company.name);
    expect(notice.text).toContain('$75.00');

    expect((await post(payload)).json()).toEqual({ received: true, duplicate: true });
    expect((await post(fixture('invoice.upcoming', { sub_fixture: subscriptionId }))).json()).toEqual({ received: true, duplicate: false });
    await new Promise((r) => setTimeout(r, 300));
    expect(await renewalNotices(h, email)).toHaveLength(1);
  });
});

describeWithEngine('POST /api/webhooks/stripe on the Stripe adapter (stripe-mock + signed fixtures)', 'STRIPE_MOCK_URL', (url) => {
  const h = sharedHarness(() => startRecordedStripeBilling(url));

  it("setup_intent.succeeded: the card becomes the customer's and the subscription's default and the owner sees it; a redelivery changes nothing", async () => {
    const ids = await storedCheckout(h, { status: 'active', userId: 'owner-seti' });
    await h.service.deps.subscriptions.setCard(ids.sub_fixture, { brand: 'mastercard', last4: '4444' });
    const owner = userOf(h, 'business', 'owner-seti');
    const payload = fixture('setup_intent.succeeded', ids);
    expect((await postWebhook(h, payload)).json()).toEqual({ received: true, duplicate: false });
    await waitFor(async () => (await h.service.deps.subscriptions.findById(ids.sub_fixture))?.card?.last4 === '4242');

    const customerUpdate = h.stripe.requests.find((r) => r.method === 'POST' && r.path === `/v1/customers/${ids.cus_fixture}`);
    expect(customerUpdate?.form.get('invoice_settings[default_payment_method]')).toBe(ids.pm_fixture);
    const subscriptionUpdate = h.stripe.requests.find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${ids.sub_fixture}`);
    expect(subscriptionUpdate?.form.get('default_payment_method')).toBe(ids.pm_fixture);
    const mine = await call(h, 'GET', '/api/my-subscription', owner);
    expect(mine.json().card).toEqual({ brand: 'visa', last4: '4242' });

    const version = (await h.service.deps.subscriptions.findById(ids.sub_fixture))!.version;
    expect((await postWebhook(h, payload)).json()).toEqual({ received: true, duplicate: true });
    await new Promise((r) => setTimeout(r, 200));
    expect((await h.service.deps.subscriptions.findById(ids.sub_fixture))!.version).toBe(version);
  });

  it("setup_intent.succeeded of another customer's subscription changes nothing", async () => {
    const ids = await storedCheckout(h, { status: 'active' });
    const other = await storedCheckout(h, { status: 'active' });
    const payload = fixture('setup_intent.succeeded', { ...ids, sub_fixture: other.sub_fixture });
    expect((await postWebhook(h, payload)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect((await h.service.deps.subscriptions.findById(other.sub_fixture))!.card).toBeUndefined();
    expect(h.stripe.requests.some((r) => r.path === `/v1/subscriptions/${other.sub_fixture}` && r.method === 'POST')).toBe(false);
  });

  it('invoice.upcoming mails the renewal notice once per period', async () => {
    const email = `renews-${Date.now()}@example.com`;
    const periodEnd = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const ids = await storedCheckout(h, { status: 'active', email, userId: null, currentPeriodEnd: periodEnd });
    // stripe-mock answers every subscription as cancelled at period end: Stripe's answer for ours is an active one.
    const provider = await h.service.deps.registry.current();
    vi.spyOn(provider, 'retrieveSubscription').mockImplementation(async (id) => ({
      id,
      status: 'active',
      customerId: ids.cus_fixture,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      metadata: {},
    }));
    try {
      expect((await postWebhook(h, fixture('invoice.upcoming', ids))).statusCode).toBe(200);
      const [notice] = await mailsTo(h, email, 'renewal-reminder');
      expect(notice.text).toContain('$75.00');
      expect((await postWebhook(h, fixture('invoice.upcoming', ids))).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(await renewalNotices(h, email)).toHaveLength(1);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
