import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '@limo/platform';
import type { AnalyticsStore, StoredEvent } from '../store/analytics-store.port.js';
import { SinkFullError, type EventSink } from './event-sink.port.js';

export interface BatchWriterOptions {
  /** A batch is written at the latest this long after its first event. */
  flushIntervalMs: number;
  /** A batch is written as soon as it has this many rows. */
  flushRows: number;
  /** Rows held in memory at most (waiting and being written); beyond, `accept` refuses. Default 20 × flushRows. */
  maxPendingRows?: number;
}

/**
 * The embedded ingest path: accepted events wait in memory and are written in batches (every
 * `flushIntervalMs` or `flushRows`, and on stop). A batch keeps its id through retries, and the id is
 * ClickHouse's insert deduplication token, so a retry after a lost answer is stored once.
 */
export class BatchWriter implements EventSink {
  private pending: StoredEvent[] = [];
  private firstAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private inFlight = 0;
  private stopped = false;

  constructor(
    private readonly store: AnalyticsStore,
    private readonly logger: Logger,
    private readonly options: BatchWriterOptions,
  ) {}

  async accept(event: StoredEvent): Promise<void> {
    if (this.stopped) throw new SinkFullError('analytics is shutting down');
    if (this.pending.length + this.inFlight >= (this.options.maxPendingRows ?? this.options.flushRows * 20)) {
      throw new SinkFullError('too many analytics events waiting to be written');
    }
    if (this.pending.length === 0) this.firstAt = Date.now();
    this.pending.push(event);
    // `write` retries until done and never rejects, so a flush needs no handler here.
    if (this.pending.length >= this.options.flushRows) void this.flush();
  }

  async start(): Promise<void> {
    const tick = Math.max(10, Math.min(250, Math.floor(this.options.flushIntervalMs / 4)));
    this.timer = setInterval(() => {
      if (this.pending.length > 0 && Date.now() - this.firstAt >= this.options.flushIntervalMs) void this.flush();
    }, tick);
    this.timer.unref();
  }

  /** Writes what is pending now (batches are written one after the other). Resolves when written. */
  flush(): Promise<void> {
    if (this.pending.length === 0) return this.writing;
    const batch = this.pending;
    this.pending = [];
    this.inFlight += batch.length;
    const id = randomUUID();
    this.writing = this.writing
      .then(() => this.write(batch, id))
      .finally(() => {
        this.inFlight -= batch.length;
      });
    return this.writing;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.flush();
  }

  /** Retries with backoff until written; while stopping, gives up after a few attempts (logged with the count lost). */
  private async write(batch: StoredEvent[], id: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.store.insert(batch, id);
        return;
      } catch (err) {
        if (this.stopped && attempt >= 5) {
          this.logger.error({ err, rows: batch.length, batchId: id }, 'analytics batch not written before shutdown: rows lost');
          return;
        }
        this.logger.warn({ err, rows: batch.length, batchId: id, attempt }, 'analytics batch not written: retrying');
        await delay(Math.min(5_000, 100 * 2 ** attempt));
      }
    }
  }
}
