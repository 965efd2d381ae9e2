import { beforeEach, describe, expect, it } from 'vitest';
import type { SubscriptionDoc } from '../../src/repositories/subscriptions.repository.js';
import { applyCardSetup, confirmCardSetup, startCardSetup } from '../../src/use-cases/card-updates.js';
import { refusal } from '@limo/platform/testing';
import { billingWorld, MemoryCardSetup, paidUpgrade, signedIn, type BillingWorld } from './support.js';

// The owner's card update with Stripe (POST /api/my-subscription/card, then /card/confirm or the
// setup_intent.succeeded webhook): the card saved in Stripe Elements becomes the subscription's.

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

  it('saves no card while the SetupIntent is still processing, even with its card attached', async () => {
    const started = await startCardSetup(stripe, sub);
    const processing = Object.assign((await stripe.retrieveSetupIntent(started.setupIntentId))!, {
      status: 'processing',
      paymentMethodId: 'pm_card_9999',
    });
    expect(await refusal(confirmCardSetup(w.d, stripe, sub, started.setupIntentId))).toEqual({
      status: 409,
      message: 'The new card is not confirmed yet: finish the card form first',
    });
    expect(await applyCardSetup(w.d, stripe, processing)).toBeNull();
    expect(stripe.defaults).toEqual([]);
  });

  it("answers 404 for the same customer's SetupIntent of another subscription", async () => {
    const other = await stripe.createSetupIntent({
      customerId: sub.customerId,
      metadata: { subscriptionId: 'sub_other', purpose: 'card_update' },
      idempotencyKey: 'other-subscription',
    });
    stripe.confirm(other.setupIntentId, 'pm_card_0007');
    expect(await refusal(confirmCardSetup(w.d, stripe, sub, other.setupIntentId))).toEqual({
      status: 404,
      message: 'Card update not found',
    });
    expect(stripe.defaults).toEqual([]);
  });
});
