import { setTimeout as delay } from 'node:timers/promises';
import { Admin, ProduceAcks, Producer, stringSerializers, type MessageToProduce } from '@platformatic/kafka';
import {
  createLogger,
  deadLetterEvent,
  handleWithRetries,
  type Logger,
  type EventBus,
  type EventEnvelope,
  type SubscribeBatchOptions,
  type SubscribeOptions,
  type Subscription,
} from '@limo/platform';
import { KafkaBatchMember } from './kafka.batch-member.js';
import { KafkaMember, MAX_RESTART_WAIT_MS, type KafkaMessage } from './kafka.member.js';
import { TopicWatch } from './kafka.topic-watch.js';
import { ensureKafkaTopics, isUnknownTopicError, retryWhileKafkaWarmsUp } from './kafka.topics.js';

export { isRetriableKafkaError } from './kafka.topics.js';

export interface KafkaEventBusOptions {
  /** `host:port` of one or more brokers. */
  brokers: string[];
  /** Names this client in the brokers' logs and metrics. */
  clientId: string;
  /** Receives handler retries, dead letters and consumer restarts. Silent when absent. */
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
  /** How often the topics given to `onTopicRecreated` are checked for a new incarnation. Default 3 s. */
  topicCheckMs?: number;
  /**
   * This process's name in each of its groups (static membership, KIP-345): restarted under the same
   * name, it gets its partitions back without waiting for its dead self's session to end. Unique per
   * process (two live members under one name fence each other). Absent: dynamic members.
   */
  instanceId?: string;
}

type Settings = Required<
  Pick<KafkaEventBusOptions, 'brokers' | 'clientId' | 'partitions' | 'namespace' | 'readyTimeoutMs' | 'topicCheckMs'>
> &
  Pick<KafkaEventBusOptions, 'instanceId'>;

/**
 * The distributed event bus on Kafka (@platformatic/kafka). Topics are ensured on first use and again
 * whenever a consumer starts or a publish fails, so a broker that came back with fresh data (topics
 * lost) gets them back; `onTopicRecreated` tells a publisher that a topic came back empty, so it can
 * publish its recent events again. Each subscription is a supervised consumer of its group (see KafkaMember)
 * that handles a partition's events in order, retries a failing handler in-process with backoff,
 * dead-letters the event after the last attempt, and commits an offset only once its event was
 * handled or dead-lettered (at-least-once, no poison-pill loop).
 */
export class KafkaEventBus implements EventBus {
  /** Topics known to exist, or being ensured. */
  private readonly topics = new Map<string, Promise<void>>();
  private readonly subscriptions = new Set<Subscription>();
  private readonly watch: TopicWatch;
  private closed = false;

  private constructor(
    private readonly admin: Admin,
    private readonly producer: Producer<string, string, string, string>,
    private readonly options: Settings,
    private readonly logger: Logger,
  ) {
    this.watch = new TopicWatch({
      admin,
      ensure: (topic) => this.ensureTopics([topic], true),
      intervalMs: options.topicCheckMs,
      logger,
    });
  }

