import type { BatchMessage, EventBatch, EventBus, Logger, Subscription } from '@limo/platform';
import { encodeEventRow, type AnalyticsStore, type StoredEvent } from '@limo/analytics-store';
import type { DeadLetters } from './dead-letters.js';
import { rowsDropped } from './metrics.js';
import { writeIsolating } from './write-isolating.js';

export interface BusIngestOptions {
  /** The topic the track route's events are published to (BusPublisher). */
  topic: string;
  /** Consumer group of the ingest consumers (instances share the partitions). */
  group: string;
  /** The longest the bus waits for `flushRows` events: the batch interval. */
  flushIntervalMs: number;
  /** Rows per insert at most: the bus hands over batches of this many events at most. */
  flushRows: number;
  /** Where the rows the store refuses go (the rest of their batch is written and committed). */
  deadLetters: DeadLetters;
}

/**
 * The distributed ingest path's second half: a batch subscription of the bus (`subscribeBatch`) whose
 * batches are written to ClickHouse; the bus commits their offsets only afterwards. The bus holds a
 * batch until about `flushRows` events are there or `flushIntervalMs` passed, so inserts are large
 * and few.
 *
 * Nothing is inserted twice: every row carries its event id, and a batch first asks the store which
 * of its event ids it holds already, skipping those rows (a consumer that stopped between insert and
 * commit, a partition moved to another instance, or a client event sent again). Rows also carry their
 * source, the topic's incarnation (on Kafka its topic id: a topic a broker lost and got back starts
 * again at offset 0) and partition, and their offset: rows at or below the highest offset stored for
 * their source are skipped without asking, and each insert carries a deduplication token made of them.
 *
 * Nothing is counted short either: an insert reaches the raw table first and the rollups (its
 * materialized views) after, so a process killed in between leaves raw rows the skip above would
 * never send to the rollups again. Before the first batch of a partition (`resumed`: after a start, a
 * rebalance or a failed insert), the partition's last written batch, when not committed yet, is
 * therefore written again under its own token: a no-op where it was complete, the missing rollup rows
 * where it was cut short.
 *
 * A failed insert fails the batch: the bus starts its consumer again after a doubling wait and the
 * batch comes again from the committed offsets.
 */
export class BusIngest {
  private subscription: Subscription | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly store: AnalyticsStore,
    private readonly logger: Logger,
    private readonly options: BusIngestOptions,
  ) {}

  /** Joins the ingest group and starts writing what it reads. */
  async start(): Promise<void> {
    const { group, topic, flushRows, flushIntervalMs } = this.options;
    this.subscription = await this.bus.subscribeBatch({
      group,
      topic,
      maxEvents: flushRows,
      maxWaitMs: flushIntervalMs,
      handler: (batch) => this.write(batch),
    });
  }

  /** Stops reading; the batch being written finishes and is committed first. */
  async stop(): Promise<void> {
    await this.subscription?.close();
  }

  /**
   * The rows whose event is not stored yet, each once. A client event retried after its first
   * attempt reached Kafka but not the client (the process was killed in between) is published again
   * under the same event id (the tracker derives it from the client event).
   */
  private async withoutStored(rows: StoredEvent[]): Promise<StoredEvent[]> {
    if (rows.length === 0) return rows;
    const earliest = Math.min(...rows.map((r) => Date.parse(r.receivedAt)));
    const seen = await this.store.storedEventIds(
      [...new Set(rows.map((r) => r.eventId))],
      new Date(earliest - RETRY_LOOKBACK_MS).toISOString(),
    );
    return rows.filter((r) => !seen.has(r.eventId) && (seen.add(r.eventId), true));
  }

  /**
   * Writes the partition's last batch again under its own token (see the class comment), unless its
   * offsets are below `fetchedFrom` (committed, so written whole: offsets are committed only after
   * the insert answered).
   */
  private async completeLastBatch(source: string, fetchedFrom: number): Promise<void> {
    const last = await this.store.lastBatch(source);
    const lastOffset = last?.events.at(-1)?.ingestOffset ?? -1;
    if (!last || lastOffset < fetchedFrom) return;
    await this.store.insert(last.events, last.batchId);
    this.logger.debug({ source, batchId: last.batchId, rows: last.events.length }, 'analytics ingest: last batch written again');
  }

  private async write({ source, resumed, messages }: EventBatch): Promise<void> {
    if (resumed) await this.completeLastBatch(source, messages[0].offset);
    const stored = await this.store.maxIngestOffset(source);
    const rows: StoredEvent[] = [];
    for (const { offset, event } of messages) {
      if (offset <= stored) continue;
      const row = storedEventOf(event);
      if (row) rows.push({ ...row, ingestSource: source, ingestOffset: offset });
      else {
        rowsDropped.inc({ reason: 'malformed' });
        this.logger.error({ source, offset }, 'analytics ingest: not an analytics event, skipped');
      }
    }
    const fresh = await this.withoutStored(rows);
    if (fresh.length === 0) return;
    const last = messages[messages.length - 1];
    await writeIsolating(this.store, fresh.map(encodeEventRow), `${source}:${messages[0].offset}-${last.offset}`, this.options.deadLetters);
  }
}

/** How far back a retried client event's first copy is looked for (a client retries within minutes). */
const RETRY_LOOKBACK_MS = 60 * 60 * 1000;

/** The analytics event a bus event carries, or undefined when it carries none. */
function storedEventOf(event: BatchMessage['event']): StoredEvent | undefined {
  const data = event?.data as Partial<StoredEvent> | undefined;
  return data && typeof data.eventId === 'string' ? (data as StoredEvent) : undefined;
}
