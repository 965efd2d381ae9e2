/**
 * Process-wide counters (reconciliation repairs, ...): a name and labels to a number, read by each
 * service's `/internal/metrics` and by tests. In-process only; exported as JSON.
 */
export class Counters {
  private readonly values = new Map<string, number>();

  /** Adds `by` (default 1) to the counter `name` with `labels`. */
  inc(name: string, labels: Record<string, string> = {}, by = 1): void {
    const key = counterKey(name, labels);
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }

  /** The counter's value, 0 when never incremented. */
  get(name: string, labels: Record<string, string> = {}): number {
    return this.values.get(counterKey(name, labels)) ?? 0;
  }

  /** Every counter as `name{label="v"}` → value. */
  snapshot(): Record<string, number> {
    return Object.fromEntries([...this.values].sort(([a], [b]) => a.localeCompare(b)));
  }
}

function counterKey(name: string, labels: Record<string, string>): string {
  const parts = Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}="${v}"`);
  return parts.length ? `${name}{${parts.join(',')}}` : name;
}

/** The counters of this process. */
export const metrics = new Counters();
