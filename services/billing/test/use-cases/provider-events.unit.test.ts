import { setTimeout as delay } from 'node:timers/promises';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CardDeclinedError, type ProviderEvent } from '../../src/payments/payments.port.js';
import { startCardSetup } from '../../src/use-cases/card-updates.js';
import { createPaymentIntent } from '../../src/use-cases/checkout.js';
import { handleProviderEvent } from '../../src/use-cases/provider-events.js';
import { cancelSubscription } from '../../src/use-cases/subscriptions.js';
import { refusal } from '@limo/platform/testing';
import { billingWorld, MemoryCardSetup, paidCheckout, paidUpgrade, signedIn, type BillingWorld } from './support.js';

// The payment provider's webhooks (POST /api/webhooks/stripe, then billing's consumer): what each event
// changes in payments, claims and subscriptions, whatever the order and however often it comes.
const claimer = { name: 'Dana Driver', email: 'dana@example.com', phone: '(303) 555-0199', role: 'owner' as const };
const card = (cardNumber: string) => ({ cardNumber, expiry: '12/40', cvc: '123' });
let seconds = 0;
/** A later time than every write before it (the provider's event time). */
const later = () => new Date(Date.now() + 60_000 + ++seconds * 1000).toISOString();

describe("the payment provider's events", () => {
  let w: BillingWorld;
  beforeEach(async () => {
    w = await billingWorld();
  });

  it('makes the claim of a paid checkout when its payer never reaches the success page', async () => {
    const companyId = await w.company({ name: 'Mile High Limousines' });
    const { paymentIntent } = await paidCheckout(w, { plan: 'claim', companyId, claimerDetails: claimer }, null);
    expect(await w.deliverWebhooks()).toContain('payment_intent.succeeded');
    const claim = await w.d.claims.findByPaymentIntent(paymentIntent);
    expect(claim).toMatchObject({ status: 'pending', companyId, claimerEmail: claimer.email, paymentAmount: 7500 });
    const payment = await w.d.payments.findById(paymentIntent);
    expect(payment).toMatchObject({ status: 'used', claimId: claim?._id });
    expect(await w.subscription(payment?.subscriptionId ?? null)).toMatchObject({ status: 'active', companyId, verification: 'pending' });
    expect(await w.events('claim.submitted.v1')).toHaveLength(1);
    expect(await w.events('payment.succeeded.v1')).toHaveLength(1);

    // The same event again changes nothing.
    await handleProviderEvent(w.d, (await w.d.webhookEvents.events.find({ 'event.type': 'payment_intent.succeeded' }))[0]._id);
    expect(await w.events('claim.submitted.v1')).toHaveLength(1);
    expect(await w.d.claims.claims.count({})).toBe(1);
  });

  it('refunds a paid claim checkout whose company was claimed meanwhile, without failing the event', async () => {
    const companyId = await w.company();
    const { paymentIntent } = await paidCheckout(w, { plan: 'claim', companyId }, signedIn('dana'));
    await w.changeOwner(companyId, 'owner-account');
    await w.deliverWebhooks();
    expect(await w.d.claims.findByPaymentIntent(paymentIntent)).toBeNull();
    expect(await w.d.payments.findById(paymentIntent)).toMatchObject({
      status: 'refunded',
      refunds: [expect.objectContaining({ amount: 7500, reason: 'claimed meanwhile' })],
    });
  });

  it('records a declined card, then the 3-D Secure step, on the payment', async () => {
    const dana = signedIn('dana');
    const declined = await createPaymentIntent(w.d, { plan: 'claim', companyId: await w.company() }, dana, { warn: () => undefined });
    expect(() => w.simulator.confirm({ clientSecret: declined.clientSecret, ...card('4000000000000002') })).toThrow(CardDeclinedError);
    expect(await w.deliverWebhooks()).toContain('payment_intent.payment_failed');
    expect(await w.d.payments.findById(declined.paymentIntentId)).toMatchObject({ status: 'failed', lastError: 'Your card was declined.' });

    const secure = await createPaymentIntent(w.d, { plan: 'claim', companyId: await w.company() }, dana, { warn: () => undefined });
    w.simulator.confirm({ clientSecret: secure.clientSecret, ...card('4000002500003155') });
    expect(await w.deliverWebhooks()).toContain('payment_intent.requires_action');
    expect(await w.d.payments.findById(secure.paymentIntentId)).toMatchObject({ status: 'requires_action' });
    w.simulator.confirm({ clientSecret: secure.clientSecret, ...card('4000002500003155'), authenticate: true });
    await w.deliverWebhooks();
    expect(await w.d.payments.findById(secure.paymentIntentId)).toMatchObject({ status: 'used' });
  });

  it('keeps the subscription as the provider has it: renewed, past due, then paid again', async () => {
    const dana = signedIn('dana');
    const { companyId, subscriptionId } = await paidUpgrade(w, dana);
    const paid = await w.subscription(subscriptionId);
    expect(paid).toMatchObject({ status: 'active', userId: dana.id, companyId, cancelAtPeriodEnd: false });
    const firstYearEnds = Date.parse(paid?.currentPeriodEnd ?? '');

    w.simulator.advance(366 * 24 * 3600 * 1000, { renewalFails: true });
    await w.deliverWebhooks();
    expect(await w.subscription(subscriptionId)).toMatchObject({ status: 'past_due' });

    w.simulator.updateCard(subscriptionId, card('4242424242424242'));
    await w.deliverWebhooks();
    const renewed = await w.subscription(subscriptionId);
    expect(renewed).toMatchObject({ status: 'active' });
    expect(Date.parse(renewed?.currentPeriodEnd ?? '')).toBeGreaterThan(firstYearEnds);
  });

  it('cancels an active subscription at the end of its year, an unpaid one at once, and an ended one never again', async () => {
    const dana = signedIn('dana');
    const { subscriptionId } = await paidUpgrade(w, dana);
    await cancelSubscription(w.d, subscriptionId);
    expect(await w.subscription(subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    // Asked again (an admin's second click): still ends with its year.
    await cancelSubscription(w.d, subscriptionId);
    expect(await w.subscription(subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    const unpaid = await createPaymentIntent(w.d, { plan: 'listing', companyId: await w.company({ userId: dana.id }) }, dana, {
      warn: () => undefined,
    });
    await cancelSubscription(w.d, unpaid.subscriptionId ?? '');
    expect(await w.subscription(unpaid.subscriptionId)).toMatchObject({ status: 'canceled' });
    expect(await refusal(cancelSubscription(w.d, unpaid.subscriptionId ?? ''))).toEqual({
      status: 409,
      message: 'This subscription has already ended',
    });
    expect(await refusal(cancelSubscription(w.d, 'sub_unknown'))).toEqual({ status: 404, message: 'Subscription not found' });
  });

  it("keeps an owner's cancel when a webhook's re-read of the subscription, asked before it, answers after it", async () => {
    const { subscriptionId } = await paidUpgrade(w, signedIn('dana'));
    const [event] = await w.d.webhookEvents.events.find({ 'event.type': { $in: ['invoice.paid', 'customer.subscription.updated'] } });
    const provider = await w.d.registry.current();
    const retrieve = provider.retrieveSubscription.bind(provider);
    // The provider answers the re-read as it was when asked (active), after the owner's cancel is stored.
    provider.retrieveSubscription = async (id) => {
      const asked = await retrieve(id);
      await delay(5);
      await cancelSubscription(w.d, subscriptionId);
      return asked;
    };
    await handleProviderEvent(w.d, event._id).finally(() => (provider.retrieveSubscription = retrieve));
    expect(await w.subscription(subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  });

  it('cannot cancel a checkout whose subscription expired unpaid: there is nothing left to end', async () => {
    const dana = signedIn('dana');
    const unpaid = await createPaymentIntent(w.d, { plan: 'listing', companyId: await w.company({ userId: dana.id }) }, dana, {
      warn: () => undefined,
    });
    const id = unpaid.subscriptionId ?? '';
    await w.d.subscriptions.subscriptions.updateOne({ _id: id }, { $set: { status: 'incomplete_expired' } });
    expect(await refusal(cancelSubscription(w.d, id))).toEqual({
      status: 409,
      message: 'A subscription that is incomplete expired cannot be canceled',
    });
    expect(await w.subscription(id)).toMatchObject({ status: 'incomplete_expired' });
  });

  it('ignores events about payments and subscriptions billing does not hold, and events it does not use', async () => {
    await w.d.webhookEvents.record('simulator', {
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      created: new Date().toISOString(),
      objectId: 'pi_other',
    });
    await w.d.webhookEvents.record('simulator', {
      id: 'evt_2',
      type: 'customer.subscription.updated',
      created: new Date().toISOString(),
      objectId: 'sub_other',
    });
    await w.d.webhookEvents.record('simulator', {
      id: 'evt_3',
      type: 'charge.refunded',
      created: new Date().toISOString(),
      objectId: 'ch_1',
    });
    for (const id of ['evt_1', 'evt_2', 'evt_3', 'evt_unknown']) await handleProviderEvent(w.d, id);
    expect(await w.d.payments.payments.count({})).toBe(0);
    expect(await w.d.subscriptions.subscriptions.count({})).toBe(0);
  });

  /** The provider's event `fields`, stored as the webhook route stores it, then applied. */
  const deliver = async (fields: Omit<ProviderEvent, 'id' | 'created'>): Promise<void> => {
    const id = `evt_${++seconds}`;
    await w.d.webhookEvents.record('simulator', { id, created: later(), ...fields });
    await handleProviderEvent(w.d, id);
  };
  const invoice = (subscriptionId: string | null, periodEnd: string | null) => ({
    id: 'in_1',
    subscriptionId,
    status: null,
    amountPaid: 0,
    periodEnd,
  });

  it("takes an invoice's outcome and a subscription event's object when the provider cannot be asked", async () => {
    const { subscriptionId } = await paidUpgrade(w, signedIn('dana'));
    vi.spyOn(w.simulator, 'retrieveSubscription').mockRejectedValue(new Error('the provider is down'));
    const renewal = '2028-06-01T00:00:00.000Z';
    await deliver({ type: 'invoice.payment_failed', objectId: 'in_1', invoice: invoice(subscriptionId, renewal) });
    expect(await w.subscription(subscriptionId)).toMatchObject({ status: 'past_due' });
    await deliver({ type: 'invoice.paid', objectId: 'in_1', invoice: invoice(subscriptionId, renewal) });
    expect(await w.subscription(subscriptionId)).toMatchObject({ status: 'active', currentPeriodEnd: renewal });

    // An invoice of no subscription, without its invoice, or of one billing does not hold changes nothing.
    await deliver({ type: 'invoice.payment_failed', objectId: 'in_2', invoice: invoice(null, null) });
    await deliver({ type: 'invoice.payment_failed', objectId: 'in_3' });
    await deliver({ type: 'invoice.payment_failed', objectId: 'in_4', invoice: invoice('sub_other', null) });
    expect(await w.subscription(subscriptionId)).toMatchObject({ status: 'active' });

    const state = { id: subscriptionId, customerId: null, currentPeriodEnd: renewal, canceledAt: null, metadata: {} };
    await deliver({
      type: 'customer.subscription.created',
      objectId: subscriptionId,
      subscription: { ...state, status: 'active', cancelAtPeriodEnd: true },
    });
    expect(await w.subscription(subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  });

  it('ends a subscription on its deletion event even when the provider still reads it active', async () => {
    const { subscriptionId } = await paidUpgrade(w, signedIn('dana'));
    const active = await w.simulator.retrieveSubscription(subscriptionId);
    if (!active) throw new Error('the simulator lost the subscription');
    vi.spyOn(w.simulator, 'retrieveSubscription').mockResolvedValue(active);
    const canceledAt = later();
    await deliver({
      type: 'customer.subscription.deleted',
      objectId: subscriptionId,
      subscription: { ...active, status: 'canceled', canceledAt },
    });
    expect(await w.subscription(subscriptionId)).toMatchObject({ status: 'canceled', canceledAt });
  });

  it("records a failed payment without the provider's error when the event carries none", async () => {
    const started = await createPaymentIntent(w.d, { plan: 'claim', companyId: await w.company() }, signedIn('dana'), {
      warn: () => undefined,
    });
    await deliver({ type: 'payment_intent.payment_failed', objectId: started.paymentIntentId });
    expect(await w.d.payments.findById(started.paymentIntentId)).toMatchObject({ status: 'failed', lastError: null });
  });

  it("saves a Stripe card update's card from its webhook, and nothing with a provider that has no card setup", async () => {
    const { subscriptionId } = await paidUpgrade(w, signedIn('dana'));
    const stripe = new MemoryCardSetup();
    const sub = await w.subscription(subscriptionId);
    const done = stripe.confirm((await startCardSetup(stripe, sub!)).setupIntentId, 'pm_card_4444');
    await deliver({ type: 'setup_intent.succeeded', objectId: done.id, setupIntent: done });
    expect(stripe.defaults).toEqual([]);

    Object.assign(w.simulator, { cardSetup: stripe });
    await deliver({ type: 'setup_intent.succeeded', objectId: done.id });
    expect(stripe.defaults).toEqual([]);
    await deliver({ type: 'setup_intent.succeeded', objectId: done.id, setupIntent: done });
    expect(stripe.defaults).toEqual([{ subscriptionId, paymentMethodId: 'pm_card_4444' }]);
    expect(await w.subscription(subscriptionId)).toMatchObject({ card: { brand: 'visa', last4: '4444' } });
  });

  it('fails the event when the refund of a claim checkout for a taken company fails, and refunds it when retried', async () => {
    const companyId = await w.company();
    const { paymentIntent } = await paidCheckout(w, { plan: 'claim', companyId }, signedIn('dana'));
    await w.changeOwner(companyId, 'owner-account');
    const refund = vi.spyOn(w.simulator, 'refundPayment').mockRejectedValueOnce(new Error('the provider is down'));
    await expect(w.deliverWebhooks()).rejects.toThrow('the provider is down');
    expect(await w.d.payments.findById(paymentIntent)).toMatchObject({ refunds: [] });

    refund.mockRestore();
    const [stored] = await w.d.webhookEvents.events.find({ 'event.type': 'payment_intent.succeeded' });
    await handleProviderEvent(w.d, stored._id);
    expect(await w.d.payments.findById(paymentIntent)).toMatchObject({
      status: 'refunded',
      refunds: [expect.objectContaining({ amount: 7500, reason: 'claimed meanwhile' })],
    });
  });
});
