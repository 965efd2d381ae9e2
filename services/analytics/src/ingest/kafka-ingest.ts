import { Kafka, logLevel, type Consumer, type EachBatchPayload } from 'kafkajs';
import { retryWhileKafkaWarmsUp, type Logger } from '@limo/platform';
import type { AnalyticsStore, StoredEvent } from '../store/analytics-store.port.js';
import type { DeadLetters } from './dead-letters.js';
import { rowsDropped } from './metrics.js';
import { writeIsolating } from './write-isolating.js';

export interface KafkaIngestOptions {
  brokers: string[];
  topic: string;
  /** Consumer group of the ingest consumers (instances share the partitions). */
  group: string;
  /** The longest a fetch waits for `flushRows` worth of events: the batch interval. */
  flushIntervalMs: number;
  /** Rows per insert at most (a larger fetch is written in several inserts). */
  flushRows: number;
  /** Partitions of the topic when it has to be created. Default 3. */
  partitions?: number;
  /** Where the rows the store refuses go (the rest of their batch is written and committed). */
  deadLetters: DeadLetters;
}

/** Bytes of one event in Kafka, roughly: sizes the fetch so a batch holds about `flushRows` events. */
const EVENT_BYTES = 700;

/**
 * The distributed ingest path's second half: a Kafka consumer (kafkajs, batch mode) that writes each
 * fetched batch to ClickHouse and commits its offsets only afterwards. The broker holds a fetch until
 * about `flushRows` events are there or `flushIntervalMs` passed, so inserts are large and few.
 *
 * Nothing is inserted twice: every row carries its partition and offset, and a batch first asks the
 * store for the highest offset it already holds for that partition, skipping those rows (a consumer
 * that stopped between insert and commit, or a partition moved to another instance, redelivers them).
 * Each insert also carries a deduplication token made of its offsets.
 *
 * Nothing is counted short either: an insert reaches the raw table first and the rollups (its
 * materialized views) after, so a process killed in between leaves raw rows the skip above would
 * never send to the rollups again. Before the first batch of a partition (after a start, a rebalance
 * or a failed insert), the partition's last written batch, when not committed yet, is therefore
 * written again under its own token: a no-op where it was complete, the missing rollup rows where it
 * was cut short.
 */
export class KafkaIngestConsumer {
  private consumer: Consumer | undefined;
  /** Partitions ('<topic>:<partition>') whose last batch is known complete in this consumer's life. */
  private readonly complete = new Set<string>();

  constructor(
    private readonly store: AnalyticsStore,
    private readonly logger: Logger,
    private readonly options: KafkaIngestOptions,
  ) {}

  /** Creates the topic when missing, joins the group and starts consuming. */
  async start(): Promise<void> {
    const kafka = new Kafka({
      clientId: 'analytics-ingest',
      brokers: this.options.brokers,
      logLevel: logLevel.NOTHING,
      connectionTimeout: 3_000,
    });
    const context = { topic: this.options.topic, group: this.options.group };
    const admin = kafka.admin();
    await admin.connect();
    try {
      await retryWhileKafkaWarmsUp(
        () =>
          admin.createTopics({
            topics: [{ topic: this.options.topic, numPartitions: this.options.partitions ?? 3, replicationFactor: 1 }],
            waitForLeaders: true,
          }),
        this.logger,
        context,
      );
    } finally {
      await admin.disconnect();
    }
    // A topic just created may be unknown to a broker's metadata for a moment: the consumer is
    // started again on such retriable answers.
    this.consumer = await retryWhileKafkaWarmsUp(() => this.startConsumer(kafka), this.logger, context);
  }

  private async startConsumer(kafka: Kafka): Promise<Consumer> {
    const consumer = kafka.consumer({
      groupId: this.options.group,
      sessionTimeout: 30_000,
      heartbeatInterval: 1_000,
      rebalanceTimeout: 10_000,
      maxWaitTimeInMs: this.options.flushIntervalMs,
      minBytes: this.options.flushRows * EVENT_BYTES,
      maxBytesPerPartition: Math.max(1_048_576, this.options.flushRows * EVENT_BYTES * 2),
      allowAutoTopicCreation: false,
    });
    // Partitions may come back from another instance that died in the middle of an insert.
    consumer.on(consumer.events.GROUP_JOIN, () => this.complete.clear());
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [this.options.topic], fromBeginning: true });
      await consumer.run({
        eachBatchAutoResolve: false,
        autoCommit: false,
        partitionsConsumedConcurrently: this.options.partitions ?? 3,
        eachBatch: (payload) => this.handle(payload),
      });
      return consumer;
    } catch (err) {
      await consumer.disconnect().catch(() => undefined);
      throw err;
    }
  }

  /** Stops fetching; the batch being written finishes and is committed first. */
  async stop(): Promise<void> {
    await this.consumer?.disconnect();
    this.consumer = undefined;
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

  private async handle({ batch, resolveOffset, commitOffsetsIfNecessary, heartbeat, isRunning, isStale }: EachBatchPayload): Promise<void> {
    if (batch.messages.length === 0) return;
    const source = `${batch.topic}:${batch.partition}`;
    if (!this.complete.has(source)) {
      await this.completeLastBatch(source, Number(batch.messages[0]?.offset));
      this.complete.add(source);
    }
    const stored = await this.store.maxIngestOffset(source);
    for (let start = 0; start < batch.messages.length; start += this.options.flushRows) {
      if (!isRunning() || isStale()) return;
      const chunk = batch.messages.slice(start, start + this.options.flushRows);
      const rows: StoredEvent[] = [];
      for (const message of chunk) {
        const offset = Number(message.offset);
        if (offset <= stored) continue;
        const row = parseEvent(message.value?.toString());
        if (row) rows.push({ ...row, ingestSource: source, ingestOffset: offset });
        else {
          rowsDropped.inc({ reason: 'malformed' });
          this.logger.error({ source, offset }, 'analytics ingest: not an analytics event, skipped');
        }
      }
      const first = chunk[0]?.offset;
      const last = chunk[chunk.length - 1]?.offset ?? '';
      const fresh = await this.withoutStored(rows);
      if (fresh.length > 0) {
        try {
          await writeIsolating(this.store, fresh, `${source}:${first}-${last}`, this.options.deadLetters);
        } catch (err) {
          // Perhaps written to the raw table only: completed before this partition's next batch.
          this.complete.delete(source);
          throw err;
        }
      }
      resolveOffset(last);
      await commitOffsetsIfNecessary({
        topics: [{ topic: batch.topic, partitions: [{ partition: batch.partition, offset: String(Number(last) + 1) }] }],
      });
      await heartbeat();
    }
  }
}

/** How far back a retried client event's first copy is looked for (a client retries within minutes). */
const RETRY_LOOKBACK_MS = 60 * 60 * 1000;

function parseEvent(text: string | undefined): StoredEvent | undefined {
  if (!text) return undefined;
  try {
    const envelope = JSON.parse(text) as { data?: StoredEvent };
    return envelope.data && typeof envelope.data.eventId === 'string' ? envelope.data : undefined;
  } catch {
    return undefined;
  }
}
