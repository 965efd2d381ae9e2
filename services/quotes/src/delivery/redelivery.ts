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
  /** Most items of each kind looked at per sweep. */
  batchSize: number;
}

/**
 * The safety net behind the event consumers: the bus retries a failed mail a few times and then
 * dead-letters the event, which must not mean the mail is never sent. Every `intervalMs` this sweep
 * finds requests still owing work after `graceMs` and runs the same idempotent steps again. A sweep
 * stops at the first failure of a kind (the mail transport is most likely down) and tries again next
 * time, so an outage costs one failed attempt per sweep, not one per waiting quote.
 */
export class Redelivery {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
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

  /** Stops sweeping and waits for a sweep in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One pass over everything owed; resolves when done (failures are logged, not thrown). */
  async sweep(): Promise<void> {
    const before = new Date(Date.now() - this.options.graceMs).toISOString();
    const { batchSize } = this.options;
    // Fan-out first: it creates quotes whose mails the passes below then send.
    await this.pass('city fan-out', await this.cityRequests.owing('fanOut', before, batchSize), (r) => this.delivery.fanOut(r._id));
    await this.pass('company mail', await this.quotes.owing('delivery', before, batchSize), (q) => this.delivery.deliverToCompany(q._id));
    await this.pass('customer confirmation', await this.quotes.owing('confirmation', before, batchSize), (q) => this.delivery.confirmToCustomer(q._id));
    await this.pass('city confirmation', await this.cityRequests.owing('confirmation', before, batchSize), (r) => this.delivery.confirmCityRequest(r._id));
  }

  private async pass<T extends { _id: string }>(what: string, items: T[], step: (item: T) => Promise<void>): Promise<void> {
    for (const item of items) {
      if (this.stopped) return;
      try {
        await step(item);
      } catch (err) {
        this.logger.warn({ err, id: item._id, pending: items.length }, `redelivery: ${what} still failing, next sweep retries`);
        return;
      }
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweep()
        .catch((err) => this.logger.error({ err }, 'redelivery sweep failed'))
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, this.options.intervalMs);
    // The sweep must not keep a process alive that is otherwise done.
    this.timer.unref();
  }
}
