import {
  CLAIM_PLAN,
  type ClaimApprovedV1,
  type ClaimSubmittedV1,
  type PaymentProviderEventReceivedV1,
  type PaymentPurpose,
  type PaymentSucceededV1,
} from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import {
  claimApprovedMail,
  claimSubmittedMail,
  paymentFailedMail,
  receiptMail,
  renewalReminderMail,
  subscriptionCancelledMail,
} from '../mails/billing-mails.js';
import type { CardView, ProviderEvent } from '../payments/payments.port.js';
import { receiptNumberOf } from '../repositories/ledger.repository.js';
import type { WebhookEventsRepository } from '../repositories/webhook-events.repository.js';
import type { BillingFacts } from '../use-cases/billing-facts.js';
import { cancellationMailKey } from '../use-cases/my-subscription.js';

/**
 * Billing's mails, sent where their events happen. Each consumer group is idempotent and each mail
 * carries a key derived from the payment, claim, invoice or cancellation, so a redelivered event (or
 * the same fact reported by the route and by the provider) mails once.
 */

/** The receipt of a charge, recorded for the Billing tab and mailed. */
async function sendReceipt(
  facts: BillingFacts,
  r: { id: string; subscriptionId: string; amount: number; paidAt: string; renewal: boolean; periodEnd: string | null },
): Promise<void> {
  const d = facts.d;
  const sub = await d.subscriptions.findById(r.subscriptionId);
  const first = sub ? await d.payments.findById(sub.paymentIntentId) : null;
  const to = sub ? await facts.subscriptionEmail(sub) : first && (await facts.payerEmail(first));
  const provider = await d.registry.current();
  let card: CardView | null = null;
  let periodEnd = r.periodEnd;
  try {
    card = (await provider.retrievePaymentIntent(r.id))?.card ?? null;
    periodEnd ??= (await provider.retrieveSubscription(r.subscriptionId))?.currentPeriodEnd ?? null;
  } catch (err) {
    d.logger.warn({ err, paymentIntentId: r.id }, 'receipt without the card: the provider did not answer');
  }
  const purpose: PaymentPurpose = first?.purpose ?? 'claim';
  const companyName = await facts.companyName(sub?.companyId ?? first?.companyId ?? null, sub?.paymentIntentId);
  const receiptNumber = receiptNumberOf(r.id);
  await d.ledger.recordReceipt({
    _id: r.id,
    receiptNumber,
    subscriptionId: r.subscriptionId,
    amount: r.amount,
    currency: CLAIM_PLAN.currency,
    paidAt: r.paidAt,
    card,
    description: `${CLAIM_PLAN.name}${r.renewal ? ' (renewal)' : ''}`,
    email: to ?? null,
    renewal: r.renewal,
  });
  if (!to) {
    d.logger.warn({ paymentIntentId: r.id }, 'receipt not mailed: no e-mail known for the payer');
    return;
  }
  await d.mailer.send({
    ...receiptMail(
      { to, receiptNumber, amount: r.amount, paidAt: r.paidAt, card, companyName, purpose, renewal: r.renewal, periodEnd },
      d.links,
    ),
    idempotencyKey: `receipt:${r.id}`,
  });
}

/** `payment.succeeded.v1`: the checkout's receipt. */
export const onPaymentSucceededReceipt =
  (facts: BillingFacts): EventHandler<PaymentSucceededV1> =>
  async ({ data }) => {
    if (!data.subscriptionId) return;
    await sendReceipt(facts, {
      id: data.paymentIntentId,
      subscriptionId: data.subscriptionId,
      amount: data.amount,
      paidAt: data.succeededAt,
      renewal: false,
      periodEnd: null,
    });
  };

/** `claim.submitted.v1`: the claimer's confirmation. */
export const onClaimSubmittedMail =
  (facts: BillingFacts): EventHandler<ClaimSubmittedV1> =>
  async ({ data }) => {
    await facts.d.mailer.send({ ...claimSubmittedMail(data, facts.d.links), idempotencyKey: `claim-submitted:${data.claimId}` });
  };

/** `claim.approved.v1`: the new owner's news. */
export const onClaimApprovedMail =
  (facts: BillingFacts): EventHandler<ClaimApprovedV1> =>
  async ({ data }) => {
    const to = data.claimerEmail ?? (await facts.d.claims.findById(data.claimId))?.claimerEmail ?? (await facts.userEmail(data.userId));
    if (!to) return;
    await facts.d.mailer.send({ ...claimApprovedMail(data, to, facts.d.links), idempotencyKey: `claim-approved:${data.claimId}` });
  };