  /** Connects to the brokers; throws a clear error when they do not answer. */
  static async create(opts: KafkaEventBusOptions): Promise<KafkaEventBus> {
    const logger = opts.logger ?? createLogger('silent');
    const base = { clientId: opts.clientId, bootstrapBrokers: opts.brokers, connectTimeout: 3_000 };
    const admin = new Admin({ ...base, retries: 2, retryDelay: 200 });
    // Not an idempotent producer: delivery is at-least-once anyway (the outbox publishes again after
    // any doubt) and every consumer is idempotent (a handled-id record or versioned writes), so a batch
    // written twice costs nothing, and a producer that lost an answer (kafka-lost-answer.int.test.ts)
    // has no sequence numbers to get stuck on. Order: the relay publishes one batch at a time, each
    // again in full until it is acknowledged, so the first copy of each event keeps its key's order;
    // one request in flight per broker keeps the requests of one publish from overtaking each other.
    const producer = new Producer({
      ...base,
      serializers: stringSerializers,
      idempotent: false,
      acks: ProduceAcks.ALL,
      maxInflights: 1,
      autocreateTopics: false,
      retries: 5,
      retryDelay: (_client, _operation, attempt) => Math.min(100 * 2 ** attempt, 2_000),
    });
    try {
      await admin.metadata({ topics: [] });
    } catch (err) {
      await Promise.allSettled([admin.close(), producer.close()]);
      throw unreachable(opts.brokers, err);
    }
    const settings: Settings = {
      brokers: opts.brokers,
      clientId: opts.clientId,
      partitions: opts.partitions ?? 3,
      namespace: opts.namespace ?? '',
      readyTimeoutMs: opts.readyTimeoutMs ?? 30_000,
      topicCheckMs: opts.topicCheckMs ?? 3_000,
      instanceId: opts.instanceId,
    };
    return new KafkaEventBus(admin, producer, settings, logger);
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
   * consumer is supervised: when it stops working (brokers away past the client's retries, a topic
   * lost with the broker's data, a partition's handling broken) it is replaced by a new one, its
   * topics ensured again first, after a doubling wait (1 s to 10 s, back to 1 s once one has run for
   * a minute), so it neither spins nor drags its group through a rebalance a second.
   */
  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    const topics = options.topics.map((topic) => this.physical(topic));
    const closing = new AbortController();
    let replacing: Promise<void> | undefined;
    /** Topics found created again (a broker back with fresh data) and not rewound yet. */
    const recreated = new Set<string>();
    const onFailure = (failed: KafkaMember, err: unknown) => {
      if (closing.signal.aborted || failed !== member || replacing) return;
      this.logger.error({ group: options.group, err }, 'Kafka consumer stopped working: starting a new one');
      replaceMember();
    };
    // Replaces the member; a topic found created again while a replacement was past its rewind is
    // rewound by one more.
    const replaceMember = (): void => {
      replacing = replace(member).finally(() => {
        replacing = undefined;
        if (recreated.size > 0 && !closing.signal.aborted) replaceMember();
      });
    };
    // Topics ensured on every start: a broker that lost its data has lost them too. A topic just
    // created may be missing from a metadata answer for a moment: both steps are tried again then.
    const start = (): Promise<KafkaMember> =>
      retryWhileKafkaWarmsUp(
        async () => {
          await this.ensureTopics(topics, true);
          return KafkaMember.start({
            brokers: this.options.brokers,
            clientId: this.options.clientId,
            instanceId: this.options.instanceId,
            group: this.physical(options.group),
            topics,
            fromBeginning: options.fromBeginning ?? true,
            concurrency: options.concurrency ?? 1,
            readyTimeoutMs: this.options.readyTimeoutMs,
            logger: this.logger,
            deliver: (message, owned, stopping) => this.deliver(message, options, owned, stopping),
            onFailure,
          });
        },
        this.logger,
        { group: options.group },
      );
    let member = await start();
    // A broker back with fresh data may let a member's stream live on, fetching the new incarnation of
    // its topics from the positions it held in the old one: the events below them would be skipped. A
    // topic created again replaces the member, its group's offsets of that topic rewound to the start.
    const unwatch = topics.map((topic) =>
      this.watch.add(topic, () => {
        recreated.add(topic);
        this.logger.warn({ group: options.group, topic }, 'Kafka topic created again: reading it again from its start');
        if (!replacing) replaceMember();
      }),
    );
    let startedAt = Date.now();
    let wait = 1_000;
    const pause = () => delay(wait, undefined, { signal: closing.signal }).catch(() => undefined);
    const replace = async (dead: KafkaMember) => {
      await dead.stop();
      if (Date.now() - startedAt >= 60_000) wait = 1_000;
      await pause();
      while (!closing.signal.aborted) {
        try {
          await this.rewind(this.physical(options.group), recreated);
          const next = await start();
          if (closing.signal.aborted) {
            await next.stop();
            return;
          }
          member = next;
          startedAt = Date.now();
          wait = Math.min(wait * 2, MAX_RESTART_WAIT_MS);
          return;
        } catch (err) {
          wait = Math.min(wait * 2, MAX_RESTART_WAIT_MS);
          this.logger.error({ group: options.group, err, retryInMs: wait }, 'Kafka consumer could not start again: retrying');
          await pause();
        }
      }
    };
    const subscription: Subscription = {
      close: async () => {
        if (!this.subscriptions.delete(subscription)) return;
        // A replacement being started gives up (its start resolves at once) and stops what it started.
        closing.abort();
        unwatch.forEach((stop) => stop());
        await replacing;
        await member.stop();
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * Starts a batch consumer of the group (see KafkaBatchMember): the topic and group carry the bus's
   * namespace and the member its instanceId, as `subscribe`'s do; resolves once it joined the group.
   */
  async subscribeBatch(options: SubscribeBatchOptions): Promise<Subscription> {
    this.assertOpen();
    const topic = this.physical(options.topic);
    const member = new KafkaBatchMember({
      brokers: this.options.brokers,
      clientId: this.options.clientId,
      instanceId: this.options.instanceId,
      group: this.physical(options.group),
      topic,
      maxEvents: Math.max(1, options.maxEvents),
      maxWaitMs: options.maxWaitMs,
      logger: this.logger,
      ensureTopic: () => this.ensureTopics([topic], true),
      deliver: ({ source, resumed, messages }) =>
        options.handler({ source, resumed, messages: messages.map((m) => ({ offset: Number(m.offset), event: eventOf(m) })) }),
    });
    await member.start();
    const subscription: Subscription = {
      close: async () => {
        if (this.subscriptions.delete(subscription)) await member.stop();
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Asks the cluster to describe itself within two seconds. */
  async ping(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.admin.metadata({ topics: [], forceUpdate: true }),
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

  /**
   * Checks the topic's id (its incarnation) every `topicCheckMs`, creating the topic when it finds it
   * missing, and calls `listener` when the id changed: see {@link TopicWatch}.
   */
  onTopicRecreated(topic: string, listener: () => void): () => void {
    this.assertOpen();
    return this.watch.add(this.physical(topic), listener);
  }

  /** Closes every consumer (in-flight handlers finish and commit), then the producer and admin. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.watch.stop();
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await Promise.allSettled([this.producer.close(), this.admin.close()]);
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
    const messages: MessageToProduce<string, string, string, string>[] = [];
    for (const event of events) {
      if (!event.type || typeof event.key !== 'string') {
        throw new Error(`Event ${event.id} needs a type and a key to be published`);
      }
      const topic = this.physical(event.type);
      // The trace context rides in the envelope (stored with it in the outbox) and, for tools that read
      // Kafka headers, as the W3C `traceparent` header too.
      const headers: Record<string, string> = { 'event-type': event.type, ...(event.traceparent && { traceparent: event.traceparent }) };
      messages.push({ topic, key: event.key, value: JSON.stringify(event), headers });
    }
    if (messages.length === 0) return;
    const topics = [...new Set(messages.map((m) => m.topic))];
    await this.ensureTopics(topics);
    try {
      await this.producer.send({ messages });
    } catch (err) {
      // Perhaps the broker came back without them (fresh data): they are ensured again, at once when
      // the broker said so, else by the next publish (the relay's retry).
      for (const topic of topics) this.topics.delete(topic);
      if (!isUnknownTopicError(err)) throw err;
      this.logger.warn({ topics, err }, 'Kafka topics gone (a broker with fresh data?): creating them again');
      await this.ensureTopics(topics, true);
      await this.producer.send({ messages });
    }
  }

  /**
   * Sets the group's offsets of the topics created again to 0 (their start: they came back empty), so
   * that what a member committed from its old positions does not skip their first events; each topic
   * leaves `topics` once tried. The coordinator refuses it while another process's member is still in
   * the group: that process's own watch replaces its member too, and the last one out rewinds.
   */
  private async rewind(group: string, topics: Set<string>): Promise<void> {
    for (const topic of [...topics]) {
      const metadata = await this.admin.metadata({ topics: [topic], forceUpdate: true });
      const count = metadata.topics.get(topic)?.partitionsCount ?? 0;
      const partitionOffsets = Array.from({ length: count }, (_, partition) => ({ partition, offset: 0n }));
      try {
        await this.admin.alterConsumerGroupOffsets({ groupId: group, topics: [{ name: topic, partitionOffsets }] });
      } catch (err) {
        this.logger.warn({ group, topic, err }, 'Kafka offsets of a topic created again not rewound (the group is not empty?)');
      }
      topics.delete(topic);
    }
  }

  /** Ensures the topics once per process, or again (`again`) when a consumer starts. */
  private async ensureTopics(names: string[], again = false): Promise<void> {
    const missing = names.filter((topic) => again || !this.topics.has(topic));
    if (missing.length > 0) {
      const ensured = ensureKafkaTopics(this.admin, missing, this.options.partitions, this.logger);
      for (const topic of missing) this.topics.set(topic, ensured);
      // A failed attempt is forgotten so the next publish or subscribe tries again.
      ensured.catch(() => missing.forEach((topic) => this.topics.get(topic) === ensured && this.topics.delete(topic)));
    }
    await Promise.all(names.flatMap((topic) => this.topics.get(topic) ?? []));
  }

  /** Runs the handler with retries; false when closing (or losing the partition) interrupted the retries. */
  private async deliver(message: KafkaMessage, options: SubscribeOptions, owned: () => boolean, stopping: AbortSignal): Promise<boolean> {
    const { group } = options;
    const topic = this.logical(message.topic);
    const offset = String(message.offset);
    const context = { topic, partition: message.partition, offset, group };
    const event = eventOf(message);
    if (!event) {
      // Not written by this bus: dead-letter the raw text rather than block or skip silently.
      this.logger.error(context, 'message is not a JSON event envelope: dead-lettered');
      const raw: EventEnvelope = {
        id: `${topic}:${message.partition}:${offset}`,
        type: topic,
        occurredAt: new Date(Number(message.timestamp)).toISOString(),
        key: message.key ?? '',
        data: message.value ?? null,
      };
      await this.send([deadLetterEvent(topic, { event: raw, group, error: 'not a JSON event envelope', attempts: 0 })]);
      return true;
    }
    return handleWithRetries(event, {
      handler: options.handler,
      topic,
      group,
      maxAttempts: Math.max(1, options.maxAttempts ?? 5),
      retryDelayMs: options.retryDelayMs ?? 100,
      stopping,
      logger: this.logger,
      context,
      deadLetter: (dead) => this.send([dead]),
      owned,
    });
  }
}

/** The message's event envelope, or undefined when it holds none. */
function eventOf(message: KafkaMessage): EventEnvelope | undefined {
  const parsed = parseEnvelope(message.value ?? '');
  // A producer outside this bus may carry the trace context in the header only.
  const traceparent = parsed && !parsed.traceparent ? message.headers.get('traceparent') : undefined;
  return parsed && traceparent ? { ...parsed, traceparent } : parsed;
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

function unreachable(brokers: string[], err: unknown): Error {
  const reason = err instanceof Error ? err.message : String(err);
  return new Error(`Kafka unreachable at ${brokers.join(',')}: ${reason}`, { cause: err });
}
