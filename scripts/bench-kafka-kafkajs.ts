import { setTimeout as delay } from 'node:timers/promises';
import {
  Kafka,
  Partitioners,
  logLevel,
  type Admin,
  type Consumer,
  type EachBatchPayload,
  type KafkaMessage,
  type LogEntry,
  type Message,
  type Producer,
} from 'kafkajs';
import { pino, type Logger } from 'pino';

import { deadLetterEvent, type EventBus, type EventEnvelope, type SubscribeOptions, type Subscription } from '../packages/platform/src/ports/event-bus.port.js';
import { KeyedWindow } from '../packages/platform/src/events/keyed-window.js';
import { handleWithRetries } from '../packages/platform/src/events/retry.js';

export interface KafkaEventBusOptions {
  /** `host:port` of one or more brokers. */
  brokers: string[];
  /** Names this client in the brokers' logs and metrics. */
  clientId: string;
  /** Receives handler retries, dead letters and kafkajs's own log lines. Silent when absent. */
  logger?: Logger;
  /** Partitions of the topics this bus creates. Default 3. */
  partitions?: number;
  /**
   * Prefixes every topic and consumer group on the brokers, so several deployments (or test runs)
   * can share one cluster without joining each other's groups. Events keep their plain type.
   */
  namespace?: string;
  /** How long a new consumer may take to join its group and fetch before its start counts as failed. Default 30 s. */
  readyTimeoutMs?: number;
}

/**
 * The distributed event bus on Kafka (kafkajs). Topics are created on first use; each subscription
 * is a consumer of its group that handles a partition's events in order, retries a failing handler
 * in-process with backoff, dead-letters the event after the last attempt, and commits an offset only
 * once its event was handled or dead-lettered (at-least-once, no poison-pill loop).
 */
export class KafkajsEventBus implements EventBus {
  /** Topics known to exist, or being created. */
  private readonly topics = new Map<string, Promise<void>>();
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  private constructor(
    private readonly kafka: Kafka,
    private readonly admin: Admin,
    private readonly producer: Producer,
    private readonly options: Required<Pick<KafkaEventBusOptions, 'brokers' | 'partitions' | 'namespace' | 'readyTimeoutMs'>>,
    private readonly logger: Logger,
  ) {}

