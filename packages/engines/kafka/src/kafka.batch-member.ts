import { setTimeout as delay } from 'node:timers/promises';
import { MessagesStreamFallbackModes, MessagesStreamModes, type Consumer, type MessagesStream } from '@platformatic/kafka';
import type { Logger } from '@limo/platform';
import { COMMIT_WAIT_MS, groupConsumer, MAX_RESTART_WAIT_MS, type GroupMemberOptions, type KafkaMessage } from './kafka.member.js';
import { retryWhileKafkaWarmsUp } from './kafka.topics.js';

/** Consecutive messages of one partition, as the batch member hands them over. */
interface KafkaBatch {
  /** `<topic>:<topic id>:<partition>` (see EventBatch.source). */
  source: string;
  /** First batch of the source since the member (re)joined its group. */
  resumed: boolean;
  messages: KafkaMessage[];
}

export interface BatchMemberOptions extends GroupMemberOptions {
  /** The topic as named on the brokers. */
  topic: string;
  /** Messages per batch at most. */
  maxEvents: number;
  /** The longest a fetch waits on the broker for `maxEvents` worth of messages. */
  maxWaitMs: number;
  logger: Logger;
  /** Creates the topic when missing (a broker that lost its data has lost it too). */
  ensureTopic(): Promise<void>;
  /** Handles one batch; its offsets are committed once it resolves. A throw restarts the member. */
  deliver(batch: KafkaBatch): Promise<void>;
}

/** Bytes of one event in Kafka, roughly: sizes the fetch so a batch holds about `maxEvents` events. */
const EVENT_BYTES = 700;

/**
 * A batch consumer of a group (@platformatic/kafka), behind `KafkaEventBus.subscribeBatch`: it hands
 * what each fetch brings over partition by partition, in batches of up to `maxEvents`, and commits a
 * batch's offsets only once it was handled. The broker holds a fetch until about `maxEvents` events
 * are there or `maxWaitMs` passed, so batches are large and few.
 *
 * Each batch names its source, the topic's incarnation (its topic id: a topic a broker lost and got
 * back starts again at offset 0) and partition, and says whether it is the source's first since the
 * member joined the group (after a start, a rebalance or a failed handler) or one that does not follow
 * the batch before it (fetched again after a rejoin), the batch before it perhaps handled in part by a
 * process killed in the middle.
 *
 * The consumer is supervised: when its stream fails (the brokers away past the client's retries, the
 * topic lost with a broker's data) or a handler fails, it is replaced by a new one after a doubling
 * wait (1 s to 10 s), the topic ensured again first, and the new one resumes from the committed offsets.
 */
export class KafkaBatchMember {
  private consumer: Consumer<string, string, string, string> | undefined;
  private stream: MessagesStream<string, string, string, string> | undefined;
  /**
   * The offset of the last message handed over, by source, since the member joined its group. A
   * batch that does not follow it is `resumed`: its source's first since the join, or fetched again
   * from the committed offsets (a rejoin while messages fetched before it were still pending).
   */
  private readonly handed = new Map<string, number>();
  /** Fetched messages not handled yet, by partition ('<topic>:<partition>'). */
  private readonly pending = new Map<string, KafkaMessage[]>();
  private buffered = 0;
  private writing: Promise<void> | undefined;
  private lastCommit: Promise<void> = Promise.resolve();
  private stopping = new AbortController();
  private restarting: Promise<void> | undefined;
  private wait = 1_000;

  constructor(private readonly options: BatchMemberOptions) {}

  /** Creates the topic when missing, joins the group and starts consuming. */
  async start(): Promise<void> {
    this.stopping = new AbortController();
    // A topic just created may be missing from a metadata answer for a moment: started again then.
    await retryWhileKafkaWarmsUp(() => this.startConsumer(), this.options.logger, { topic: this.options.topic });
  }

