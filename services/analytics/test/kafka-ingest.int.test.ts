import { randomUUID } from 'node:crypto';
import { Admin } from '@platformatic/kafka';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ClickHouseAnalyticsStore } from '@limo/engine-clickhouse';
import { storedEvent } from '@limo/analytics-store/testing';
import { KafkaEventBus } from '@limo/engine-kafka';
import { failFirstConsumer, reportRejoinFailed } from '@limo/engine-kafka/testing';
import { createLogger } from '@limo/platform';
import { describeWithEngine, waitFor } from '@limo/platform/testing';
import { BusPublisher } from '../src/ingest/bus-publisher.js';
import { DeadLetters } from '../src/ingest/dead-letters.js';
import { BusIngest } from '../src/ingest/bus-ingest.js';
import type { AnalyticsStore } from '@limo/analytics-store';
import { crashingStore, dashboardFigures, eventMix, truncateAll } from './fixtures.js';

const logger = createLogger('silent');
const deadLetters = new DeadLetters(logger);

// Acknowledged = stored, exactly once, across a consumer restart and a redelivery of inserted rows.
describeWithEngine('analytics Kafka ingest: nothing lost, nothing twice', 'KAFKA_BROKERS', (brokers) => {
  const topic = `analytics.tracked.test-${randomUUID().slice(0, 8)}`;
  let store: ClickHouseAnalyticsStore;
  let bus: KafkaEventBus;
  // The ingest reads through the bus's batch subscription, as the service's does on the Kafka bus.
  const consumer = (group: string, on: AnalyticsStore = store, of = topic, letters = deadLetters) =>
    new BusIngest(bus, on, logger, { topic: of, group, flushIntervalMs: 200, flushRows: 500, deadLetters: letters });
  const stored = async (where = '1') =>
    Number((await store.rows<{ n: string }>(`SELECT count() AS n FROM analytics.events WHERE ${where}`))[0]?.n);
  const distinct = async () => Number((await store.rows<{ n: string }>('SELECT uniqExact(eventId) AS n FROM analytics.events'))[0]?.n);

  beforeAll(async () => {
    store = await ClickHouseAnalyticsStore.create({ chdbPath: ':memory:' });
    await store.migrate();
    bus = await KafkaEventBus.create({ brokers: brokers.split(','), clientId: 'analytics-ingest-test' });
  }, 60_000);
  afterAll(async () => {
    await bus?.close();
    await store?.close();
  });

  it('stores every acknowledged event once across a restart of the consumer', async () => {
    const publisher = new BusPublisher(bus, { topic });
    await Promise.all(Array.from({ length: 1500 }, () => publisher.accept(storedEvent())));
    const first = consumer('ingest-a');
    await first.start();
    await waitFor(async () => (await stored()) > 0, 15_000, 'a first batch');
    await first.stop();
    await Promise.all(Array.from({ length: 500 }, () => publisher.accept(storedEvent())));
    await publisher.stop();
    const second = consumer('ingest-a');
    await second.start();
    await waitFor(async () => (await stored()) >= 2000, 15_000, 'all 2,000 events');
    await new Promise((r) => setTimeout(r, 500));
    await second.stop();
    expect(await stored()).toBe(2000);
    expect(await distinct()).toBe(2000);
  }, 60_000);

  it('skips rows already stored when a partition is read again (stopped between insert and commit)', async () => {
    // A new group reads the topic from the start, as a consumer whose commits were lost would.
    const again = consumer('ingest-b');
    await again.start();
    const admin = new Admin({ clientId: 'analytics-ingest-test', bootstrapBrokers: brokers.split(',') });
    try {
      // Wait until group b has read (and committed) the whole topic.
      await waitFor(
        async () => {
          const [offsets] = await admin.listConsumerGroupOffsets({ groups: ['ingest-b'] });
          const partitions = offsets?.topics.find((t) => t.name === topic)?.partitions ?? [];
          // At least 2,000: a producer's retried write may have stored a message twice (the ingest skips the copy).
          return partitions.reduce((sum, p) => sum + Math.max(0, Number(p.committedOffset)), 0) >= 2000;
        },
        15_000,
        'group b to commit the whole topic',
      );
    } finally {
      await admin.close();
      await again.stop();
    }
    expect(await stored()).toBe(2000);
    expect(await stored(`ingestSource LIKE '${topic}:%'`)).toBe(2000);
  }, 30_000);

  // A kill -9 in the middle of an insert: the next consumer of the partitions (after a restart) must
  // count every event once in the dashboards, whether the insert had reached the raw table only (its
  // rows were then skipped by offset, and the rollups never got them) or had been complete.
  for (const [title, rawOnly] of [
    ['raw rows written, rollups not', true],
    ['whole batch written, answer lost', false],
  ] as const) {
    it(`counts every event once after a consumer dies in the middle of an insert (${title})`, async () => {
      await truncateAll(store);
      const crashTopic = `${topic}.crash-${rawOnly ? 'raw' : 'whole'}`;
      const events = eventMix(600);
      const publisher = new BusPublisher(bus, { topic: crashTopic });
      await Promise.all(events.map((e) => publisher.accept(e)));
      await publisher.stop();
      const dying = consumer('ingest-crash', crashingStore(store, rawOnly), crashTopic);
      await dying.start();
      await waitFor(async () => (await stored()) > 0, 15_000, 'the insert the kill cuts short');
      // Every later insert of the dead process fails: give its consumer a moment to retry, then stop it.
      await new Promise((r) => setTimeout(r, 500));
      await dying.stop();
      const restarted = consumer('ingest-crash', store, crashTopic);
      await restarted.start();
      await waitFor(async () => (await stored()) >= events.length, 15_000, 'every event');
      await new Promise((r) => setTimeout(r, 500));
      await restarted.stop();
      const { shown, expected } = await dashboardFigures(store, events);
      expect(shown).toEqual(expected);
    }, 60_000);
  }

  // Issue 23, defects 1 and 2: a broker that came back with fresh data has lost the topic and the
  // group's offsets. The running consumer must get its topic back and go on by itself, and the events
  // of the new topic (offsets from 0 again) must be counted, not skipped as rows stored already.
  it('counts every event of a topic the broker lost and got back, without a restart', async () => {
    const lostTopic = `${topic}.lost`;
    const where = `ingestSource LIKE '${lostTopic}:%'`;
    const admin = new Admin({ clientId: 'analytics-ingest-test', bootstrapBrokers: brokers.split(',') });
    const publisher = new BusPublisher(bus, { topic: lostTopic });
    const ingest = consumer(`ingest-lost-${randomUUID().slice(0, 8)}`, store, lostTopic);
    try {
      await Promise.all(eventMix(300).map((e) => publisher.accept(e)));
      await ingest.start();
      await waitFor(async () => (await stored(where)) >= 300, 20_000, 'the events before the loss');
      await admin.deleteTopics({ topics: [lostTopic] });
      // Accepted while the topic is gone: the publisher spools what the bus refuses and sends it again.
      await Promise.all(eventMix(300).map((e) => publisher.accept(e)));
      await waitFor(async () => (await stored(where)) >= 600, 60_000, 'the events after the loss').catch(() => undefined);
      expect(await stored(where)).toBe(600);
      expect(Number((await store.rows<{ n: string }>(`SELECT uniqExact(eventId) AS n FROM analytics.events WHERE ${where}`))[0]?.n)).toBe(
        600,
      );
    } finally {
      await publisher.stop();
      await ingest.stop();
      await admin.close();
    }
  }, 90_000);

  // Issue 23, defect 2: the events a lost topic held that the ingest had not read yet were gone,
  // though answered 202. The publisher publishes its recent events again to the new topic, and the
  // ingest counts each once, those it had stored before the loss too.
  it('counts once each event published before its topic was lost, read or not, after the publisher published them again', async () => {
    await truncateAll(store);
    const replayTopic = `${topic}.replay`;
    const admin = new Admin({ clientId: 'analytics-ingest-test', bootstrapBrokers: brokers.split(',') });
    const watching = await KafkaEventBus.create({ brokers: brokers.split(','), clientId: 'analytics-replay-test', topicCheckMs: 300 });
    const publisher = new BusPublisher(watching, { topic: replayTopic, logger });
    const group = `ingest-replay-${randomUUID().slice(0, 8)}`;
    let ingest = consumer(group, store, replayTopic);
    try {
      await publisher.start();
      const read = eventMix(200);
      await Promise.all(read.map((e) => publisher.accept(e)));
      await ingest.start();
      await waitFor(async () => (await stored()) >= read.length, 20_000, 'the events read before the loss');
      await ingest.stop();
      // Acknowledged (Kafka holds them) but not read when the topic is lost.
      const unread = eventMix(200);
      await Promise.all(unread.map((e) => publisher.accept(e)));
      await admin.deleteTopics({ topics: [replayTopic] });
      ingest = consumer(group, store, replayTopic);
      await ingest.start();
      const events = [...read, ...unread];
      await waitFor(async () => (await stored()) >= events.length, 30_000, 'every event').catch(() => undefined);
      await new Promise((r) => setTimeout(r, 1_000));
      const { shown, expected } = await dashboardFigures(store, events);
      expect(shown).toEqual(expected);
    } finally {
      await publisher.stop();
      await ingest.stop();
      await watching.close();
      await admin.close();
    }
  }, 90_000);

  // Issue 22: one event the store refuses (here a lone surrogate, as main's track route let through)
  // was retried for good and held back every event behind it.
  it('writes the rest of a batch the store refuses a row of, dead-letters that row, and goes on', async () => {
    const poisonTopic = `${topic}.poison`;
    const letters = new DeadLetters(logger);
    const events = eventMix(300);
    events[17] = { ...events[17], sessionId: 'broken \ud800 text' };
    events[250] = { ...events[250], searchQuery: 'a \udbff' };
    const publisher = new BusPublisher(bus, { topic: poisonTopic });
    await Promise.all(events.map((e) => publisher.accept(e)));
    const ingest = consumer('ingest-poison', store, poisonTopic, letters);
    await ingest.start();
    try {
      const where = `ingestSource LIKE '${poisonTopic}:%'`;
      await waitFor(async () => (await stored(where)) >= 298, 20_000, 'the 298 healthy events');
      expect(letters.size).toBe(2);
      const later = eventMix(50);
      await Promise.all(later.map((e) => publisher.accept(e)));
      await waitFor(async () => (await stored(where)) >= 348, 20_000, 'the events sent after the poison');
      expect(await stored(where)).toBe(348);
    } finally {
      await publisher.stop();
      await ingest.stop();
    }
  }, 60_000);

  // A failed rejoin (a broker killed in the middle of a heartbeat) is told on the consumer's own
  // 'error' event; with no listener it was an uncaught exception that ended the service.
  it('starts a new consumer when the client reports a failed rejoin, and stores every event once', async () => {
    const rejoinTopic = `${topic}.rejoin`;
    const { consume, failed: reported } = failFirstConsumer((stream, consumer) =>
      stream.once('fetch', () => setImmediate(() => reportRejoinFailed(consumer))),
    );
    const publisher = new BusPublisher(bus, { topic: rejoinTopic });
    const ingest = consumer('ingest-rejoin', store, rejoinTopic);
    try {
      await Promise.all(Array.from({ length: 200 }, () => publisher.accept(storedEvent())));
      await ingest.start();
      await waitFor(() => consume.mock.calls.length > 1, 20_000, 'a new consumer');
      await Promise.all(Array.from({ length: 100 }, () => publisher.accept(storedEvent())));
      const where = `ingestSource LIKE '${rejoinTopic}:%'`;
      await waitFor(async () => (await stored(where)) >= 300, 20_000, 'all 300 events');
      await new Promise((r) => setTimeout(r, 500));
      expect(reported()).toBe(true);
      expect(await stored(where)).toBe(300);
    } finally {
      consume.mockRestore();
      await publisher.stop();
      await ingest.stop();
    }
  }, 60_000);
});
