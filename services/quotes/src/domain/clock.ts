let last = 0;

/**
 * Now as an ISO string, strictly later than the previous call in this process: two requests in the
 * same millisecond still list in the order they arrived ("newest first" needs a strict order).
 */
export function monotonicIsoNow(): string {
  last = Math.max(Date.now(), last + 1);
  return new Date(last).toISOString();
}
