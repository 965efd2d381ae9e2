import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '@limo/platform';
import { decodeEventRow, encodeEventRow, type StoredEvent } from '@limo/analytics-store';
import { loggedBatches, openWal, WalSegment } from './batch-wal.js';

export interface SpoolOptions {
  /** Folder of the spool's files (one per stretch of spooling, as the write-ahead log's). */
  dir: string;
  /** Publishes events in order; rejects while the broker is away. */
  forward: (events: StoredEvent[]) => Promise<void>;
  /** Events per forward call at most. */
  maxBatch: number;
  /** Wait between two failed forwards, at first (it doubles, up to 5 s). Default 250 ms. */
  retryMs?: number;
}

/**
 * Accepted events kept on disk while the broker cannot take them: `append` resolves once the event
 * is in a file (it outlives a kill of the process), and a forwarder publishes the files oldest first,
 * in order, removing each once the broker holds all of it, until nothing is left: then `active` is
 * false again and events go straight to the broker. Files left by a stop or a crash are forwarded
 * from `open` on. An event forwarded twice (a crash between the broker's answer and the file's
 * removal) is stored once: the ingest keeps one row per event id.
 */
export class Spool {
  private segment: WalSegment | undefined;
  private forwarding: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly logger: Logger,
    private readonly options: SpoolOptions,
  ) {}

  /** Whether events are being spooled: new events must follow the spooled ones, into the spool. */
  get active(): boolean {
    return this.forwarding !== undefined;
  }

  /** Creates the folder and forwards in the background what an earlier run left in it. */
  async open(): Promise<void> {
    await openWal(this.options.dir);
    const left = (await loggedBatches(this.options.dir)).reduce((n, b) => n + b.rows.length, 0);
    if (left > 0) {
      this.logger.warn({ events: left, dir: this.options.dir }, 'analytics events spooled by an earlier run: forwarding them');
      this.forwarding ??= this.forward();
    }
  }

  /** Keeps the event on disk; resolves once it is in the file. Starts the forwarder if idle. */
  append(event: StoredEvent): Promise<void> {
    this.segment ??= new WalSegment(this.options.dir);
    const written = this.segment.append(encodeEventRow(event));
    this.forwarding ??= this.forward();
    return written;
  }

  /** Stops forwarding (what is left stays on disk for the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.forwarding;
    await this.segment?.close();
  }

  private async forward(): Promise<void> {
    try {
      for (;;) {
        // Events appended from now on go to a new file, forwarded in the next round.
        const current = this.segment;
        this.segment = undefined;
        await current?.close();
        const open = this.openSegment()?.batchId;
        for (const file of (await loggedBatches(this.options.dir)).filter((b) => b.batchId !== open)) {
          const events = file.rows.map(decodeEventRow).filter((e) => e !== undefined);
          for (let i = 0; i < events.length; i += this.options.maxBatch) {
            if (!(await this.send(events.slice(i, i + this.options.maxBatch)))) return;
          }
          await file.remove();
          this.logger.info({ events: events.length }, 'spooled analytics events forwarded');
        }
        // Checked and left in one step: an `append` after it starts a new forwarder.
        if (!this.openSegment()) return;
      }
    } catch (err) {
      this.logger.error({ err, dir: this.options.dir }, 'analytics spool not forwarded: kept on disk for the next start');
    } finally {
      this.forwarding = undefined;
    }
  }

  /** The file events are appended to now (read through a call: it changes while `forward` awaits). */
  private openSegment(): WalSegment | undefined {
    return this.segment;
  }

  /** Forwards one chunk, retrying with backoff until it is taken (true) or the spool stops (false). */
  private async send(events: StoredEvent[]): Promise<boolean> {
    for (let attempt = 0; !this.stopped; attempt++) {
      try {
        await this.options.forward(events);
        return true;
      } catch (err) {
        if (attempt % 20 === 0) this.logger.warn({ err, attempt }, 'spooled analytics events not forwarded yet: retrying');
        await delay(Math.min(5_000, (this.options.retryMs ?? 250) * 2 ** Math.min(attempt, 5)));
      }
    }
    return false;
  }
}