/** The provider's events: renewal notices and receipts, failed renewals and cancellations (the same for Stripe and the simulator). */
export const onProviderEventMails =
  (facts: BillingFacts, webhookEvents: WebhookEventsRepository): EventHandler<PaymentProviderEventReceivedV1> =>
  async ({ data }) => {
    const stored = await webhookEvents.findById(data.eventId);
    if (stored) await mailForProviderEvent(facts, stored.event);
  };

/**
 * `invoice.upcoming` (the simulator sends it 7 days before a renewal, Stripe by its settings): the
 * renewal notice of a subscription that will renew, once per period (keyed by the renewal date).
 */
async function remindRenewal(facts: BillingFacts, subscriptionId: string): Promise<void> {
  const d = facts.d;
  const sub = await d.subscriptions.findById(subscriptionId);
  if (!sub || sub.status !== 'active' || sub.cancelAtPeriodEnd) return;
  const provider = await d.registry.current();
  const state = await provider.retrieveSubscription(subscriptionId);
  const renewsOn = state?.currentPeriodEnd ?? sub.currentPeriodEnd;
  const to = await facts.subscriptionEmail(sub);
  if (!renewsOn || !to || state?.cancelAtPeriodEnd || state?.status === 'canceled') return;
  const card = sub.card ?? (await provider.retrievePaymentIntent(sub.paymentIntentId))?.card ?? null;
  await d.mailer.send({
    ...renewalReminderMail(
      { to, companyName: await facts.companyName(sub.companyId, sub.paymentIntentId), amount: sub.amount, renewsOn, card },
      d.links,
    ),
    idempotencyKey: `renewal-reminder:${subscriptionId}:${renewsOn}`,
  });
}

async function mailForProviderEvent(facts: BillingFacts, event: ProviderEvent): Promise<void> {
  const d = facts.d;
  const invoice = event.invoice;
  if (event.type === 'invoice.upcoming') {
    if (invoice?.subscriptionId) await remindRenewal(facts, invoice.subscriptionId);
    return;
  }
  // The checkout's own invoice is the payment-success flow's (receipt from payment.succeeded.v1; a decline shows on the page).
  if (invoice && invoice.billingReason === 'subscription_cycle' && invoice.subscriptionId) {
    if (event.type === 'invoice.paid') {
      await sendReceipt(facts, {
        id: invoice.paymentIntentId ?? invoice.id,
        subscriptionId: invoice.subscriptionId,
        amount: invoice.amountPaid,
        paidAt: event.created,
        renewal: true,
        periodEnd: invoice.periodEnd,
      });
    } else if (event.type === 'invoice.payment_failed') {
      const sub = await d.subscriptions.findById(invoice.subscriptionId);
      const to = sub && (await facts.subscriptionEmail(sub));
      if (!sub || !to) return;
      const pi = invoice.paymentIntentId ? await (await d.registry.current()).retrievePaymentIntent(invoice.paymentIntentId) : null;
      await d.mailer.send({
        ...paymentFailedMail(
          {
            to,
            companyName: await facts.companyName(sub.companyId, sub.paymentIntentId),
            amount: sub.amount,
            reason: pi?.lastError ?? null,
          },
          d.links,
        ),
        idempotencyKey: `payment-failed:${invoice.id}`,
      });
    }
    return;
  }
  const state = event.subscription;
  if (!state) return;
  const cancelled =
    (event.type === 'customer.subscription.updated' && state.cancelAtPeriodEnd && state.status === 'active') ||
    event.type === 'customer.subscription.deleted';
  if (!cancelled) return;
  const sub = await d.subscriptions.findById(state.id);
  // Only a subscription that was paid for: an abandoned or refused checkout ends without a mail.
  if (!sub || !(await d.payments.payments.count({ subscriptionId: sub._id, status: { $in: ['succeeded', 'used'] } }))) return;
  const claim = await d.claims.findByPaymentIntent(sub.paymentIntentId);
  if (claim?.status === 'rejected') return; // the rejection mail said it all
  const to = await facts.subscriptionEmail(sub);
  const endsOn = state.cancelAtPeriodEnd ? state.currentPeriodEnd : (state.canceledAt ?? event.created);
  if (!to || !endsOn) return;
  await d.mailer.send({
    ...subscriptionCancelledMail(
      {
        to,
        companyName: await facts.companyName(sub.companyId, sub.paymentIntentId),
        endsOn,
        atPeriodEnd: state.status === 'active' && state.cancelAtPeriodEnd,
      },
      d.links,
    ),
    idempotencyKey: cancellationMailKey({ _id: sub._id, canceledAt: state.canceledAt }),
  });
}
