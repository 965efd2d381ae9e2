import {
  Consumer,
  MessagesStreamFallbackModes,
  MessagesStreamModes,
  stringDeserializers,
  type Message,
  type MessagesStream,
} from '@platformatic/kafka';
import { KeyedWindow, type Logger } from '@limo/platform';

/** A consumed message: key, value and headers as text. */
export type KafkaMessage = Message<string, string, string, string>;

/** A consumer's place: its brokers, its name and its group. */
export interface GroupMemberOptions {
  brokers: string[];
  clientId: string;
  /** The member's static name in its group (see KafkaEventBusOptions.instanceId). */
  instanceId?: string;
  /** The group as named on the brokers. */
  group: string;
}

/** How a consumer fetches: how long a fetch waits on the broker, for how much, and how much it buffers. */
export interface FetchSizing {
  maxWaitTime: number;
  highWaterMark: number;
  minBytes?: number;
  maxBytesPerPartition?: number;
}

/**
 * A consumer of the group that commits by hand (text keys, values and headers). Short timeouts, so a
 * member that leaves or joins is rebalanced within about a second; the client heartbeats on its own
 * connection, whatever the handlers do.
 */
export function groupConsumer(options: GroupMemberOptions, fetch: FetchSizing): Consumer<string, string, string, string> {
  return new Consumer({
    clientId: options.clientId,
    bootstrapBrokers: options.brokers,
    groupId: options.group,
    ...(options.instanceId && { groupInstanceId: options.instanceId }),
    deserializers: stringDeserializers,
    autocommit: false,
    sessionTimeout: 10_000,
    rebalanceTimeout: 10_000,
    heartbeatInterval: 1_000,
    ...fetch,
    connectTimeout: 3_000,
    retries: 3,
    retryDelay: 250,
  });
}

export interface MemberOptions extends GroupMemberOptions {
  /** The topics as named on the brokers. */
  topics: string[];
  fromBeginning: boolean;
  /** Events of one partition in flight at once (see KeyedWindow). */
  concurrency: number;
  readyTimeoutMs: number;
  logger: Logger;
  /**
   * Handles one message; true once handled or dead-lettered (its offset may be committed), false when
   * stopping (or `owned()` turning false) interrupted it. A throw counts as false.
   */
  deliver(message: KafkaMessage, owned: () => boolean, stopping: AbortSignal): Promise<boolean>;
  /** Called once when the member stops working by itself (its stream failed, a partition's handling broke). */
  onFailure(member: KafkaMember, err: unknown): void;
}

/** Messages fetched and not handled yet, across the member's partitions, past which fetching pauses. */
const MAX_BUFFERED = 512;
/** The longest an empty fetch waits on the broker for a message. */
const FETCH_WAIT_MS = 1_000;
/** The longest a stopping member waits for its last commit. */
export const COMMIT_WAIT_MS = 5_000;
/** The longest wait before a failed consumer is started again (it doubles from 1 s). */
export const MAX_RESTART_WAIT_MS = 10_000;

/**
 * One consumer of a group (@platformatic/kafka): its message stream is split by partition, each
 * partition handled in offset order in a sliding window (KeyedWindow: per-key order, `concurrency`
 * events at once), and a partition's offset is committed each time the unbroken prefix of handled
 * events grows (at-least-once). The client heartbeats on its own connection, whatever the handlers
 * do. A member never mends itself: when its stream fails (brokers away past the client's retries, a
 * topic gone) or a partition's handling breaks, it reports `onFailure` and the subscription starts a
 * new one, which resumes from the committed offsets.
 */
export class KafkaMember {
  private readonly lanes = new Map<string, Lane>();
  private stream: MessagesStream<string, string, string, string> | undefined;
  private readonly stopping = new AbortController();
  private failed = false;
  private paused = false;
  /** While the member starts, a failure fails the start (the caller tries again) instead of `onFailure`. */
  private failStart: ((err: unknown) => void) | undefined;

  private constructor(
    private readonly consumer: Consumer<string, string, string, string>,
    private readonly options: MemberOptions,
  ) {}

  /** Joins the group and resolves once the member fetched from its partitions (or got none). */
  static async start(options: MemberOptions): Promise<KafkaMember> {
    // A fetch is answered as soon as a message is there; with none, it waits this long on the broker
    // (a long poll). 100 ms made each of the stack's ~20 members ask ten times a second at rest.
    const consumer = groupConsumer(options, { maxWaitTime: FETCH_WAIT_MS, highWaterMark: MAX_BUFFERED });
    const member = new KafkaMember(consumer, options);
    // A rejoin that fails after a failed heartbeat (the broker went away in the middle) is told on the
    // consumer's own 'error' event, and no more heartbeats follow: the member has stopped working. With
    // no listener, the event would be thrown out of the client as an uncaught exception.
    consumer.on('error', (err: unknown) => member.fail(err));
    try {
      await new Promise<void>((resolve, reject) => {
        member.failStart = reject;
        member.run().then(resolve, reject);
      });
    } catch (err) {
      await member.stop();
      throw err;
    } finally {
      member.failStart = undefined;
    }
    return member;
  }

