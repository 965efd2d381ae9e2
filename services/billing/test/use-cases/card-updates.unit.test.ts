import { beforeEach, describe, expect, it } from 'vitest';
import type { CardSetupPort, CardView, SetupIntentView } from '../../src/payments/payments.port.js';
import type { SubscriptionDoc } from '../../src/repositories/subscriptions.repository.js';
import { applyCardSetup, confirmCardSetup, startCardSetup } from '../../src/use-cases/card-updates.js';
import { refusal } from '@limo/platform/testing';
import { billingWorld, paidUpgrade, signedIn, type BillingWorld } from './support.js';

// The owner's card update with Stripe (POST /api/my-subscription/card, then /card/confirm or the
// setup_intent.succeeded webhook): the card saved in Stripe Elements becomes the subscription's.

/** Stripe's SetupIntents in memory: created once per idempotency key, succeeded when the browser confirms. */
class MemoryCardSetup implements CardSetupPort {
  private readonly intents = new Map<string, SetupIntentView>();
  private readonly byKey = new Map<string, string>();
  readonly defaults: { subscriptionId: string; paymentMethodId: string }[] = [];

  async createSetupIntent(input: { customerId: string; metadata: Record<string, string>; idempotencyKey: string }) {
    const id = this.byKey.get(input.idempotencyKey) ?? `seti_${this.intents.size + 1}`;
    this.byKey.set(input.idempotencyKey, id);
    if (!this.intents.has(id))
      this.intents.set(id, {
        id,
        status: 'requires_payment_method',
        customerId: input.customerId,
        paymentMethodId: null,
        metadata: input.metadata,
      });
    return { setupIntentId: id, clientSecret: `${id}_secret` };
  }

  async retrieveSetupIntent(id: string): Promise<SetupIntentView | null> {
    return this.intents.get(id) ?? null;
  }

  async makeDefaultPaymentMethod(input: { subscriptionId: string; paymentMethodId: string }): Promise<CardView | null> {
    this.defaults.push({ subscriptionId: input.subscriptionId, paymentMethodId: input.paymentMethodId });
    return { brand: 'visa', last4: input.paymentMethodId.slice(-4) };
  }

  /** The browser confirmed the card form with card `paymentMethodId`. */
  confirm(id: string, paymentMethodId: string): SetupIntentView {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no SetupIntent ${id}`);
    Object.assign(intent, { status: 'succeeded', paymentMethodId });
    return intent;
  }
}

describe("an owner's card update", () => {
  let w: BillingWorld;
  let stripe: MemoryCardSetup;
  let sub: SubscriptionDoc;
  beforeEach(async () => {
    w = await billingWorld();
    stripe = new MemoryCardSetup();
    const found = await w.subscription((await paidUpgrade(w, signedIn('dana'))).subscriptionId);
    if (!found) throw new Error('the paid checkout made no subscription');
    sub = found;
  });

  it("saves the confirmed card as the subscription's, and starts a new update after it", async () => {
    const started = await startCardSetup(stripe, sub);
    expect(await startCardSetup(stripe, sub)).toEqual(started);
    expect(await refusal(confirmCardSetup(w.d, stripe, sub, started.setupIntentId))).toEqual({
      status: 409,
      message: 'The new card is not confirmed yet: finish the card form first',
    });

    stripe.confirm(started.setupIntentId, 'pm_card_1881');
    const saved = await confirmCardSetup(w.d, stripe, sub, started.setupIntentId);
    expect(saved.card).toEqual({ brand: 'visa', last4: '1881' });
    expect(stripe.defaults).toEqual([{ subscriptionId: sub._id, paymentMethodId: 'pm_card_1881' }]);
    expect((await startCardSetup(stripe, saved)).setupIntentId).not.toBe(started.setupIntentId);
  });

  it("answers 404 for a SetupIntent that is not this subscription's card update", async () => {
    const notFound = { status: 404, message: 'Card update not found' };
    expect(await refusal(confirmCardSetup(w.d, stripe, sub, 'seti_unknown'))).toEqual(notFound);
    const other = await stripe.createSetupIntent({
      customerId: sub.customerId,
      metadata: { subscriptionId: sub._id, purpose: 'something_else' },
      idempotencyKey: 'other',
    });
    stripe.confirm(other.setupIntentId, 'pm_card_0005');
    expect(await refusal(confirmCardSetup(w.d, stripe, sub, other.setupIntentId))).toEqual(notFound);
    const strangers = await stripe.createSetupIntent({
      customerId: 'cus_stranger',
      metadata: { subscriptionId: sub._id, purpose: 'card_update' },
      idempotencyKey: 'stranger',
    });
    const succeeded = stripe.confirm(strangers.setupIntentId, 'pm_card_0006');
    expect(await refusal(confirmCardSetup(w.d, stripe, sub, strangers.setupIntentId))).toEqual(notFound);
    // Its webhook changes nothing either.
    expect(await applyCardSetup(w.d, stripe, succeeded)).toBeNull();
    expect(stripe.defaults).toEqual([]);
  });

  it('applies the webhook of a finished update once the SetupIntent succeeded, and nothing before', async () => {
    const started = await startCardSetup(stripe, sub);
    const pending = await stripe.retrieveSetupIntent(started.setupIntentId);
    expect(await applyCardSetup(w.d, stripe, pending!)).toBeNull();
    const done = stripe.confirm(started.setupIntentId, 'pm_card_4444');
    expect(await applyCardSetup(w.d, stripe, done)).toMatchObject({ _id: sub._id, card: { last4: '4444' } });
    expect(await applyCardSetup(w.d, stripe, { ...done, metadata: {} })).toBeNull();
    expect(await applyCardSetup(w.d, stripe, { ...done, metadata: { ...done.metadata, subscriptionId: 'sub_unknown' } })).toBeNull();
  });
});
