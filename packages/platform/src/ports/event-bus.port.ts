import { randomUUID } from 'node:crypto';

/** One event on the bus. `key` is the aggregate id and decides the partition (per-key order). */
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  key: string;
  data: T;
  /** W3C trace context of the write that owed the event (set only while tracing is on). */
  traceparent?: string;
}

/** Handles one event; `E` is the parsed event a typed consumer receives (see `consumer()`). */
export type EventHandler<E extends EventEnvelope = EventEnvelope> = (event: E) => Promise<void>;

export interface SubscribeOptions {
  /** Consumer group: each group gets every event once; members of one group share the partitions. */
  group: string;
  /** Topics to read. A topic is an event type, e.g. `user.registered.v1`. */
  topics: string[];
  handler: EventHandler;
  /**
   * Failed attempts before the event goes to the dead-letter topic (`<topic>.dlq`). Default 5. A
   * transient failure (`isTransientError`: the store unreachable, a timeout) does not count: it is
   * retried until it passes, the partition waiting behind it.
   */
  maxAttempts?: number;
  /** First retry delay in ms, doubled each attempt up to 5 s. Default 100. */
  retryDelayMs?: number;
  /** Start from the earliest retained event when the group is new. Default true. */
  fromBeginning?: boolean;
  /**
   * Events of one partition handled at once (a window of consecutive events, never two of one key
   * together, so per-key order holds). Default 1. For handlers that wait on I/O, such as mail.
   */
  concurrency?: number;
}

/** One message of a batch: its offset in its partition, and its event (undefined when the message is not an event envelope). */
export interface BatchMessage {
  offset: number;
  event: EventEnvelope | undefined;
}

/** Consecutive messages of one partition, in offset order. */
export interface EventBatch {
  /**
   * The partition they come from: `<topic>:<incarnation>:<partition>`, the topic as named on the
   * engine (Kafka: with the bus's namespace) and its incarnation (Kafka: the topic id, so a topic a
   * broker lost and got back, whose offsets start at 0 again, is another source; in-process: `local`).
   * Stable across restarts: a consumer may store it with what it wrote.
   */
  source: string;
  /**
   * True for the first batch of this source since the member (re)joined its group (its start, a
   * rebalance, or a restart after a failed handler), and for any batch that does not start right
   * after the one handed over before it (events read again from the committed offsets): the batch
   * before it may have been handled in part and not committed (a process killed in the middle), so
   * the handler may complete it first. Delivery is at least once: only a resumed batch repeats events.
   */
  resumed: boolean;
  messages: BatchMessage[];
}

/** Handles one batch; the batch's offsets are committed once it resolves. */
export type BatchHandler = (batch: EventBatch) => Promise<void>;

export interface SubscribeBatchOptions {
  /** Consumer group, as for `subscribe` (members of one group share the partitions). */
  group: string;
  /** The one topic to read (a new group starts at its earliest retained event). */
  topic: string;
  /** Messages per batch at most. */
  maxEvents: number;
  /** The longest the bus waits for `maxEvents` messages before it delivers fewer. */
  maxWaitMs: number;
  handler: BatchHandler;
}

export interface Subscription {
  /** Stops consuming: in-flight handlers finish and their offsets are committed. */
  close(): Promise<void>;
}

/**
 * Publishes and consumes events with at-least-once delivery, per-key order, consumer groups,
 * retry with backoff and a dead-letter topic. Handlers must be idempotent (see `idempotent()`).
 */
export interface EventBus {
  /** Publishes events to their topics (`event.type`); resolves once the bus has accepted them all. */
  publish(events: EventEnvelope[]): Promise<void>;
  /** Starts a consumer; resolves once it is ready to receive. */
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /**
   * Starts a batch consumer of the group: its handler gets one partition's consecutive messages at a
   * time (up to `maxEvents`, waiting `maxWaitMs` at most for them), partitions one after another,
   * with no retry, dead letter or parsing beyond the envelope: for consumers that write whole batches
   * (an analytics ingest). Offsets are committed only after the handler resolved. A handler that throws
   * makes the member start again after a doubling wait (1 s to 10 s) and resume from the committed
   * offsets: the batch comes again, `resumed`. Resolves once the consumer is ready to receive.
   */
  subscribeBatch(options: SubscribeBatchOptions): Promise<Subscription>;
  /** Checks the engine answers; throws a clear error otherwise. */
  ping(): Promise<void>;
  /**
   * Calls `listener` each time the topic is found created again (a broker that came back with fresh
   * data lost it, with every event it held that no consumer had read yet), within a few seconds of
   * the topic being back; returns the function that stops listening. A publisher that can publish
   * its recent events again (consumers idempotent by event id) recovers them so. The in-process bus
   * never loses a topic: its listeners are never called.
   */
  onTopicRecreated(topic: string, listener: () => void): () => void;
  /** Stops every consumer and the producer; in-flight handlers finish first. */
  close(): Promise<void>;
}

/** Topic that receives events a handler failed on `maxAttempts` times. */
export const deadLetterTopic = (topic: string): string => `${topic}.dlq`;

/** `data` of the event published to `deadLetterTopic(topic)` when a group's handler gave up on `event`. */
export interface DeadLetter {
  /** The failed event, unchanged. */
  event: EventEnvelope;
  /** Consumer group whose handler failed. */
  group: string;
  /** Message of the last error. */
  error: string;
  /** Attempts made before giving up (0 when the message was not an event envelope at all). */
  attempts: number;
}

/**
 * Builds the dead-letter event for `event` read from `topic`: same key (same partition of the DLQ
 * topic), a new id, and `type` = the DLQ topic, so `publish()` routes it there.
 */
export function deadLetterEvent(topic: string, dead: DeadLetter): EventEnvelope<DeadLetter> {
  return {
    id: randomUUID(),
    type: deadLetterTopic(topic),
    occurredAt: new Date().toISOString(),
    key: dead.event.key,
    data: dead,
  };
}
