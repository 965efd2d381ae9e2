import type { Logger, Mailer } from '@limo/platform';
import { reviewLinkUrl, tripDatePast } from '../domain/review-link.js';
import { reviewReminderMail } from '../mail/review-request.mail.js';
import type { QuotesRepository } from '../repositories/quotes.repository.js';

/** When reminders go out and how many per pass. */
export interface ReviewReminderOptions {
  /** Days after the trip date the reminder is sent. */
  afterDays: number;
  /** Days after the trip a review link works (a trip older than this gets no reminder). */
  validDays: number;
  /** Pause between two passes. */
  intervalMs: number;
  /** Most reminders sent per pass. */
  batchSize: number;
}

/**
 * The periodic job that mails the customer of a per-company quote, a few days after the trip date,
 * a reminder with a fresh single-use link to review the company. Each quote is marked before its mail
 * is sent, so two instances never both send it (a send that fails is not retried: a reminder is a
 * nicety, and the confirmation carried a link already).
 */
export class ReviewReminders {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly deps: { quotes: QuotesRepository; mailer: Mailer; logger: Logger; publicUrl: string; key: Buffer },
    private readonly options: ReviewReminderOptions,
  ) {}

  /** Sends the reminders owed at `now`; how many were sent. */
  async runOnce(now = new Date()): Promise<number> {
    const { quotes, mailer, logger, publicUrl, key } = this.deps;
    const { afterDays, validDays, batchSize } = this.options;
    const due = await quotes.dueForReviewReminder(tripDatePast(now, afterDays), tripDatePast(now, validDays), batchSize);
    let sent = 0;
    for (const quote of due) {
      if (!(await quotes.markReviewReminded(quote._id, now.toISOString()))) continue;
      const url = reviewLinkUrl(quote, { publicUrl, key, validDays, now });
      try {
        await mailer.send({ ...reviewReminderMail(quote, url), idempotencyKey: `quote:${quote._id}:review-reminder` });
        sent++;
      } catch (err) {
        logger.warn({ quoteId: quote._id, err: err instanceof Error ? err.message : String(err) }, 'review reminder not sent');
      }
    }
    return sent;
  }

  /** Runs a pass every `intervalMs` until stopped. */
  start(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runOnce()
        .catch((err: unknown) => {
          this.deps.logger.warn({ err }, 'review reminders pass failed');
          return 0;
        })
        .finally(() => (this.running = undefined));
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a pass under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
