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
