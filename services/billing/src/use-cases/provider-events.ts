import { HttpError } from '@limo/platform';
import type { ProviderEvent, SubscriptionState } from '../payments/payments.port.js';
import type { PaymentDoc } from '../repositories/payments.repository.js';
import { applyCardSetup } from './card-updates.js';
import type { UseCaseDeps } from './context.js';
import { createClaim, recordSuccess } from './payment-records.js';

/** Applies one stored provider event (consumer of payment-provider.event-received.v1). Safe to run twice, in any order. */
export async function handleProviderEvent(d: UseCaseDeps, eventId: string): Promise<void> {
  const stored = await d.webhookEvents.findById(eventId);
  if (!stored) return;
  const event = stored.event;
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const payment = await d.payments.findById(event.objectId);
      if (!payment) return;
      await recordSuccess(d, payment, event.created);
      await claimFromWebhook(d, payment);
      return;
    }
    case 'payment_intent.requires_action':
      await d.payments.markRequiresAction(event.objectId);
      return;
    case 'payment_intent.payment_failed':
      await d.payments.markFailed(event.objectId, event.paymentIntent?.lastError ?? null);
      return;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      if (event.invoice?.subscriptionId) await refreshSubscription(d, event.invoice.subscriptionId, event);
      return;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      await refreshSubscription(d, event.objectId, event);
      return;
    case 'setup_intent.succeeded': {
      // The owner's card update (Stripe): the saved card becomes the subscription's default.
      const cardSetup = (await d.registry.current()).cardSetup;
      if (event.setupIntent && cardSetup) await applyCardSetup(d, cardSetup, event.setupIntent);
      return;
    }
    default:
      d.logger.debug({ type: event.type, eventId }, 'provider event not used');
  }
}

/**
 * A claim checkout's claimer is stored with its payment, so the webhook makes the claim too: a payer
 * who never reaches the success page still gets a claim (or a refund when the company was taken).
 */
async function claimFromWebhook(d: UseCaseDeps, payment: PaymentDoc): Promise<void> {
  if (payment.purpose !== 'claim' || !payment.companyId || !payment.claimerDetails) return;
  if (await d.claims.findByPaymentIntent(payment._id)) return;
  try {
    await createClaim(d, payment, payment.userId, payment.claimerDetails, await d.registry.current());
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) return;
    throw err;
  }
}

/**
 * Brings a subscription up to date. A deletion is final and taken from the event; anything else is
 * re-read from the provider, so the order events arrive in does not matter. When the provider
 * cannot be asked, the event's own object (or an invoice's outcome) is used with its time.
 */
async function refreshSubscription(d: UseCaseDeps, id: string, event: ProviderEvent): Promise<void> {
  const stored = await d.subscriptions.findById(id);
  if (!stored) return;
  if (event.subscription?.status === 'canceled') {
    await d.subscriptions.applyProviderState(id, event.subscription, event.created);
    return;
  }
  let fresh: SubscriptionState | null = null;
  // The state read is as of the moment it was asked for: a change stored while the answer was on its
  // way (an owner's cancel) is newer and stays.
  const askedAt = new Date().toISOString();
  try {
    fresh = await (await d.registry.current()).retrieveSubscription(id);
  } catch (err) {
    d.logger.warn({ err, subscriptionId: id }, 'could not re-read the subscription; using the event');
  }
  if (fresh) await d.subscriptions.applyProviderState(id, fresh, askedAt);
  else if (event.subscription) await d.subscriptions.applyProviderState(id, event.subscription, event.created);
  else if (event.invoice) {
    const status = event.type === 'invoice.paid' ? 'active' : 'past_due';
    await d.subscriptions.applyProviderState(
      id,
      {
        id,
        status,
        customerId: stored.customerId,
        currentPeriodEnd: event.invoice.periodEnd,
        cancelAtPeriodEnd: stored.cancelAtPeriodEnd,
        canceledAt: stored.canceledAt,
        metadata: {},
      },
      event.created,
    );
  }
}