  /** Connects the producer and the admin client; throws a clear error when the brokers do not answer. */
  static async create(opts: KafkaEventBusOptions): Promise<KafkajsEventBus> {
    const logger = opts.logger ?? pino({ level: 'silent' });
    const kafka = new Kafka({
      clientId: opts.clientId,
      brokers: opts.brokers,
      connectionTimeout: 3_000,
      retry: { initialRetryTime: 100, retries: 3 },
      logLevel: opts.logger ? logLevel.INFO : logLevel.NOTHING,
      logCreator: () => (entry) => logKafka(logger, entry),
    });
    const admin = kafka.admin();
    // Not kafkajs's idempotent producer: when a broker died after writing a batch but before answering,
    // kafkajs took the batch's sequence numbers back, and the relay's next publish (that batch and the
    // events written since) was refused for good with OUT_OF_ORDER_SEQUENCE_NUMBER: the service published
    // nothing more until it restarted (kafka-lost-answer.int.test.ts). Delivery is at-least-once
    // anyway (the outbox publishes again after any doubt) and every consumer is idempotent (a
    // handled-id record or versioned writes), so a batch written twice costs nothing. Order: the relay
    // publishes one batch at a time, each again in full until it is acknowledged, so the first copy of
    // each event keeps its key's order; one request in flight per broker keeps the requests of one
    // publish from overtaking each other. (Callers that publish concurrently, like analytics' ingest,
    // get no order between their calls, and need none.)
    const producer = kafka.producer({
      idempotent: false,
      maxInFlightRequests: 1,
      retry: { retries: 5, initialRetryTime: 100, maxRetryTime: 5_000 },
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    try {
      await admin.connect();
      await producer.connect();
    } catch (err) {
      await Promise.allSettled([admin.disconnect(), producer.disconnect()]);
      throw unreachable(opts.brokers, err);
    }
    return new KafkajsEventBus(
      kafka,
      admin,
      producer,
      {
        brokers: opts.brokers,
        partitions: opts.partitions ?? 3,
        namespace: opts.namespace ?? '',
        readyTimeoutMs: opts.readyTimeoutMs ?? 30_000,
      },
      logger,
    );
  }

  /**
   * Sends the events keyed by `event.key` to their topics, waiting for every in-sync replica. Rejects
   * when the brokers stay away through the producer's retries (a few seconds): the caller (the outbox
   * relay) publishes the events again, and those of a batch that was written after all arrive twice.
   */
  async publish(events: EventEnvelope[]): Promise<void> {
    this.assertOpen();
    await this.send(events);
  }

  /**
   * Starts a consumer of the group; resolves once it joined and fetched from its partitions. The
   * consumer is supervised: kafkajs restarts it after a retriable crash, and leaves it stopped for good
   * after any other (its group would then silently stop consuming); such a consumer is replaced by a
   * new one. A consumer that keeps crashing is replaced after a doubling wait (1 s to 30 s, back to
   * 1 s once one has run for a minute), so it does not drag its group through a rebalance a second.
   */
  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    const topics = options.topics.map((topic) => this.physical(topic));
    await this.ensureTopics(topics);
    const closing = new AbortController();
    // A topic just created may still be unknown to the broker's metadata for a moment ("does not host
    // this topic-partition"): such retriable answers start the consumer again, as topic creation does.
    const start = () =>
      retryWhileKafkaWarmsUp(() => this.startConsumer(options, topics, closing.signal), this.logger, { group: options.group });
    let member = await start();
    let startedAt = Date.now();
    let wait = 1_000;
    let replacing: Promise<void> | undefined;
    const pause = () => delay(wait, undefined, { signal: closing.signal }).catch(() => undefined);
    const replace = async (dead: Member) => {
      await dead.stop();
      if (Date.now() - startedAt >= 60_000) wait = 1_000;
      else await pause();
      while (!closing.signal.aborted) {
        wait = Math.min(wait * 2, 30_000);
        try {
          const next = await start();
          if (closing.signal.aborted) return void (await next.stop());
          member = next;
          startedAt = Date.now();
          return void watch(next);
        } catch (err) {
          this.logger.error({ group: options.group, err, retryInMs: wait }, 'Kafka consumer could not start again: retrying');
          await pause();
        }
      }
    };
    const watch = (watched: Member) =>
      watched.consumer.on(watched.consumer.events.CRASH, ({ payload }) => {
        if (payload.restart || closing.signal.aborted || watched !== member || replacing) return;
        this.logger.error({ group: options.group, err: payload.error }, 'Kafka consumer stopped for good: starting a new one');
        replacing = replace(watched).finally(() => {
          replacing = undefined;
        });
      });
    watch(member);
    const subscription: Subscription = {
      close: async () => {
        if (!this.subscriptions.delete(subscription)) return;
        // A replacement being started gives up (its start resolves at once) and stops what it started.
        closing.abort();
        await replacing;
        await member.stop();
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** One consumer of the group on the (physical) topics, running once it joined. */
  private async startConsumer(options: SubscribeOptions, topics: string[], cancel: AbortSignal): Promise<Member> {
    const consumer = this.kafka.consumer({
      groupId: this.physical(options.group),
      // Short timeouts so a member that leaves or joins is rebalanced within about a second.
      sessionTimeout: 10_000,
      rebalanceTimeout: 10_000,
      heartbeatInterval: 1_000,
      maxWaitTimeInMs: 100,
      allowAutoTopicCreation: false,
      retry: { initialRetryTime: 100, retries: 5 },
    });
    const stopping = new AbortController();
    // Closing the subscription while this start is under way ends its wait for readiness at once.
    cancel.addEventListener('abort', () => stopping.abort(), { once: true });
    const ready = untilReady(consumer, options.group, stopping.signal, this.options.readyTimeoutMs);
    // Awaited below once the consumer runs; until then a crash must not count as an unhandled rejection.
    ready.catch(() => undefined);
    try {
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: options.fromBeginning ?? true });
      await consumer.run({
        partitionsConsumedConcurrently: options.topics.length * this.options.partitions,
        eachBatchAutoResolve: false,
        // With a threshold of one, commitOffsetsIfNecessary() commits each resolved offset at once.
        autoCommitThreshold: 1,
        eachBatch: (payload) => this.consume(payload, options, stopping.signal),
      });
      await ready;
    } catch (err) {
      stopping.abort();
      await consumer.disconnect().catch(() => undefined);
      throw err;
    }
    return {
      consumer,
      stop: async () => {
        stopping.abort();
        // kafkajs waits for the batch in progress, whose handled offsets are already committed.
        await consumer
          .disconnect()
          .catch((err: unknown) => this.logger.warn({ group: options.group, err }, 'Kafka consumer did not disconnect'));
      },
    };
  }

  /** Asks the cluster to describe itself within two seconds. */
  async ping(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.admin.describeCluster(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer within 2000 ms')), 2_000);
        }),
      ]);
    } catch (err) {
      throw unreachable(this.options.brokers, err);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Closes every consumer (in-flight handlers finish and commit), then the producer and admin. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('KafkaEventBus is closed');
  }

  /** The name on the brokers of a topic or group. */
  private physical(name: string): string {
    return this.options.namespace + name;
  }

  /** The topic's name as events know it. */
  private logical(topic: string): string {
    return this.options.namespace && topic.startsWith(this.options.namespace) ? topic.slice(this.options.namespace.length) : topic;
  }

  private async send(events: EventEnvelope[]): Promise<void> {
    const byTopic = new Map<string, Message[]>();
    for (const event of events) {
      if (!event.type || typeof event.key !== 'string') {
        throw new Error(`Event ${event.id} needs a type and a key to be published`);
      }
      const topic = this.physical(event.type);
      const messages = byTopic.get(topic) ?? [];
      messages.push({ key: event.key, value: JSON.stringify(event), headers: { 'event-type': event.type } });
      byTopic.set(topic, messages);
    }
    if (byTopic.size === 0) return;
    await this.ensureTopics([...byTopic.keys()]);
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
  }

  /**
   * Creates the topic (a no-op when it exists) and waits for its leaders. Several processes starting
   * together race to create the same topics, and the broker may answer the leader check with a
   * retriable "does not host this topic-partition" for a while: those answers are retried with
   * backoff for about 15 s before giving up.
   */
  private async createTopic(topic: string): Promise<void> {
    await retryWhileKafkaWarmsUp(
      () =>
        this.admin.createTopics({
          topics: [{ topic, numPartitions: this.options.partitions, replicationFactor: 1 }],
          waitForLeaders: true,
        }),
      this.logger,
      { topic },
    );
  }

  private async ensureTopics(names: string[]): Promise<void> {
    for (const topic of names) {
      if (this.topics.has(topic)) continue;
      const created = this.createTopic(topic);
      this.topics.set(topic, created);
      // A failed creation is forgotten so the next publish or subscribe tries again.
      created.catch(() => this.topics.delete(topic));
    }
    await Promise.all(names.flatMap((topic) => this.topics.get(topic) ?? []));
  }

  /**
   * Handles a fetched batch in offset order in a sliding window of `concurrency` events (distinct keys
   * at once, see KeyedWindow), committing each time the unbroken prefix of events handled or
   * dead-lettered grows. The batch ends once its last event finished: kafkajs fetches the partition's
   * next batch only then.
   */
  private async consume(payload: EachBatchPayload, options: SubscribeOptions, stopping: AbortSignal): Promise<void> {
    const { batch, resolveOffset, commitOffsetsIfNecessary, heartbeat, isRunning, isStale } = payload;
    const window = new KeyedWindow<KafkaMessage>(
      options.concurrency ?? 1,
      (message) => message.key?.toString() ?? '',
      (message) =>
        this.deliver(
          this.logical(batch.topic),
          batch.partition,
          message,
          options,
          { heartbeat, owned: () => isRunning() && !isStale() },
          stopping,
        ),
    );
    let committed = 0;
    const commit = async () => {
      if (window.committed === committed) return;
      committed = window.committed;
      resolveOffset(batch.messages[committed - 1].offset);
      await commitOffsetsIfNecessary();
      await heartbeat();
    };
    try {
      for (const message of batch.messages) {
        while (!window.hasRoom && !window.stopped) {
          await window.settled();
          await commit();
        }
        // Stopped: the consumer is closing mid-retry; the uncommitted events go to the next owner.
        if (window.stopped || !isRunning() || isStale() || stopping.aborted) break;
        window.add(message);
      }
    } finally {
      await window.idle().finally(commit);
    }
  }

  /** Runs the handler with retries; false when closing (or losing the partition) interrupted the retries. */
  private async deliver(
    topic: string,
    partition: number,
    message: KafkaMessage,
    options: SubscribeOptions,
    partitionOwner: { heartbeat: () => Promise<void>; owned: () => boolean },
    stopping: AbortSignal,
  ): Promise<boolean> {
    const { group } = options;
    const maxAttempts = Math.max(1, options.maxAttempts ?? 5);
    const retryDelayMs = options.retryDelayMs ?? 100;
    const context = { topic, partition, offset: message.offset, group };
    const event = parseEnvelope(message.value?.toString() ?? '');
    if (!event) {
      // Not written by this bus: dead-letter the raw text rather than block or skip silently.
      this.logger.error(context, 'message is not a JSON event envelope: dead-lettered');
      const raw: EventEnvelope = {
        id: `${topic}:${partition}:${message.offset}`,
        type: topic,
        occurredAt: new Date(Number(message.timestamp)).toISOString(),
        key: message.key?.toString() ?? '',
        data: message.value?.toString() ?? null,
      };
      await this.send([deadLetterEvent(topic, { event: raw, group, error: 'not a JSON event envelope', attempts: 0 })]);
      return true;
    }
    return handleWithRetries(event, {
      handler: options.handler,
      topic,
      group,
      maxAttempts,
      retryDelayMs,
      stopping,
      logger: this.logger,
      context,
      deadLetter: (dead) => this.send([dead]),
      beforeRetry: partitionOwner.heartbeat,
      owned: partitionOwner.owned,
    });
  }
}

