import { businessHoursBetween } from './business-hours.js';

/** How many of a company's most recently contacted quotes its median response time is computed over. */
export const RESPONSE_TIME_SAMPLE = 50;

/** The median of `values` (mean of the two middle ones for an even count); undefined for none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Minutes from request to contact for each quote, never negative (clock skew between writers). */
export function responseMinutes(quotes: ReadonlyArray<{ createdAt: string; contactedAt: string }>): number[] {
  return quotes.map((q) => Math.max(0, (Date.parse(q.contactedAt) - Date.parse(q.createdAt)) / 60_000));
}

/** A company's responsiveness over the window (the data of `company.responsiveness.v1` but its id and time). */
export interface Responsiveness {
  leadCount: number;
  repliedCount: number;
  fastReplyCount: number;
  medianBusinessHours: number | null;
}

/**
 * Responsiveness of the leads delivered in the window: each reply mark's business hours after the
 * delivery (in `zone`), their median (one decimal), and the replies within `fastHours`.
 */
export function responsivenessOf(
  leads: ReadonlyArray<{ deliveredAt: string; contactedAt: string | null }>,
  zone: string,
  fastHours: number,
): Responsiveness {
  const hours = leads.flatMap((q) => (q.contactedAt ? [businessHoursBetween(new Date(q.deliveredAt), new Date(q.contactedAt), zone)] : []));
  const middle = median(hours);
  return {
    leadCount: leads.length,
    repliedCount: hours.length,
    fastReplyCount: hours.filter((h) => h <= fastHours).length,
    medianBusinessHours: middle === undefined ? null : Math.round(middle * 10) / 10,
  };
}

/** Whether two computations say the same (the time aside). */
export const sameResponsiveness = (a: Responsiveness | null | undefined, b: Responsiveness): boolean =>
  Boolean(a) &&
  a!.leadCount === b.leadCount &&
  a!.repliedCount === b.repliedCount &&
  a!.fastReplyCount === b.fastReplyCount &&
  a!.medianBusinessHours === b.medianBusinessHours;
