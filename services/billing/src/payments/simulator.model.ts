import { randomBytes } from 'node:crypto';
import { CLAIM_PLAN, type PaymentIntentStatus, type SubscriptionStatus } from '@limo/contracts';
import type { CardView, SubscriptionState } from './payments.port.js';

/** The payment simulator's stored shapes, and the Stripe objects its webhooks carry built from them. */

export const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** What the simulator writes to its state file. */
export interface SimulatorState {
  customers: Array<[string, { email: string | null; name: string | null }]>;
  intents: SimPaymentIntent[];
  invoices: SimInvoice[];
  subscriptions: SimSubscription[];
  idempotent: Array<[string, unknown]>;
  offsetMs: number;
  seq: number;
}

export interface SimPaymentIntent {
  id: string;
  clientSecret: string;
  status: PaymentIntentStatus;
  amount: number;
  currency: string;
  customer: string;
  invoice: string;
  lastError: string | null;
  refunded: boolean;
  /** The card that paid it (absent in state files written before cards were kept). */
  card?: CardView | null;
}
export interface SimInvoice {
  id: string;
  subscription: string;
  status: 'open' | 'paid' | 'void';
  amount: number;
  paymentIntent: string;
  periodStart: number;
  periodEnd: number;
  billingReason?: 'subscription_create' | 'subscription_cycle';
}
export interface SimSubscription {
  id: string;
  customer: string;
  status: SubscriptionStatus;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  metadata: Record<string, string>;
  latestInvoice: string;
  created: number;
  /** The card saved by the first payment; renewals charge it. */
  card?: CardView | null;
  /** The period end whose "renewal in 7 days" notice (`invoice.upcoming`) was sent: once per period. */
  remindedFor?: number;
}

/** A subscription as the payments port reports it. */
export function subscriptionState(sub: SimSubscription): SubscriptionState {
  return {
    id: sub.id,
    status: sub.status,
    customerId: sub.customer,
    currentPeriodEnd: new Date(sub.periodEnd).toISOString(),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    canceledAt: sub.canceledAt === null ? null : new Date(sub.canceledAt).toISOString(),
    metadata: { ...sub.metadata },
  };
}

/** A PaymentIntent as Stripe's webhook events carry it. */
export function paymentIntentObject(pi: SimPaymentIntent) {
  return {
    id: pi.id,
    object: 'payment_intent',
    status: pi.status,
    amount: pi.amount,
    currency: pi.currency,
    customer: pi.customer,
    last_payment_error: pi.lastError ? { message: pi.lastError, code: 'card_declined' } : null,
    livemode: false,
  };
}

/** An invoice as Stripe's webhook events carry it. */
export function invoiceObject(inv: SimInvoice) {
  return {
    id: inv.id,
    object: 'invoice',
    status: inv.status,
    amount_paid: inv.status === 'paid' ? inv.amount : 0,
    amount_due: inv.amount,
    billing_reason: inv.billingReason ?? null,
    payments: { data: [{ payment: { type: 'payment_intent', payment_intent: inv.paymentIntent } }] },
    parent: { type: 'subscription_details', subscription_details: { subscription: inv.subscription } },
    lines: { data: [{ period: { start: Math.floor(inv.periodStart / 1000), end: Math.floor(inv.periodEnd / 1000) } }] },
    livemode: false,
  };
}

/** The next renewal's invoice as `invoice.upcoming` carries it (Stripe's has no id: ours is made from the period). */
export function upcomingInvoiceObject(sub: SimSubscription) {
  return {
    id: `upcoming_${sub.id}_${Math.floor(sub.periodEnd / 1000)}`,
    object: 'invoice',
    status: 'draft',
    amount_paid: 0,
    amount_due: CLAIM_PLAN.amount,
    billing_reason: 'upcoming',
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    lines: { data: [{ period: { start: Math.floor(sub.periodEnd / 1000), end: Math.floor((sub.periodEnd + YEAR_MS) / 1000) } }] },
    livemode: false,
  };
}

/** A subscription as Stripe's webhook events carry it. */
export function subscriptionObject(sub: SimSubscription) {
  return {
    id: sub.id,
    object: 'subscription',
    status: sub.status,
    customer: sub.customer,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    canceled_at: sub.canceledAt === null ? null : Math.floor(sub.canceledAt / 1000),
    metadata: { ...sub.metadata },
    items: { data: [{ current_period_start: Math.floor(sub.periodStart / 1000), current_period_end: Math.floor(sub.periodEnd / 1000) }] },
    livemode: false,
  };
}

/** Random letters and digits, as Stripe's ids use. */
export function alnum(length: number): string {
  return randomBytes(length * 2)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, length);
}

/** True when an MM/YY (or MM/YYYY) expiry is before the current month. */
export function expired(expiry: string, nowMs: number): boolean {
  const m = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!m) return true;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  const now = new Date(nowMs);
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

/** The test card's brand and last 4 digits, as Stripe reports a card. */
export function cardOf(number: string): CardView {
  return { brand: number.startsWith('4') ? 'visa' : 'unknown', last4: number.slice(-4) };
}
