import type { SubscriptionStatus } from '@limo/contracts';

/** What billing last announced of a subscription to other services. */
export type Announced = 'none' | 'active' | 'canceled';

/** The part of a stored subscription the lifecycle rules read. */
export interface SubscriptionFacts {
  status: SubscriptionStatus;
  /** When the status now stored was true at the provider (event time, or the time of a fresh read). */
  statusAt: string;
  announced: Announced;
  userId: string | null;
  companyId: string | null;
}

/** A state reported by the provider (an event's object, or a fresh read). */
export interface ReportedState {
  status: SubscriptionStatus;
  at: string;
}

/**
 * Whether a reported state replaces the stored one. `canceled` is final (Stripe never revives a
 * canceled subscription), so a late `invoice.paid` or `customer.subscription.updated` after
 * `customer.subscription.deleted` changes nothing; otherwise an older report than the stored one
 * is ignored, so reordered deliveries end in the newest state.
 */
export function acceptsReport(current: SubscriptionFacts, reported: ReportedState): boolean {
  if (current.status === 'canceled') return false;
  if (reported.status === 'canceled') return true;
  return reported.at >= current.statusAt;
}

/**
 * The announcement owed after a change: `activated` once the subscription is active and both its
 * company and its owner are known; `canceled` once it ended after having been announced active.
 */
export function owedAnnouncement(next: SubscriptionFacts): 'activated' | 'canceled' | null {
  if (!next.userId || !next.companyId) return null;
  if (next.status === 'active' && next.announced === 'none') return 'activated';
  if (next.status === 'canceled' && next.announced === 'active') return 'canceled';
  return null;
}
