import { setTimeout as delay } from 'node:timers/promises';
import {
  Admin,
  Consumer,
  MessagesStreamFallbackModes,
  MessagesStreamModes,
  stringDeserializers,
  type Message,
  type MessagesStream,
} from '@platformatic/kafka';
import { ensureKafkaTopics, retryWhileKafkaWarmsUp, type Logger } from '@limo/platform';
import type { AnalyticsStore, StoredEvent } from '../repositories/analytics-store.port.js';
import type { DeadLetters } from './dead-letters.js';
import { rowsDropped } from './metrics.js';
import { writeIsolating } from './write-isolating.js';
import { encodeEventRow } from '../repositories/event-row.js';

export interface KafkaIngestOptions {
  brokers: string[];
  /** The process's static name in the group (KAFKA_INSTANCE_ID), as the bus's consumers have it. */
  instanceId?: string;
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

type IngestMessage = Message<string, string, string, string>;

/** Bytes of one event in Kafka, roughly: sizes the fetch so a batch holds about `flushRows` events. */
const EVENT_BYTES = 700;
/** The longest wait before a failed consumer is started again (it doubles from 1 s). */
const MAX_RESTART_WAIT_MS = 10_000;

/**
 * The distributed ingest path's second half: a Kafka consumer (@platformatic/kafka) that writes what
 * each fetch brings to ClickHouse and commits its offsets only afterwards. The broker holds a fetch
 * until about `flushRows` events are there or `flushIntervalMs` passed, so inserts are large and few.
 *
 * Nothing is inserted twice: every row carries its event id, and a batch first asks the store which
 * of its event ids it holds already, skipping those rows (a consumer that stopped between insert and
 * commit, a partition moved to another instance, or a client event sent again). Rows also carry their
 * source, the topic's incarnation (its topic id: a topic a broker lost and got back starts again at
 * offset 0) and partition, and their offset: rows at or below the highest offset stored for their
 * source are skipped without asking, and each insert carries a deduplication token made of them.
 *
 * Nothing is counted short either: an insert reaches the raw table first and the rollups (its
 * materialized views) after, so a process killed in between leaves raw rows the skip above would
 * never send to the rollups again. Before the first batch of a partition (after a start, a rebalance
 * or a failed insert), the partition's last written batch, when not committed yet, is therefore
 * written again under its own token: a no-op where it was complete, the missing rollup rows where it
 * was cut short.
 *
 * The consumer is supervised: when its stream fails (the brokers away past the client's retries, the
 * topic lost with a broker's data) or an insert fails, it is replaced by a new one after a doubling
 * wait (1 s to 10 s), the topic ensured again first, and the new one resumes from the committed offsets.
 */
export class KafkaIngestConsumer {
  private consumer: Consumer<string, string, string, string> | undefined;
  private stream: MessagesStream<string, string, string, string> | undefined;
  /** Partitions ('<source>') whose last batch is known complete in this consumer's life. */
  private readonly complete = new Set<string>();
  /** Fetched messages not written yet, by partition ('<topic>:<partition>'). */
  private readonly pending = new Map<string, IngestMessage[]>();
  private buffered = 0;
  private writing: Promise<void> | undefined;
  private lastCommit: Promise<void> = Promise.resolve();
  private stopping = new AbortController();
  private restarting: Promise<void> | undefined;
  private wait = 1_000;

  constructor(
    private readonly store: AnalyticsStore,
    private readonly logger: Logger,
    private readonly options: KafkaIngestOptions,
  ) {}

  /** Creates the topic when missing, joins the group and starts consuming. */
  async start(): Promise<void> {
    this.stopping = new AbortController();
    // A topic just created may be missing from a metadata answer for a moment: started again then.
    await retryWhileKafkaWarmsUp(() => this.startConsumer(), this.logger, { topic: this.options.topic });
  }

  /** Stops fetching; the batch being written finishes and is committed first. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.restarting;
    await this.closeConsumer();
  }

  private async startConsumer(): Promise<void> {
    const { brokers, topic, group, flushIntervalMs, flushRows } = this.options;
    const admin = new Admin({ clientId: 'analytics-ingest', bootstrapBrokers: brokers, connectTimeout: 3_000 });
    try {
      // Ensured on every start: a broker that lost its data has lost the topic too.
      await ensureKafkaTopics(admin, [topic], this.options.partitions ?? 3, this.logger);
    } finally {
      await admin.close();
    }
    const consumer = new Consumer({
      clientId: 'analytics-ingest',
      bootstrapBrokers: brokers,
      groupId: group,
      ...(this.options.instanceId && { groupInstanceId: this.options.instanceId }),
      deserializers: stringDeserializers,
      autocommit: false,
      // The client heartbeats on its own connection, whatever an insert takes.
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      rebalanceTimeout: 10_000,
      maxWaitTime: flushIntervalMs,
      minBytes: flushRows * EVENT_BYTES,
      maxBytesPerPartition: Math.max(1_048_576, flushRows * EVENT_BYTES * 2),
      highWaterMark: flushRows * 2,
      connectTimeout: 3_000,
      retries: 3,
      retryDelay: 250,
    });
    this.consumer = consumer;
    // A failed rejoin is told on the consumer's own 'error' event (no listener: an uncaught exception).
    consumer.on('error', (err: unknown) => this.consumer === consumer && this.failed(err));
    // Partitions may come back from another instance that died in the middle of an insert.
    consumer.on('consumer:group:join', () => this.complete.clear());
    try {
      const stream = await consumer.consume({
        topics: [topic],
        mode: MessagesStreamModes.COMMITTED,
        fallbackMode: MessagesStreamFallbackModes.EARLIEST,
        autocommit: false,
      });
      this.stream = stream;
      // A stream replaced already (closed by a restart) has nothing more to say.
      stream.on('data', (message: IngestMessage) => this.stream === stream && this.take(message));
      stream.on('error', (err: unknown) => this.stream === stream && this.failed(err));
      stream.on('close', () => this.stream === stream && this.failed(new Error('the message stream closed')));
    } catch (err) {
      await this.closeConsumer();
      throw err;
    }
  }

  /** Lets the write in progress finish, commits it and leaves the group; drops what was not written. */
  private async closeConsumer(): Promise<void> {
    const { consumer, stream } = this;
    this.consumer = undefined;
    this.stream = undefined;
    await this.writing?.catch(() => undefined);
    this.pending.clear();
    this.buffered = 0;
    this.complete.clear();
    await Promise.race([this.lastCommit, delay(5_000)]);
    await stream?.close().catch(() => undefined);
    await consumer?.close(true).catch((err: unknown) => this.logger.warn({ err }, 'analytics ingest: consumer did not close'));
  }

