import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '@limo/platform';
import { encodeEventRow, type AnalyticsStore, type EventRow, type StoredEvent } from '@limo/analytics-store';
import { loggedBatches, openWal, WalSegment, type LoggedBatch } from './batch-wal.js';
import type { DeadLetters } from './dead-letters.js';
import { SinkFullError, type EventSink } from './event-sink.port.js';
import { rowsDropped } from './metrics.js';
import { writeIsolating } from './write-isolating.js';

export interface BatchWriterOptions {
  /** A batch is written at the latest this long after its first event. */
  flushIntervalMs: number;
  /** A batch is written as soon as it has this many rows. */
  flushRows: number;
  /** Rows held in memory at most (waiting and being written); beyond, `accept` refuses. Default 20 × flushRows. */
  maxPendingRows?: number;
  /**
   * Folder of the write-ahead log: `accept` resolves once its event is in the current batch's file,
   * a batch's file is removed once the batch is written, and `start` writes the files a crash left
   * behind under their batch ids. Unset: memory only (a kill loses the batch waiting).
   */
  walDir?: string;
  /** Where the rows the store refuses go (the rest of their batch is written). */
  deadLetters: DeadLetters;
}

/**
 * The embedded ingest path: accepted events wait in memory and are written in batches (every
 * `flushIntervalMs` or `flushRows`, and on stop). A batch keeps its id through retries, and the id is
 * ClickHouse's insert deduplication token, so a retry after a lost answer is stored once.
 *
 * With `walDir`, each batch is also a file: a kill of the process (even in the middle of an insert,
 * which can leave the raw rows without their rollup rows) loses nothing, as the next start writes
 * the batch again under the same id: ClickHouse keeps what was there and adds what was missing.
 * That replay runs in the background (the service listens at once), ahead of the batches accepted
 * meanwhile. A row the store refuses never holds back the others (see {@link writeIsolating}).
 */
export class BatchWriter implements EventSink {
  /** The accepted events' rows: each event is serialised once, for its log line and its insert. */
  private pending: EventRow[] = [];
  /** The write-ahead log file of `pending` (with `walDir`), created with its first event. */
  private segment: WalSegment | undefined;
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
    const row = encodeEventRow(event);
    this.pending.push(row);
    if (this.options.walDir) this.segment ??= new WalSegment(this.options.walDir);
    const logged = this.segment?.append(row);
    // `write` retries until done and never rejects, so a flush needs no handler here.
    if (this.pending.length >= this.options.flushRows) void this.flush();
    await logged;
  }

  /**
   * Starts the timer, and writing the batches a crash left in the log in the background, ahead of
   * the batches accepted from now on: start-up never waits on the store.
   */
  async start(): Promise<void> {
    if (this.options.walDir) {
      await openWal(this.options.walDir);
      const left = await loggedBatches(this.options.walDir);
      if (left.length > 0) this.writing = this.writing.then(() => this.replay(left));
    }
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
    const segment = this.segment;
    this.pending = [];
    this.segment = undefined;
    this.inFlight += batch.length;
    const id = segment?.batchId ?? randomUUID();
    this.writing = this.writing
      .then(async () => {
        // The file is complete before the insert; it goes once the batch is written (kept if not).
        await segment?.close().catch((err: unknown) => this.logger.warn({ err, batchId: id }, 'analytics batch log not closed'));
        if (await this.write(batch, id)) await segment?.remove();
      })
      .finally(() => {
        this.inFlight -= batch.length;
      });
    return this.writing;
  }

  /** Resolves once the batches a crash left in the log and every batch flushed so far are written. */
  idle(): Promise<void> {
    return this.writing;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.flush();
  }

  private async replay(batches: LoggedBatch[]): Promise<void> {
    for (const batch of batches) {
      if (batch.rows.length > 0 && !(await this.write(batch.rows, batch.batchId))) return;
      await batch.remove();
      this.logger.info({ batchId: batch.batchId, rows: batch.rows.length }, 'analytics batch left by a crash written again');
    }
  }

  /**
   * Retries with backoff until written (true), the rows the store refuses dead-lettered; while stopping, gives up after a few attempts (false,
   * logged: with a log the batch is written at the next start, without it its rows are lost).
   */
  private async write(batch: EventRow[], id: string): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        await writeIsolating(this.store, batch, id, this.options.deadLetters);
        return true;
      } catch (err) {
        if (this.stopped && attempt >= 5) {
          const kept = this.options.walDir ? 'rows kept in the log for the next start' : 'rows lost';
          this.logger.error({ err, rows: batch.length, batchId: id }, `analytics batch not written before shutdown: ${kept}`);
          if (!this.options.walDir) rowsDropped.inc({ reason: 'shutdown' }, batch.length);
          return false;
        }
        this.logger.warn({ err, rows: batch.length, batchId: id, attempt }, 'analytics batch not written: retrying');
        await delay(Math.min(5_000, 100 * 2 ** attempt));
      }
    }
  }
}
