import type { QuoteStatus } from '@limo/contracts';

/**
 * What an owner's "mark contacted" does to a quote in `current` status: a pending quote becomes
 * contacted; a contacted or completed one stays as it is (the button is disabled once contacted, and
 * an admin's "completed" must not be undone by a stale dashboard).
 */
export function ownerContactedTransition(current: QuoteStatus): QuoteStatus {
  return current === 'pending' ? 'contacted' : current;
}

/** Owner-admin side §4: an owner may only mark contacted (or delete); an admin may set any status. */
export const OWNER_SETTABLE_STATUSES: readonly QuoteStatus[] = ['contacted'];