/** The event envelope in a message's text, or undefined when it is not JSON or not an object with an id. */
function parseEnvelope(text: string): EventEnvelope | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' ? (value as EventEnvelope) : undefined;
  } catch {
    return undefined;
  }
}

/** A running consumer of a subscription, and how to stop it. */
interface Member {
  consumer: Consumer;
  stop(): Promise<void>;
}

/**
 * Resolves once the consumer joined its group and, if it got partitions, finished a first fetch:
 * by then their starting offsets are resolved, so an event published next is not missed even by a
 * new group that starts at the end.
 *
 * A start that failed on its own (connect or subscribe threw) aborts `given`: the wait then ends quietly,
 * since nobody awaits it any more (its timer would otherwise reject later, unhandled, and end the process).
 */
function untilReady(consumer: Consumer, group: string, given: AbortSignal, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const listeners: Array<() => void> = [];
    let settled = false;
    const settle = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      listeners.forEach((remove) => remove());
      if (err) reject(err);
      else resolve();
    };
    const timer = setTimeout(() => settle(new Error(`Kafka consumer of group ${group} was not ready within ${timeoutMs} ms`)), timeoutMs);
    const givenUp = () => settle();
    given.addEventListener('abort', givenUp, { once: true });
    listeners.push(
      () => given.removeEventListener('abort', givenUp),
      consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
        const assigned = Object.values(payload.memberAssignment).some((partitions) => partitions.length > 0);
        if (!assigned) settle();
        else listeners.push(consumer.on(consumer.events.FETCH, () => settle()));
      }),
      consumer.on(consumer.events.CRASH, ({ payload }) => settle(payload.error)),
    );
  });
}

