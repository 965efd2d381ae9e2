import type { ClaimStatus, SubscriptionStatus } from '@limo/contracts';

/*
 * The one lifecycle of billing's money records, as a table: every write of a payment's, a claim's or
 * a subscription's status asks `transition` first (repositories and use cases), so a refused move is
 * a clear 409 (or an ignored provider report) and never a silent overwrite. Pure: no I/O.
 * The same table is in docs/billing.md.
 */

/** A payment (one checkout's first PaymentIntent) as billing records it. */
export type PaymentState = 'created' | 'requires_action' | 'succeeded' | 'failed' | 'used' | 'refunded';
/** What happens to a payment. `use`: its claim or listing was made from it. */
export type PaymentEvent = 'require_action' | 'succeed' | 'fail' | 'use' | 'refund';

/** A business claim. `refunded` is stored as the decided status with `refundStatus: 'refunded'`. */
export type ClaimState = ClaimStatus | 'refunded';
export type ClaimEvent = 'approve' | 'reject' | 'refund';

/**
 * A subscription: Stripe's statuses, with `cancel_at_period_end` for an active subscription set to
 * end with its paid year (stored as `active` + `cancelAtPeriodEnd`).
 */
export type SubscriptionState = SubscriptionStatus | 'cancel_at_period_end';
export type SubscriptionEvent = 'activate' | 'schedule_cancel' | 'resume' | 'payment_fail' | 'mark_unpaid' | 'cancel' | 'expire';

type Table<S extends string, E extends string> = Record<S, Partial<Record<E, S>>>;

/** Payments: a declined card may be retried (failed → succeeded); a succeeded payment is used once, or refunded. */
const PAYMENT_LIFECYCLE: Table<PaymentState, PaymentEvent> = {
  created: { require_action: 'requires_action', succeed: 'succeeded', fail: 'failed' },
  requires_action: { require_action: 'requires_action', succeed: 'succeeded', fail: 'failed' },
  failed: { require_action: 'requires_action', succeed: 'succeeded', fail: 'failed' },
  succeeded: { succeed: 'succeeded', use: 'used', refund: 'refunded' },
  used: { use: 'used', refund: 'refunded' },
  refunded: { refund: 'refunded' },
};

/** Claims: decided once by an admin; a rejected claim is refunded (so is an approved one, by an admin's refund). */
const CLAIM_LIFECYCLE: Table<ClaimState, ClaimEvent> = {
  pending: { approve: 'approved', reject: 'rejected' },
  approved: { refund: 'refunded' },
  rejected: { refund: 'refunded' },
  refunded: { refund: 'refunded' },
};

/** Subscriptions, as the provider moves them; `canceled` and `incomplete_expired` are final. */
const SUBSCRIPTION_LIFECYCLE: Table<SubscriptionState, SubscriptionEvent> = {
  // schedule_cancel: a report of a subscription already paid and set to end (Stripe's events may come out of order).
  incomplete: {
    activate: 'active',
    schedule_cancel: 'cancel_at_period_end',
    payment_fail: 'incomplete',
    expire: 'incomplete_expired',
    cancel: 'canceled',
  },
  active: { activate: 'active', schedule_cancel: 'cancel_at_period_end', payment_fail: 'past_due', cancel: 'canceled' },
  cancel_at_period_end: { resume: 'active', schedule_cancel: 'cancel_at_period_end', payment_fail: 'past_due', cancel: 'canceled' },
  past_due: {
    activate: 'active',
    schedule_cancel: 'cancel_at_period_end',
    payment_fail: 'past_due',
    mark_unpaid: 'unpaid',
    cancel: 'canceled',
  },
  unpaid: { activate: 'active', payment_fail: 'unpaid', cancel: 'canceled' },
  incomplete_expired: {},
  canceled: {},
};

interface Lifecycles {
  payment: { state: PaymentState; event: PaymentEvent };
  claim: { state: ClaimState; event: ClaimEvent };
  subscription: { state: SubscriptionState; event: SubscriptionEvent };
}
export type LifecycleKind = keyof Lifecycles;

const TABLES: { [K in LifecycleKind]: Table<Lifecycles[K]['state'], Lifecycles[K]['event']> } = {
  payment: PAYMENT_LIFECYCLE,
  claim: CLAIM_LIFECYCLE,
  subscription: SUBSCRIPTION_LIFECYCLE,
};

/** A move the lifecycle does not allow; routes answer it as 409 with this message. */
export class LifecycleConflict extends Error {
  constructor(
    readonly kind: LifecycleKind,
    readonly from: string,
    readonly event: string,
  ) {
    super(`A ${kind} that is ${from.replace(/_/g, ' ')} cannot ${event.replace(/_/g, ' ')}`);
    this.name = 'LifecycleConflict';
  }
}

