import { setTimeout as delay } from 'node:timers/promises';
import { Counter, SampledGauge, type Logger } from '@limo/platform';

/** How the intake is held back while mail delivery is behind. */
export interface MailBacklogOptions {
  /** Quotes whose mails were not yet taken to be sent, beyond which new requests wait. */
  limit: number;
  /** How old a count may be before it is taken again (one count serves every request meanwhile). */
  refreshMs: number;
  /** Longest a request waits: then it is taken anyway (a late mail beats a lost customer). */
  maxWaitMs: number;
}

/** Quote requests that waited for the mail backlog. */
export const intakeHeld = new Counter({
  name: 'limo_quotes_intake_held_total',
  help: 'Quote requests held back while mail delivery was behind',
});
/** How long they waited, in all. */
export const intakeHeldSeconds = new Counter({
  name: 'limo_quotes_intake_held_seconds_total',
  help: 'Seconds quote requests spent held back while mail delivery was behind',
});
/** Those taken after the longest wait, the backlog still too long. */
export const intakeHoldExpired = new Counter({
  name: 'limo_quotes_intake_hold_expired_total',
  help: 'Quote requests taken after the longest wait, mail delivery still behind',
});
/** Quotes whose mails are not taken yet (the store's count, the same from every replica). */
export const mailBacklogGauge = new SampledGauge({
  name: 'limo_mail_backlog_quotes',
  help: 'Quote requests whose mails were not yet taken to be sent (store-wide)',
  labelNames: ['service'] as const,
});
/** At most one warning this often while requests stop waiting for a backlog that does not shrink. */
const WARN_EVERY_MS = 10_000;

/**
 * Backpressure from mail delivery to quote intake. Storing a request costs less than the two mails
 * it owes, so a flood of requests would build a backlog of mails that grows as long as the flood
 * lasts. Instead a request waits while more than `limit` quotes wait for their mails to be taken:
 * intake then runs at the pace delivery holds, and what is owed stays near `limit` (beyond it by the
 * requests let in together when the count drops under it).
 * The count is the store's (every replica's quotes, whichever replica mails them); a quote counts
 * until its mails are first taken, so a mail outage (taken, failed, retried later) holds nobody up.
 */
export class MailBacklog {
  private value = 0;
  private readAt = -Infinity;
  private reading: Promise<number> | undefined;
  private warnedAt = -Infinity;

  constructor(
    private readonly count: () => Promise<number>,
    private readonly options: MailBacklogOptions,
    private readonly logger?: Logger,
  ) {}

  /**
   * Resolves once the backlog is within its limit, or after `maxWaitMs` in all: the counts it waits
   * for are inside that bound too (a slow count under load, as after a broker outage, once made
   * requests wait several times the bound).
   */
  async admit(): Promise<void> {
    const { limit, refreshMs, maxWaitMs } = this.options;
    const started = performance.now();
    const deadline = started + maxWaitMs;
    let backlog = await this.countBefore(deadline);
    if (backlog === undefined || backlog <= limit) return;
    do {
      await delay(Math.max(0, Math.min(refreshMs, deadline - performance.now())));
      backlog = await this.countBefore(deadline);
    } while (backlog !== undefined && backlog > limit && performance.now() < deadline);
    intakeHeld.inc();
    intakeHeldSeconds.inc((performance.now() - started) / 1000);
    if (backlog !== undefined && backlog <= limit) return;
    intakeHoldExpired.inc();
    this.warn(
      { backlog, limit, waitedMs: Math.round(performance.now() - started) },
      'mail delivery is behind: quote requests are taken after waiting',
    );
  }

  /** The current count, or undefined when it is not there by `deadline` (the request stops waiting). */
  private async countBefore(deadline: number): Promise<number | undefined> {
    const current = this.current();
    if (typeof current === 'number') return current;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(resolve, Math.max(0, deadline - performance.now()), undefined);
    });
    try {
      return await Promise.race([current, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The last count, taken again when older than `refreshMs` (one count at a time). */
  private current(): Promise<number> | number {
    if (performance.now() - this.readAt < this.options.refreshMs) return this.value;
    this.reading ??= this.read().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  /**
   * Counts, within `maxWaitMs`. The backpressure is advice: a count that fails or hangs (the store in
   * trouble) must not fail or hold a request, so it reads as 0 until the next refresh.
   */
  private async read(): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no count within ${this.options.maxWaitMs} ms`)), this.options.maxWaitMs);
    });
    try {
      this.value = await Promise.race([this.count(), timeout]);
    } catch (err) {
      this.value = 0;
      this.warn({ err }, 'mail backlog not counted: quote requests are taken without waiting');
    } finally {
      clearTimeout(timer);
    }
    this.readAt = performance.now();
    return this.value;
  }

  /** Logs at most one warning every WARN_EVERY_MS. */
  private warn(details: object, message: string): void {
    if (performance.now() - this.warnedAt < WARN_EVERY_MS) return;
    this.warnedAt = performance.now();
    this.logger?.warn(details, message);
  }
}
