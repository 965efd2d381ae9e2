import { setTimeout as delay } from 'node:timers/promises';
import type { Admin } from '@platformatic/kafka';
import type { Logger } from '@limo/platform';

/** Attempts at a step that keeps answering a retriable error (~15 s in all). */
const WARM_UP_ATTEMPTS = 10;

/**
 * Runs a Kafka step (creating a topic, starting a consumer) again while the brokers answer it with a
 * retriable error, with backoff for about 15 s: several processes starting together race to create
 * the same topics, and a topic just created is unknown to a broker's metadata for a moment ("This
 * server does not host this topic-partition"). Any other error, or the last attempt's, is thrown.
 */
export async function retryWhileKafkaWarmsUp<T>(step: () => Promise<T>, logger: Logger, context: Record<string, unknown>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (!isRetriableKafkaError(err) || attempt >= WARM_UP_ATTEMPTS) throw err;
      logger.warn({ ...context, attempt, err }, 'Kafka not ready yet: retrying');
      await delay(Math.min(2_000, 200 * 2 ** (attempt - 1)));
    }
  }
}

/**
 * A @platformatic/kafka error worth another try: a network error or timeout, a protocol answer the
 * client marks retriable (a leader moving, a topic not known yet), an unknown topic (a topic just
 * created, not in every metadata answer yet), or retries that ran out on one.
 */
export function isRetriableKafkaError(err: unknown): boolean {
  return someKafkaError(err, (e) => e.canRetry === true || e.hasStaleMetadata === true) || isUnknownTopicError(err);
}

/** Whether `err` is (or wraps) the Kafka protocol error `id` (e.g. TOPIC_ALREADY_EXISTS). */
function isKafkaProtocolError(err: unknown, id: string): boolean {
  return someKafkaError(err, (e) => e.apiId === id);
}

/** Whether `err` says a topic does not exist (any more: a broker that came back with fresh data). */
export function isUnknownTopicError(err: unknown): boolean {
  return someKafkaError(
    err,
    (e) =>
      e.apiId === 'UNKNOWN_TOPIC_OR_PARTITION' ||
      e.apiId === 'UNKNOWN_TOPIC_ID' ||
      (typeof e.message === 'string' && e.message.startsWith('Unknown topic ')),
  );
}

interface KafkaErrorFields {
  message?: unknown;
  canRetry?: unknown;
  hasStaleMetadata?: unknown;
  apiId?: unknown;
  errors?: unknown;
  cause?: unknown;
}

/** Walks the client's aggregated errors (`errors`) and causes, a few levels deep. */
function someKafkaError(err: unknown, test: (e: KafkaErrorFields) => boolean, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as KafkaErrorFields;
  if (test(e)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => someKafkaError(inner, test, depth + 1))) return true;
  return someKafkaError(e.cause, test, depth + 1);
}

/**
 * Makes sure each topic exists with at least `partitions` partitions, each with a leader: creates a
 * missing one, adds partitions to one with fewer (a topic the broker auto-created), and waits for
 * their leaders. Safe to call again at any time: that is how a client recovers after a broker came
 * back with fresh data (topics lost). Retriable answers are retried for about 15 s.
 */
export async function ensureKafkaTopics(admin: Admin, topics: string[], partitions: number, logger: Logger): Promise<void> {
  for (const topic of topics) {
    await retryWhileKafkaWarmsUp(() => ensureTopic(admin, topic, partitions), logger, { topic });
  }
}

async function ensureTopic(admin: Admin, topic: string, partitions: number): Promise<void> {
  try {
    await admin.createTopics({ topics: [topic], partitions, replicas: 1 });
  } catch (err) {
    if (!isKafkaProtocolError(err, 'TOPIC_ALREADY_EXISTS')) throw err;
  }
  const metadata = await admin.metadata({ topics: [topic], forceUpdate: true });
  const found = metadata.topics.get(topic);
  if (found && found.partitionsCount < partitions) {
    await admin.createPartitions({ topics: [{ name: topic, count: partitions }] }).catch((err: unknown) => {
      // Another process added them at the same time.
      if (!isKafkaProtocolError(err, 'INVALID_PARTITIONS')) throw err;
    });
  }
  await untilLeaders(admin, topic, partitions);
}

/** Waits (about 10 s at most) until every partition of the topic has a leader. */
async function untilLeaders(admin: Admin, topic: string, partitions: number): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const metadata = await admin.metadata({ topics: [topic], forceUpdate: true });
    const found = metadata.topics.get(topic);
    const led = found?.partitions.filter((p) => p && p.leader >= 0).length ?? 0;
    if (found && led >= partitions && found.partitionsCount >= partitions) return;
    if (attempt >= 50) throw new Error(`Kafka topic ${topic} has ${led} of ${partitions} partitions with a leader after 10 s`);
    await delay(200);
  }
}