/** The state `event` moves a `kind` record in state `from` to; throws LifecycleConflict when the table refuses it. */
export function transition<K extends LifecycleKind>(
  kind: K,
  from: Lifecycles[K]['state'],
  event: Lifecycles[K]['event'],
): Lifecycles[K]['state'] {
  const table: Partial<Record<string, Partial<Record<string, string>>>> = TABLES[kind];
  const next = table[from]?.[event];
  if (next === undefined) throw new LifecycleConflict(kind, from, event);
  return next as Lifecycles[K]['state'];
}

/** Whether the table allows the move (for provider reports, which are ignored rather than refused). */
export function allows<K extends LifecycleKind>(kind: K, from: Lifecycles[K]['state'], event: Lifecycles[K]['event']): boolean {
  try {
    transition(kind, from, event);
    return true;
  } catch (err) {
    if (err instanceof LifecycleConflict) return false;
    throw err;
  }
}

/** A stored payment's state (`open`, written before this table existed, is `created`). */
export function paymentState(status: PaymentState | 'open'): PaymentState {
  return status === 'open' ? 'created' : status;
}

/** Whether the payment's money arrived (and was not given back). */
export function isPaid(status: PaymentState | 'open'): boolean {
  return status === 'succeeded' || status === 'used';
}

/** A stored claim's state. */
export function claimState(claim: { status: ClaimStatus; refundStatus: string }): ClaimState {
  return claim.refundStatus === 'refunded' ? 'refunded' : claim.status;
}

/** A stored subscription's state. */
export function subscriptionState(sub: { status: SubscriptionStatus; cancelAtPeriodEnd: boolean }): SubscriptionState {
  return sub.status === 'active' && sub.cancelAtPeriodEnd ? 'cancel_at_period_end' : sub.status;
}

/** The event that moves a subscription from one state to a reported one (null: nothing moves). */
export function subscriptionEventFor(from: SubscriptionState, to: SubscriptionState): SubscriptionEvent | null {
  if (from === to) return null;
  switch (to) {
    case 'active':
      return from === 'cancel_at_period_end' ? 'resume' : 'activate';
    case 'cancel_at_period_end':
      return 'schedule_cancel';
    case 'past_due':
    case 'incomplete':
      return 'payment_fail';
    case 'unpaid':
      return 'mark_unpaid';
    case 'canceled':
      return 'cancel';
    case 'incomplete_expired':
      return 'expire';
  }
}

/** What billing last announced of a subscription to other services. */
export type Announced = 'none' | 'active' | 'canceled';

/** The part of a stored subscription the lifecycle rules read. */
export interface SubscriptionFacts {
  status: SubscriptionStatus;
  cancelAtPeriodEnd?: boolean;
  /** When the status now stored was true at the provider (event time, or the time of a fresh read). */
  statusAt: string;
  announced: Announced;
  userId: string | null;
  companyId: string | null;
  /** `pending`: a paid claim waiting for the admin; nothing is announced until it is verified. */
  verification?: 'pending' | 'verified';
}

/** A state reported by the provider (an event's object, or a fresh read). */
export interface ReportedState {
  status: SubscriptionStatus;
  cancelAtPeriodEnd?: boolean;
  at: string;
}

/**
 * Whether a reported state replaces the stored one. `canceled` is final (Stripe never revives a
 * canceled subscription), so a late `invoice.paid` or `customer.subscription.updated` after
 * `customer.subscription.deleted` changes nothing; otherwise an older report than the stored one
 * is ignored, so reordered deliveries end in the newest state.
 */
export function acceptsReport(current: SubscriptionFacts, reported: ReportedState): boolean {
  const from = subscriptionState({ status: current.status, cancelAtPeriodEnd: current.cancelAtPeriodEnd ?? false });
  const to = subscriptionState({ status: reported.status, cancelAtPeriodEnd: reported.cancelAtPeriodEnd ?? false });
  if (from === 'canceled' || from === 'incomplete_expired') return false;
  const event = subscriptionEventFor(from, to);
  if (event && !allows('subscription', from, event)) return false;
  if (reported.status === 'canceled') return true;
  return reported.at >= current.statusAt;
}

/**
 * The announcement owed after a change: `activated` once the subscription is active and both its
 * company and its owner are known; `canceled` once it ended after having been announced active.
 */
export function owedAnnouncement(next: SubscriptionFacts): 'activated' | 'canceled' | null {
  if (!next.userId || !next.companyId) return null;
  if (next.status === 'active' && next.verification === 'pending') return null;
  if (next.status === 'active' && next.announced === 'none') return 'activated';
  if (next.status === 'canceled' && next.announced === 'active') return 'canceled';
  return null;
}
