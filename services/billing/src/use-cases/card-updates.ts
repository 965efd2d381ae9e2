import { conflict, notFound } from '@limo/platform';
import type { CardSetupPort, SetupIntentView } from '../payments/payments.port.js';
import type { SubscriptionDoc } from '../repositories/subscriptions.repository.js';
import type { UseCaseDeps } from './context.js';

/** What a card update reads and writes. */
type CardDeps = Pick<UseCaseDeps, 'subscriptions' | 'logger'>;

/**
 * The owner's card update on Stripe: a SetupIntent (usage `off_session`) for the subscription's
 * customer, confirmed by Stripe Elements in the browser; once it succeeded (the page's confirm call or
 * the `setup_intent.succeeded` webhook, whichever comes first, both safe to repeat) its payment method
 * becomes the customer's and the subscription's default, and the subscription shows its card.
 */

export const CARD_UPDATE_MESSAGES = {
  started: 'Enter the new card to save it',
  saved: 'Card updated: your renewals are charged to it',
  notFound: 'Card update not found',
  notConfirmed: 'The new card is not confirmed yet: finish the card form first',
} as const;

/** What a SetupIntent of ours carries in its metadata. */
const PURPOSE = 'card_update';

/** Starts a card update: the SetupIntent's id and the client secret Stripe Elements confirms. */
export async function startCardSetup(
  cardSetup: CardSetupPort,
  sub: SubscriptionDoc,
): Promise<{ setupIntentId: string; clientSecret: string }> {
  return cardSetup.createSetupIntent({
    customerId: sub.customerId,
    metadata: { subscriptionId: sub._id, purpose: PURPOSE },
    // One SetupIntent per version of the subscription: a second click reuses it; a saved card starts a new one.
    idempotencyKey: `card-setup:${sub._id}:${sub.version}`,
  });
}

/** The page's confirm: the SetupIntent must be this subscription's (else 404) and succeeded (else 409). */
export async function confirmCardSetup(
  d: CardDeps,
  cardSetup: CardSetupPort,
  sub: SubscriptionDoc,
  setupIntentId: string,
): Promise<SubscriptionDoc> {
  const setup = await cardSetup.retrieveSetupIntent(setupIntentId);
  if (!setup || !belongsTo(setup, sub)) throw notFound(CARD_UPDATE_MESSAGES.notFound);
  if (setup.status !== 'succeeded' || !setup.paymentMethodId) throw conflict(CARD_UPDATE_MESSAGES.notConfirmed);
  return (await applyCardSetup(d, cardSetup, setup)) ?? sub;
}

/**
 * Makes a succeeded SetupIntent's card the default of its subscription (and customer) and stores the
 * card. Returns the subscription, or null when the SetupIntent is not a finished card update of ours.
 */
export async function applyCardSetup(d: CardDeps, cardSetup: CardSetupPort, setup: SetupIntentView): Promise<SubscriptionDoc | null> {
  const subscriptionId = setup.metadata.subscriptionId;
  if (setup.status !== 'succeeded' || !setup.paymentMethodId || !subscriptionId) return null;
  const sub = await d.subscriptions.findById(subscriptionId);
  if (!sub || !belongsTo(setup, sub)) {
    d.logger.warn({ setupIntentId: setup.id, subscriptionId }, 'card update ignored: not a SetupIntent of this subscription');
    return null;
  }
  const card = await cardSetup.makeDefaultPaymentMethod({
    customerId: sub.customerId,
    subscriptionId: sub._id,
    paymentMethodId: setup.paymentMethodId,
    idempotencyKey: `card-default:${setup.id}`,
  });
  // Stored even when unchanged: the new version makes the next update start a new SetupIntent.
  return card ? ((await d.subscriptions.setCard(sub._id, card)) ?? sub) : sub;
}

function belongsTo(setup: SetupIntentView, sub: SubscriptionDoc): boolean {
  return setup.customerId === sub.customerId && setup.metadata.subscriptionId === sub._id && setup.metadata.purpose === PURPOSE;
}
