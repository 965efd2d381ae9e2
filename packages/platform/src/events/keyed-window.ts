/**
 * A sliding window over a partition's consecutive events, shared by both buses: up to `limit` events
 * are in flight, a new one starts as soon as any finishes (not when the slowest of a fixed batch
 * does), and the events of one key run one after another in their order (per-key order). Completions
 * come back out of order; `committed` counts only the unbroken prefix of events handled, which is
 * all a consumer may commit (at-least-once: whatever lies past a gap is handled again by the next
 * owner of the partition).
 *
 * `handle` answers false when the consumer stops mid-retry: from then on nothing new starts and the
 * events of that key behind it are not run. A `handle` that throws does the same, and `idle()`
 * rethrows its error once the events in flight have finished.
 */
export class KeyedWindow<T> {
  private running = 0;
  private added = 0;
  private prefix = 0;
  /** Indexes past `prefix` already handled, waiting for the gap before them to close. */
  private readonly handledAhead = new Set<number>();
  /** The last event in flight of each key, which the key's next event waits for. */
  private readonly tails = new Map<string, Promise<boolean>>();
  private waiters: Array<() => void> = [];
  private stoppedBy: { error?: unknown } | undefined;

  constructor(
    private readonly limit: number,
    private readonly keyOf: (item: T) => string,
    private readonly handle: (item: T) => Promise<boolean>,
  ) {}

  /** True while another event may be added: fewer than `limit` in flight and nothing stopped the window. */
  get hasRoom(): boolean {
    return !this.stoppedBy && this.running < Math.max(1, this.limit);
  }

  /** True once an event was interrupted (the consumer stops) or its handling threw. */
  get stopped(): boolean {
    return this.stoppedBy !== undefined;
  }

  /** Events added and not finished. */
  get inFlight(): number {
    return this.running;
  }

  /** How many of the events added, counted from the first, were handled without a gap. */
  get committed(): number {
    return this.prefix;
  }

  /** Starts `item` now, or once the events of its key added before it are handled. */
  add(item: T): void {
    const index = this.added++;
    const key = this.keyOf(item);
    const before = this.tails.get(key);
    const task = (before ?? Promise.resolve(true)).then((previousHandled) =>
      previousHandled && !this.stoppedBy ? this.handle(item) : false,
    );
    this.tails.set(key, task);
    this.running++;
    task.then(
      (handled) => this.finish(key, task, index, handled),
      (error: unknown) => {
        if (!this.stoppedBy || !('error' in this.stoppedBy)) this.stoppedBy = { error };
        this.finish(key, task, index, false);
      },
    );
  }

  /** Resolves once some event in flight finishes, at once when none is. */
  settled(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Waits for every event in flight; rethrows the error of a handling that threw. */
  async idle(): Promise<void> {
    while (this.running > 0) await this.settled();
    if (this.stoppedBy && 'error' in this.stoppedBy) throw this.stoppedBy.error;
  }

  private finish(key: string, task: Promise<boolean>, index: number, handled: boolean): void {
    this.running--;
    if (this.tails.get(key) === task) this.tails.delete(key);
    if (!handled) this.stoppedBy ??= {};
    else if (index === this.prefix) {
      this.prefix++;
      while (this.handledAhead.delete(this.prefix)) this.prefix++;
    } else this.handledAhead.add(index);
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((wake) => wake());
  }
}
