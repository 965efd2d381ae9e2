import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import { InvalidEventError, isTransientError } from '../errors.js';
import { deadLetters } from '../metrics/metrics.js';
import { deadLetterEvent, type DeadLetter, type EventEnvelope, type EventHandler } from '../ports/event-bus.port.js';

/** How one consumer handles one event: its handler, retries and where a given-up event goes. */
export interface RetryLoop {
  handler: EventHandler;
  topic: string;
  group: string;
  /** Attempts before the event is dead-lettered (at least 1); transient failures do not count. */
  maxAttempts: number;
  /** Wait before the second attempt; it doubles with each further one. */
  retryDelayMs: number;
  /** Aborted when the consumer stops: a wait ends at once and the event stays unhandled. */
  stopping: AbortSignal;
  logger: Logger;
  /** Fields for every log line about this event (topic, group, partition, offset). */
  context: Record<string, unknown>;
  /** Publishes the dead letter of an event whose last attempt failed. */
  deadLetter(dead: EventEnvelope<DeadLetter>): Promise<void> | void;
  /** Runs after each wait, before the next attempt (Kafka's heartbeat). */
  beforeRetry?(): Promise<void>;
  /**
   * False once this consumer may no longer handle the event (the Kafka consumer stopping, or a rebalance gave
   * its partition away): the retries end and the event stays unhandled, for the partition's next owner.
   */
  owned?(): boolean;
}

/** The longest wait between two attempts at an event (a transient failure is retried at this pace for as long as it lasts). */
const TRANSIENT_RETRY_MAX_DELAY_MS = 5_000;
/** The shortest wait before another attempt after a transient failure. */
const TRANSIENT_RETRY_MIN_DELAY_MS = 100;

/**
 * The consumer loop both buses share: runs the handler until it succeeds, waiting with exponential
 * backoff between attempts, and dead-letters the event after `maxAttempts` failures of its own. A
 * transient failure (see `isTransientError`: the store unreachable, a timeout) is retried for as long
 * as it lasts, every {@link TRANSIENT_RETRY_MAX_DELAY_MS} at most, and never dead-letters: the event
 * is fine, the engine behind the handler is not, and giving up would drop the event from the
 * read-model for good. An {@link InvalidEventError} (the event does not match its schema) is
 * dead-lettered at its first failure. True once the event was handled or dead-lettered (its offset may move on);
 * false when stopping interrupted a wait (it must not: the next owner of the partition handles it).
 */
export async function handleWithRetries(event: EventEnvelope, loop: RetryLoop): Promise<boolean> {
  const context = { ...loop.context, eventId: event.id };
  for (let attempt = 1, failures = 0; ; attempt++) {
    try {
      await loop.handler(event);
      return true;
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const transient = isTransientError(err);
      if (!transient) failures++;
      // An event that does not parse never will: dead-lettered on its first failure.
      if (failures >= loop.maxAttempts || err instanceof InvalidEventError) {
        loop.logger.error({ ...context, attempts: attempt, err }, 'event handler gave up: dead-lettered');
        // Published even while the consumer stops: this handler's last attempt was already made.
        await loop.deadLetter(deadLetterEvent(loop.topic, { event, group: loop.group, error, attempts: attempt }));
        deadLetters.inc({ group: loop.group, topic: loop.topic });
        return true;
      }
      // A failure that lasts (past ~10 attempts, about half a minute) is an error worth an alert.
      const level = attempt >= 10 ? 'error' : 'warn';
      loop.logger[level]({ ...context, attempt, transient, err }, 'event handler failed: retrying');
      try {
        const backoff = Math.min(loop.retryDelayMs * 2 ** Math.min(attempt - 1, 20), TRANSIENT_RETRY_MAX_DELAY_MS);
        // An endless retry never spins, whatever the configured first delay.
        await delay(transient ? Math.max(backoff, TRANSIENT_RETRY_MIN_DELAY_MS) : backoff, undefined, { signal: loop.stopping });
      } catch {
        return false;
      }
      if (loop.owned && !loop.owned()) return false;
      await loop.beforeRetry?.();
    }
  }
}