  private async run(): Promise<void> {
    const { topics, fromBeginning, readyTimeoutMs, group } = this.options;
    const stream = await this.consumer.consume({
      topics,
      mode: MessagesStreamModes.COMMITTED,
      fallbackMode: fromBeginning ? MessagesStreamFallbackModes.EARLIEST : MessagesStreamFallbackModes.LATEST,
      autocommit: false,
    });
    this.stream = stream;
    const fetched = new Promise<void>((resolve, reject) => {
      stream.once('fetch', () => resolve());
      stream.once('error', reject);
    });
    fetched.catch(() => undefined);
    stream.on('data', (message: KafkaMessage) => this.take(message));
    stream.on('error', (err: unknown) => this.fail(err));
    stream.on('close', () => this.fail(new Error('the message stream closed')));
    // A member with no partition has nothing to fetch: it is ready once it joined.
    const assigned = (this.consumer.assignments ?? []).some((a) => topics.includes(a.topic) && a.partitions.length > 0);
    if (!assigned) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Kafka consumer of group ${group} was not ready within ${readyTimeoutMs} ms`)),
        readyTimeoutMs,
      );
    });
    try {
      await Promise.race([fetched, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stops taking messages, lets the handlers in flight finish, commits what they handled and leaves the group. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all([...this.lanes.values()].map((lane) => lane.idle()));
    await this.stream?.close().catch(() => undefined);
    await this.consumer
      .close(true)
      .catch((err: unknown) => this.options.logger.warn({ group: this.options.group, err }, 'Kafka consumer did not close'));
  }

  private take(message: KafkaMessage): void {
    if (this.stopping.signal.aborted) return;
    const key = `${message.topic}:${message.partition}`;
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = new Lane(
        this.options.concurrency,
        (m) => this.handle(m),
        this.options.logger,
        () => this.progressed(key),
      );
      this.lanes.set(key, lane);
    }
    lane.push(message);
    if (!this.paused && this.buffered() > MAX_BUFFERED) {
      this.paused = true;
      this.stream?.pause();
    }
  }

  private handle(message: KafkaMessage): Promise<boolean> {
    const owned = () => !this.stopping.signal.aborted && this.owns(message.topic, message.partition);
    return this.options.deliver(message, owned, this.stopping.signal);
  }

  /** Whether the partition is still this member's (true while the group rebalances and nothing is known). */
  private owns(topic: string, partition: number): boolean {
    const assignments = this.consumer.assignments;
    return !assignments || assignments.some((a) => a.topic === topic && a.partitions.includes(partition));
  }

  private progressed(key: string): void {
    const lane = this.lanes.get(key);
    if (lane?.broken && !this.stopping.signal.aborted) {
      this.fail(lane.error ?? new Error(`handling of ${key} was interrupted`));
      return;
    }
    if (this.paused && this.buffered() < MAX_BUFFERED / 2) {
      this.paused = false;
      this.stream?.resume();
    }
  }

  private buffered(): number {
    let total = 0;
    for (const lane of this.lanes.values()) total += lane.size;
    return total;
  }

  private fail(err: unknown): void {
    if (this.failed || this.stopping.signal.aborted) return;
    if (this.failStart) return this.failStart(err);
    this.failed = true;
    this.options.onFailure(this, err);
  }
}

/** One partition's messages: handled in a sliding window, committed as the handled prefix grows. */
class Lane {
  private readonly window: KeyedWindow<KafkaMessage>;
  private readonly queue: KafkaMessage[] = [];
  /** Messages given to the window and not committed yet, the first being window index `base`. */
  private readonly added: KafkaMessage[] = [];
  private base = 0;
  private waiting = false;
  private lastCommit: Promise<void> = Promise.resolve();
  error: unknown;

  constructor(
    concurrency: number,
    handle: (message: KafkaMessage) => Promise<boolean>,
    private readonly logger: Logger,
    private readonly onProgress: () => void,
  ) {
    this.window = new KeyedWindow<KafkaMessage>(
      concurrency,
      (m) => m.key ?? '',
      (m) =>
        handle(m).catch((err: unknown) => {
          this.error = err;
          return false;
        }),
    );
  }

  /** Messages waiting or in flight. */
  get size(): number {
    return this.queue.length + this.window.inFlight;
  }

  /** True once a message's handling was interrupted or failed: nothing more starts here. */
  get broken(): boolean {
    return this.window.stopped;
  }

  push(message: KafkaMessage): void {
    this.queue.push(message);
    this.pump();
  }

  /** Waits for the messages in flight and their commit. */
  async idle(): Promise<void> {
    this.queue.length = 0;
    await this.window.idle().catch(() => undefined);
    this.commit();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.lastCommit, new Promise((resolve) => (timer = setTimeout(resolve, COMMIT_WAIT_MS)))]);
    clearTimeout(timer);
  }

  private pump(): void {
    while (this.queue.length > 0 && this.window.hasRoom) {
      const message = this.queue.shift()!;
      this.added.push(message);
      this.window.add(message);
    }
    if (this.window.inFlight === 0 || this.waiting) return;
    this.waiting = true;
    void this.window.settled().then(() => {
      this.waiting = false;
      this.commit();
      this.pump();
      this.onProgress();
    });
  }

  private commit(): void {
    const handled = this.window.committed;
    if (handled <= this.base) return;
    const last = this.added[handled - this.base - 1];
    this.added.splice(0, handled - this.base);
    this.base = handled;
    // Commits go through the stream's single request in flight, the highest offset winning.
    this.lastCommit = Promise.resolve(last.commit()).catch((err: unknown) =>
      this.logger.warn({ topic: last.topic, partition: last.partition, offset: String(last.offset), err }, 'Kafka commit failed'),
    );
  }
}