function unreachable(brokers: string[], err: unknown): Error {
  const reason = err instanceof Error ? err.message : String(err);
  return new Error(`Kafka unreachable at ${brokers.join(',')}: ${reason}`, { cause: err });
}

/** Sends kafkajs's own log lines to pino instead of the console. */
function logKafka(logger: Logger, { namespace, level, log }: LogEntry): void {
  const { message, timestamp: _timestamp, logger: _logger, ...fields } = log;
  const line = { component: 'kafkajs', namespace, ...fields };
  switch (level) {
    case logLevel.ERROR:
      // kafkajs's Connection logs every protocol error (a rebalance too) before retrying it itself.
      if (namespace === 'Connection') logger.warn(line, message);
      else logger.error(line, message);
      break;
    case logLevel.WARN:
      logger.warn(line, message);
      break;
    case logLevel.INFO:
      logger.debug(line, message);
      break;
    default:
      logger.trace(line, message);
  }
}

/** Attempts at a step that keeps answering a retriable error (~15 s in all). */
const WARM_UP_ATTEMPTS = 10;

/**
 * Runs a Kafka step (creating a topic, starting a consumer) again while the brokers answer it with a
 * retriable error, with backoff for about 15 s: several processes starting together race to create
 * the same topics, and a topic just created is unknown to a broker's metadata for a moment ("This
 * server does not host this topic-partition"). Any other error, or the last attempt's, is thrown.
 */
async function retryWhileKafkaWarmsUp<T>(step: () => Promise<T>, logger: Logger, context: Record<string, unknown>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (!isRetriable(err) || attempt >= WARM_UP_ATTEMPTS) throw err;
      logger.warn({ ...context, attempt, err }, 'Kafka not ready yet: retrying');
      await delay(Math.min(2_000, 200 * 2 ** (attempt - 1)));
    }
  }
}

/** A kafkajs error worth another try: retriable itself, by its cause, or retries that ran out on one. */
function isRetriable(err: unknown): boolean {
  const e = err as { retriable?: boolean; name?: string; cause?: { retriable?: boolean } };
  return e.retriable === true || e.cause?.retriable === true || e.name === 'KafkaJSNumberOfRetriesExceeded';
}