  /** The consumer stopped working: a new one is started after a doubling wait. */
  private failed(err: unknown): void {
    if (this.stopping.signal.aborted || this.restarting) return;
    this.logger.error(
      { err, topic: this.options.topic, retryInMs: this.wait },
      'analytics ingest: consumer stopped working, starting a new one',
    );
    this.restarting = this.restart().finally(() => (this.restarting = undefined));
  }

  private async restart(): Promise<void> {
    await this.closeConsumer();
    while (!this.stopping.signal.aborted) {
      await delay(this.wait, undefined, { signal: this.stopping.signal }).catch(() => undefined);
      if (this.stopping.signal.aborted) return;
      this.wait = Math.min(this.wait * 2, MAX_RESTART_WAIT_MS);
      try {
        await this.startConsumer();
        return;
      } catch (err) {
        this.logger.error({ err, retryInMs: this.wait }, 'analytics ingest: consumer could not start again, retrying');
      }
    }
  }

  private take(message: IngestMessage): void {
    if (this.stopping.signal.aborted || !this.stream) return;
    const key = `${message.topic}:${message.partition}`;
    const list = this.pending.get(key) ?? [];
    list.push(message);
    this.pending.set(key, list);
    if (++this.buffered >= this.options.flushRows * 2) this.stream.pause();
    // A fetch's messages arrive together: they are written once they all did.
    this.writing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.writeAll());
  }

  /** Writes what was fetched, partition by partition, until nothing is left. */
  private async writeAll(): Promise<void> {
    try {
      while (this.pending.size > 0 && !this.stopping.signal.aborted) {
        const [key, messages] = this.pending.entries().next().value as [string, IngestMessage[]];
        this.pending.delete(key);
        this.buffered -= messages.length;
        await this.write(messages);
      }
      this.wait = 1_000;
    } catch (err) {
      this.writing = undefined;
      this.failed(err);
      return;
    }
    this.writing = undefined;
    if (this.stream?.isPaused()) this.stream.resume();
  }

  /** The partition's source: its topic's incarnation, so a topic created again is told apart. */
  private sourceOf(message: IngestMessage): string {
    const topicId = this.consumer?.currentMetadata?.topics.get(message.topic)?.id ?? 'unknown';
    return `${message.topic}:${topicId}:${message.partition}`;
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

  private async write(messages: IngestMessage[]): Promise<void> {
    const source = this.sourceOf(messages[0]);
    if (!this.complete.has(source)) {
      await this.completeLastBatch(source, Number(messages[0].offset));
      this.complete.add(source);
    }
    const stored = await this.store.maxIngestOffset(source);
    for (let start = 0; start < messages.length; start += this.options.flushRows) {
      if (this.stopping.signal.aborted) return;
      const chunk = messages.slice(start, start + this.options.flushRows);
      const rows: StoredEvent[] = [];
      for (const message of chunk) {
        const offset = Number(message.offset);
        if (offset <= stored) continue;
        const row = parseEvent(message.value);
        if (row) rows.push({ ...row, ingestSource: source, ingestOffset: offset });
        else {
          rowsDropped.inc({ reason: 'malformed' });
          this.logger.error({ source, offset }, 'analytics ingest: not an analytics event, skipped');
        }
      }
      const last = chunk[chunk.length - 1];
      const fresh = await this.withoutStored(rows);
      if (fresh.length > 0) {
        try {
          await writeIsolating(
            this.store,
            fresh.map(encodeEventRow),
            `${source}:${chunk[0].offset}-${last.offset}`,
            this.options.deadLetters,
          );
        } catch (err) {
          // Perhaps written to the raw table only: completed before this partition's next batch.
          this.complete.delete(source);
          throw err;
        }
      }
      // Committed in the background (the highest offset of the partition wins); awaited on stop.
      this.lastCommit = Promise.resolve(last.commit()).catch((err: unknown) =>
        this.logger.warn({ source, err }, 'analytics ingest: commit failed, the rows will be read again (and skipped)'),
      );
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