  /** Stops fetching; the batch being handled finishes and is committed first. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.restarting;
    await this.closeConsumer();
  }

  private async startConsumer(): Promise<void> {
    const { topic, maxWaitMs, maxEvents } = this.options;
    // Ensured on every start: a broker that lost its data has lost the topic too.
    await this.options.ensureTopic();
    const consumer = groupConsumer(this.options, {
      maxWaitTime: maxWaitMs,
      minBytes: maxEvents * EVENT_BYTES,
      maxBytesPerPartition: Math.max(1_048_576, maxEvents * EVENT_BYTES * 2),
      highWaterMark: maxEvents * 2,
    });
    this.consumer = consumer;
    // A failed rejoin is told on the consumer's own 'error' event (no listener: an uncaught exception).
    consumer.on('error', (err: unknown) => this.consumer === consumer && this.failed(err));
    // Partitions may come back from another member that died in the middle of a batch.
    consumer.on('consumer:group:join', () => this.handed.clear());
    try {
      const stream = await consumer.consume({
        topics: [topic],
        mode: MessagesStreamModes.COMMITTED,
        fallbackMode: MessagesStreamFallbackModes.EARLIEST,
        autocommit: false,
      });
      this.stream = stream;
      // A stream replaced already (closed by a restart) has nothing more to say.
      stream.on('data', (message: KafkaMessage) => this.stream === stream && this.take(message));
      stream.on('error', (err: unknown) => this.stream === stream && this.failed(err));
      stream.on('close', () => this.stream === stream && this.failed(new Error('the message stream closed')));
    } catch (err) {
      await this.closeConsumer();
      throw err;
    }
  }

  /** Lets the batch in progress finish, commits it and leaves the group; drops what was not handled. */
  private async closeConsumer(): Promise<void> {
    const { consumer, stream } = this;
    this.consumer = undefined;
    this.stream = undefined;
    await this.writing?.catch(() => undefined);
    this.pending.clear();
    this.buffered = 0;
    this.handed.clear();
    await Promise.race([this.lastCommit, delay(COMMIT_WAIT_MS)]);
    await stream?.close().catch(() => undefined);
    await consumer
      ?.close(true)
      .catch((err: unknown) => this.options.logger.warn({ group: this.options.group, err }, 'Kafka batch consumer did not close'));
  }

  /** The consumer stopped working: a new one is started after a doubling wait. */
  private failed(err: unknown): void {
    if (this.stopping.signal.aborted || this.restarting) return;
    this.options.logger.error(
      { err, topic: this.options.topic, group: this.options.group, retryInMs: this.wait },
      'Kafka batch consumer stopped working: starting a new one',
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
        this.options.logger.error(
          { err, group: this.options.group, retryInMs: this.wait },
          'Kafka batch consumer could not start again: retrying',
        );
      }
    }
  }

  private take(message: KafkaMessage): void {
    if (this.stopping.signal.aborted || !this.stream) return;
    const key = `${message.topic}:${message.partition}`;
    const list = this.pending.get(key) ?? [];
    list.push(message);
    this.pending.set(key, list);
    if (++this.buffered >= this.options.maxEvents * 2) this.stream.pause();
    // A fetch's messages arrive together: they are handed over once they all did.
    this.writing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.writeAll());
  }

  /** Hands what was fetched over, partition by partition, until nothing is left. */
  private async writeAll(): Promise<void> {
    try {
      while (this.pending.size > 0 && !this.stopping.signal.aborted) {
        const [key, messages] = this.pending.entries().next().value as [string, KafkaMessage[]];
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
  private sourceOf(message: KafkaMessage): string {
    const topicId = this.consumer?.currentMetadata?.topics.get(message.topic)?.id ?? 'unknown';
    return `${message.topic}:${topicId}:${message.partition}`;
  }

  private async write(messages: KafkaMessage[]): Promise<void> {
    const source = this.sourceOf(messages[0]);
    for (let start = 0; start < messages.length; start += this.options.maxEvents) {
      if (this.stopping.signal.aborted) return;
      const chunk = messages.slice(start, start + this.options.maxEvents);
      const last = chunk[chunk.length - 1];
      const resumed = this.handed.get(source) !== Number(chunk[0].offset) - 1;
      await this.options.deliver({ source, resumed, messages: chunk });
      this.handed.set(source, Number(last.offset));
      // Committed in the background (the highest offset of the partition wins); awaited on stop.
      this.lastCommit = Promise.resolve(last.commit()).catch((err: unknown) =>
        this.options.logger.warn({ source, err }, 'Kafka commit failed: the batch will be read again'),
      );
    }
  }
}
