import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KafkaEventBus } from '@limo/engine-kafka';
import type { EventEnvelope } from '@limo/platform';
import { waitFor } from '@limo/platform/testing';
import { startThrowawayKafka, throwawayKafkaMissing, type ThrowawayKafka } from './support/kafka-broker.js';

const missing = throwawayKafkaMissing();
if (missing) console.warn(`skipped: a Kafka broker that came back with fresh data (${missing})`);

// Issue 23, defect 1: a broker that comes back with fresh data (a lost volume) has no topics and no
// committed offsets. With kafkajs, consumers crash-looped for good ("This server does not host this
// topic-partition") and nothing was consumed until every service was restarted by hand. The bus must
// create its topics again and its consumers must go on by themselves. The broker is this test's own.
describe.skipIf(Boolean(missing))(`Kafka: a broker that came back with fresh data${missing ? ` — skipped: ${missing}` : ''}`, () => {
  let broker: ThrowawayKafka | undefined;
  let bus: KafkaEventBus | undefined;
  beforeAll(async () => {
    broker = await startThrowawayKafka();
    bus = await KafkaEventBus.create({ brokers: [broker.brokers], clientId: 'fresh-broker', topicCheckMs: 500 });
  }, 180_000);
  afterAll(async () => {
    await bus?.close();
    await broker?.stop();
  }, 60_000);

  it('creates the topics again and its consumers handle every event published after, without a restart', async () => {
    const topic = 'fresh.company.created.v1';
    const event = (n: number): EventEnvelope => ({
      id: `e${n}-${randomUUID()}`,
      type: topic,
      key: `company-${n % 4}`,
      occurredAt: new Date().toISOString(),
      data: { n },
    });
    const seen = { a: new Set<string>(), b: new Set<string>() };
    for (const group of ['a', 'b'] as const) {
      await bus!.subscribe({ group: `fresh.${group}`, topics: [topic], handler: async (e) => void seen[group].add(e.id) });
    }
    // Issue 23, defect 2: a publisher is told the topic came back empty, to publish its recent events again.
    let recreated = 0;
    const unwatch = bus!.onTopicRecreated(topic, () => recreated++);
    const before = [event(1), event(2)];
    await bus!.publish(before);
    await waitFor(() => before.every((e) => seen.a.has(e.id) && seen.b.has(e.id)), 30_000, 'the events before the loss');

    await broker!.kill();
    await broker!.start({ fresh: true });
    // As the outbox relay does: each batch again until it is acknowledged.
    const after = Array.from({ length: 20 }, (_, i) => event(10 + i));
    const errors: string[] = [];
    for (const batch of [after.slice(0, 10), after.slice(10)]) {
      for (let deadline = Date.now() + 60_000; ;) {
        try {
          await bus!.publish(batch);
          break;
        } catch (err) {
          errors.push(err instanceof Error ? err.message : String(err));
          if (Date.now() > deadline) throw new Error(`publishing still refused after 60 s: ${errors.at(-1)}`, { cause: err });
          await delay(500);
        }
      }
    }
    console.log(`fresh broker: published after ${errors.length} refused tries`);
    const handled = () => after.filter((e) => seen.a.has(e.id) && seen.b.has(e.id)).length;
    await waitFor(() => handled() === after.length, 90_000, 'every event after the loss, in both groups').catch(() => undefined);
    expect(handled()).toBe(after.length);
    await waitFor(() => recreated > 0, 10_000, 'the topic reported created again').catch(() => undefined);
    expect(recreated).toBe(1);
    unwatch();
  }, 240_000);

  it('does not report a topic created again when the broker comes back on its data', async () => {
    const topic = 'fresh.kept.v1';
    await bus!.publish([{ id: randomUUID(), type: topic, key: 'k', occurredAt: new Date().toISOString(), data: {} }]);
    let recreated = 0;
    const unwatch = bus!.onTopicRecreated(topic, () => recreated++);
    await delay(1_500);
    await broker!.kill();
    await broker!.start();
    await bus!.ping();
    // Several checks of the topic's id after the broker is back.
    await delay(3_000);
    expect(recreated).toBe(0);
    unwatch();
  }, 240_000);
});
