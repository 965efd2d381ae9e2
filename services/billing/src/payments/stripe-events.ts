import { z } from 'zod';
import { paymentIntentStatusSchema, subscriptionStatusSchema } from '@limo/contracts';
import type { InvoiceView, PaymentIntentView, ProviderEvent, SetupIntentView, SubscriptionState } from './payments.port.js';

// Stripe's JSON shapes (API 2025-10-29.clover), reduced to the fields billing reads. The simulator
// writes the same shapes, so one reader serves both adapters.

const idOf = z
  .union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)])
  .nullish()
  .transform((v) => v ?? null);
const isoOfSeconds = (s: number | null | undefined): string | null => (typeof s === 'number' ? new Date(s * 1000).toISOString() : null);
const metadata = z
  .record(z.string(), z.string())
  .nullish()
  .transform((v) => v ?? {});

const stripePaymentIntent = z.object({
  id: z.string(),
  object: z.literal('payment_intent').optional(),
  status: paymentIntentStatusSchema,
  amount: z.number().int(),
  currency: z.string(),
  customer: idOf,
  last_payment_error: z.object({ message: z.string().nullish() }).nullish(),
  // An id unless expanded; expanded, a card's brand and last 4 digits.
  payment_method: z.union([z.string(), z.object({ card: z.object({ brand: z.string(), last4: z.string() }).nullish() })]).nullish(),
});

const stripeSubscription = z.object({
  id: z.string(),
  status: subscriptionStatusSchema,
  customer: idOf,
  cancel_at_period_end: z.boolean().nullish(),
  canceled_at: z.number().nullish(),
  ended_at: z.number().nullish(),
  metadata,
  items: z.object({ data: z.array(z.object({ current_period_end: z.number().nullish() })) }).nullish(),
  // Older API versions kept the period on the subscription itself.
  current_period_end: z.number().nullish(),
});

const stripeInvoice = z.object({
  // `invoice.upcoming` carries an invoice that does not exist yet: it has no id.
  id: z.string().nullish(),
  status: z.string().nullish(),
  amount_paid: z.number().nullish(),
  subscription: idOf.optional(),
  parent: z.object({ subscription_details: z.object({ subscription: idOf }).nullish() }).nullish(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: z.number() }).nullish() })) }).nullish(),
  billing_reason: z.string().nullish(),
  payments: z.object({ data: z.array(z.object({ payment: z.object({ payment_intent: idOf.optional() }).nullish() })) }).nullish(),
});

const stripeSetupIntent = z.object({
  id: z.string(),
  status: z.string(),
  customer: idOf,
  payment_method: idOf,
  metadata,
});

/** Reads a Stripe PaymentIntent object. */
export function toPaymentIntentView(raw: unknown): PaymentIntentView {
  const pi = stripePaymentIntent.parse(raw);
  return {
    id: pi.id,
    status: pi.status,
    amount: pi.amount,
    currency: pi.currency,
    customerId: pi.customer,
    lastError: pi.last_payment_error?.message ?? null,
    card: typeof pi.payment_method === 'object' && pi.payment_method?.card ? { ...pi.payment_method.card } : null,
  };
}

/** Reads a Stripe Subscription object. */
export function toSubscriptionState(raw: unknown): SubscriptionState {
  const sub = stripeSubscription.parse(raw);
  const periodEnd = sub.items?.data[0]?.current_period_end ?? sub.current_period_end ?? null;
  return {
    id: sub.id,
    status: sub.status,
    customerId: sub.customer,
    currentPeriodEnd: isoOfSeconds(periodEnd),
    cancelAtPeriodEnd: sub.cancel_at_period_end ?? false,
    canceledAt: isoOfSeconds(sub.canceled_at),
    metadata: sub.metadata,
  };
}

/** Reads a Stripe Invoice object. */
function toInvoiceView(raw: unknown): InvoiceView {
  const inv = stripeInvoice.parse(raw);
  const subscriptionId = inv.parent?.subscription_details?.subscription ?? inv.subscription ?? null;
  const periodEnd = inv.lines?.data[0]?.period?.end;
  return {
    // An upcoming invoice is named after its subscription and period, as the simulator names it.
    id: inv.id ?? `upcoming_${subscriptionId ?? 'none'}_${periodEnd ?? 0}`,
    subscriptionId,
    status: inv.status ?? null,
    amountPaid: inv.amount_paid ?? 0,
    periodEnd: isoOfSeconds(periodEnd),
    billingReason: inv.billing_reason ?? null,
    paymentIntentId: inv.payments?.data.find((p) => p.payment?.payment_intent)?.payment?.payment_intent ?? null,
  };
}

/** Reads a Stripe SetupIntent object. */
export function toSetupIntentView(raw: unknown): SetupIntentView {
  const si = stripeSetupIntent.parse(raw);
  return { id: si.id, status: si.status, customerId: si.customer, paymentMethodId: si.payment_method, metadata: si.metadata };
}

const stripeEvent = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number(),
  // Every object has an id except the upcoming invoice of `invoice.upcoming`.
  data: z.object({ object: z.object({ id: z.string().optional() }).passthrough() }),
});

/** Reads a verified Stripe event (JSON already parsed); throws on a shape billing cannot use. */
export function toProviderEvent(raw: unknown): ProviderEvent {
  const event = stripeEvent.parse(raw);
  const object = event.data.object;
  const base: ProviderEvent = {
    id: event.id,
    type: event.type,
    created: isoOfSeconds(event.created) ?? new Date(0).toISOString(),
    objectId: object.id ?? event.id,
  };
  if (event.type.startsWith('payment_intent.')) return { ...base, paymentIntent: toPaymentIntentView(object) };
  if (event.type.startsWith('customer.subscription.')) return { ...base, subscription: toSubscriptionState(object) };
  if (event.type.startsWith('invoice.')) {
    const invoice = toInvoiceView(object);
    return { ...base, objectId: invoice.id, invoice };
  }
  if (event.type.startsWith('setup_intent.')) return { ...base, setupIntent: toSetupIntentView(object) };
  return base;
}
