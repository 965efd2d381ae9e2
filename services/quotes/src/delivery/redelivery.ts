import type { Logger } from '@limo/platform';
import type { CityRequestsRepository } from '../repositories/city-requests.repository.js';
import type { QuotesRepository } from '../repositories/quotes.repository.js';
import type { QuoteDelivery } from './quote-delivery.js';

/** When and how much the sweep looks at. */
export interface RedeliveryOptions {
  /** Pause between two sweeps. */
  intervalMs: number;
  /** Work younger than this is left to the event consumers. */
  graceMs: number;
  /** Work older than this is no longer retried (a mail three days late helps nobody). */
  maxAgeMs: number;
  /** Most items of each kind looked at per sweep. */
  batchSize: number;
}

/** Consecutive failures after which a pass gives up until the next sweep (the transport is likely down). */
const FAILURES_PER_PASS = 3;

/**
 * The safety net behind the event consumers: the bus retries a failed mail a few times and then
 * dead-letters the event, which must not mean the mail is never sent. Every `intervalMs` this sweep
 * finds requests still owing work after `graceMs` and runs the same idempotent steps again, fewest
 * attempts first. A pass stops after a few failures in a row, so an outage costs a few failed sends
 * per sweep rather than one per waiting quote, and a mail that always fails moves to the back of the
 * queue instead of blocking the rest.
 */
export class Redelivery {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private startUpTimer: NodeJS.Timeout | undefined;
  private startUp: Promise<void> | undefined;
  private readonly extra = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly delivery: QuoteDelivery,
    private readonly quotes: QuotesRepository,
    private readonly cityRequests: CityRequestsRepository,
    private readonly logger: Logger,
    private readonly options: RedeliveryOptions,
  ) {}

  /** Starts sweeping every `intervalMs`. */
  start(): void {
    this.stopped = false;
    this.schedule();
  }

  /**
   * After `delayMs`, one pass over everything owed that was accepted before this start: the events
   * of work accepted before a crash may be gone with the process (the embedded bus lives in memory;
   * a crashed replica's leases blocked its consumers' redelivery), so it is done now instead of after
   * the grace period. Steps are idempotent, leases keep a mail from being sent by this sweep and a
   * consumer both.
   */
  startUpSweep(delayMs = 0): void {
    const startedAt = Date.now();
    this.startUpTimer = setTimeout(() => {
      if (this.stopped) return;
      const sweeping = this.sweep({ graceMs: Date.now() - startedAt, batchSize: 100_000 })
        .catch((err: unknown) => this.logger.error({ err }, 'start-up redelivery sweep failed'))
        .finally(() => {
          if (this.startUp === sweeping) this.startUp = undefined;
        });
      this.startUp = sweeping;
    }, delayMs);
    this.startUpTimer.unref();
  }

  /**
   * One pass now over everything owed, without the grace period: a topic of its events was created
   * again (a broker that lost its data), so the events of work accepted so far may be gone with it.
   * Leases keep a mail from being sent by this pass and a consumer both.
   */
  sweepNow(): void {
    if (this.stopped) return;
    const sweeping: Promise<void> = this.sweep({ graceMs: 0, batchSize: 100_000 })
      .catch((err: unknown) => this.logger.error({ err }, 'redelivery sweep after a topic was lost failed'))
      .finally(() => this.extra.delete(sweeping));
    this.extra.add(sweeping);
  }

  /** Stops sweeping and waits for a sweep in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.startUpTimer);
    await Promise.all([this.running, this.startUp, ...this.extra]);
  }

  /**
   * One pass over everything owed; resolves when done (failures are logged, not thrown). `overrides`
   * widen it, e.g. the start-up sweep of the embedded profile: no grace, everything owed.
   */
  async sweep(overrides: Partial<Pick<RedeliveryOptions, 'graceMs' | 'batchSize'>> = {}): Promise<void> {
    const now = Date.now();
    const graceMs = overrides.graceMs ?? this.options.graceMs;
    const batchSize = overrides.batchSize ?? this.options.batchSize;
    const window = { from: new Date(now - this.options.maxAgeMs).toISOString(), to: new Date(now - graceMs).toISOString() };
    // Fan-out first: it creates quotes whose mails the passes below then send.
    await this.pass('city fan-out', await this.cityRequests.owing('fanOut', window, batchSize), (r) => this.delivery.fanOut(r._id));
    await this.pass('quote mails', await this.quotes.owingMail(window, batchSize), (q) => this.delivery.deliverQuote(q._id));
    await this.pass('city confirmation', await this.cityRequests.owing('confirmation', window, batchSize), (r) =>
      this.delivery.confirmCityRequest(r._id),
    );
  }

  private async pass<T extends { _id: string }>(what: string, items: T[], step: (item: T) => Promise<void>): Promise<void> {
    let failuresInRow = 0;
    for (const item of items) {
      if (this.stopped) return;
      try {
        await step(item);
        failuresInRow = 0;
      } catch (err) {
        if (++failuresInRow >= FAILURES_PER_PASS) {
          this.logger.warn({ err, owed: items.length }, `redelivery: ${what} keeps failing, next sweep retries`);
          return;
        }
      }
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweep()
        .catch((err: unknown) => this.logger.error({ err }, 'redelivery sweep failed'))
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, this.options.intervalMs);
    // The sweep must not keep a process alive that is otherwise done.
    this.timer.unref();
  }
}
