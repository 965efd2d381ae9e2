import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedEvent } from '@limo/analytics-store/testing';
import { createLogger, type EventBus, type EventEnvelope } from '@limo/platform';
import { waitFor } from '@limo/platform/testing';
import { BusPublisher } from '../src/ingest/bus-publisher.js';
import { SinkFullError } from '../src/ingest/event-sink.port.js';
import type { StoredEvent } from '@limo/analytics-store';

const logger = createLogger('silent');

/**
 * A broker that can be taken away: away, a publish fails at once (`refuse`) or never answers (`hang`).
 * `loseTopic`: it comes back with fresh data (what it held is gone) and reports the topic created again.
 */
function brokerThatGoesAway() {
  const held: string[] = [];
  let state: 'up' | 'refuse' | 'hang' = 'up';
  const listeners = new Set<() => void>();
  const bus: Pick<EventBus, 'publish' | 'onTopicRecreated'> = {
    async publish(envelopes: EventEnvelope[]) {
      if (state === 'refuse') throw new Error('KafkaJSConnectionError: Connection refused');
      if (state === 'hang') return new Promise<void>(() => {});
      held.push(...envelopes.map((e) => (e.data as StoredEvent).eventId));
    },
    onTopicRecreated(_topic: string, listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const loseTopic = () => {
    held.length = 0;
    listeners.forEach((listener) => listener());
  };
  return { bus: bus as EventBus, held, set: (s: typeof state) => (state = s), loseTopic, listeners };
}

// Issue 22, defect 6: while the broker restarted, the track route answered 503 and the web app's
// fire-and-forget events were gone; quotes rode it out through their outbox.
describe('the analytics publisher while Kafka is away', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'analytics-spool-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  for (const away of ['refuse', 'hang'] as const) {
    it(`acknowledges events while the broker is away (${away}), and forwards them in order once it is back`, async () => {
      const broker = brokerThatGoesAway();
      const publisher = new BusPublisher(broker.bus, { topic: 't', spoolDir: dir, spoolAfterMs: 300, logger });
      await publisher.start();
      const before = Array.from({ length: 5 }, () => storedEvent());
      await Promise.all(before.map((e) => publisher.accept(e)));
      broker.set(away);
      const during = Array.from({ length: 40 }, () => storedEvent());
      const started = Date.now();
      for (const e of during.slice(0, 20)) await publisher.accept(e);
      await Promise.all(during.slice(20).map((e) => publisher.accept(e)));
      // Acknowledged (on disk), not refused, and within the publish timeout.
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(broker.held).toHaveLength(5);
      broker.set('up');
      const after = Array.from({ length: 5 }, () => storedEvent());
      for (const e of after) await publisher.accept(e);
      await waitFor(() => broker.held.length >= 50, 10_000, 'every event forwarded');
      const ids = [...before, ...during, ...after].map((e) => e.eventId);
      // Each once, and in the order accepted.
      expect(broker.held.filter((id, i) => broker.held.indexOf(id) !== i)).toEqual([]);
      expect(broker.held).toEqual(ids);
      await publisher.stop();
      expect((await readdir(dir)).filter((f) => f.endsWith('.ndjson'))).toEqual([]);
    });
  }

  it('forwards what a stopped (or killed) process left in the spool after the next start', async () => {
    const broker = brokerThatGoesAway();
    broker.set('refuse');
    const first = new BusPublisher(broker.bus, { topic: 't', spoolDir: dir, spoolAfterMs: 300, logger });
    await first.start();
    const events = Array.from({ length: 12 }, () => storedEvent());
    await Promise.all(events.map((e) => first.accept(e)));
    await first.stop();
    expect(broker.held).toEqual([]);
    broker.set('up');
    const second = new BusPublisher(broker.bus, { topic: 't', spoolDir: dir, spoolAfterMs: 300, logger });
    await second.start();
    await waitFor(() => broker.held.length === 12, 10_000, 'the spooled events forwarded');
    expect(broker.held).toEqual(events.map((e) => e.eventId));
    await second.stop();
  });

  it('refuses (503) without a spool, as before', async () => {
    const broker = brokerThatGoesAway();
    broker.set('refuse');
    const publisher = new BusPublisher(broker.bus, { topic: 't' });
    await expect(publisher.accept(storedEvent())).rejects.toThrow(/Connection refused/);
    await publisher.stop();
    await expect(publisher.accept(storedEvent())).rejects.toThrow(SinkFullError);
  });
});

// Issue 23, defect 2: a broker back with fresh data (a lost volume) had lost the events it had
// acknowledged that the ingest had not read yet; nothing published them again, and analytics never
// counted them. The publisher keeps a window of what it published and replays it to the new topic.
describe('the analytics publisher when its topic is created again (a broker that lost its data)', () => {
  it('publishes again the events of its window, and goes on with new ones', async () => {
    const broker = brokerThatGoesAway();
    const publisher = new BusPublisher(broker.bus, { topic: 't', logger });
    await publisher.start();
    const before = Array.from({ length: 30 }, () => storedEvent());
    await Promise.all(before.map((e) => publisher.accept(e)));
    expect(broker.held).toHaveLength(30);
    broker.loseTopic();
    await waitFor(() => broker.held.length === 30, 5_000, 'the window published again');
    expect(new Set(broker.held)).toEqual(new Set(before.map((e) => e.eventId)));
    const after = storedEvent();
    await publisher.accept(after);
    expect(broker.held.at(-1)).toBe(after.eventId);
    await publisher.stop();
    expect(broker.listeners.size).toBe(0);
  });

  it('keeps the last `replayWindowMs` and at most `replayMaxEvents` events', async () => {
    const broker = brokerThatGoesAway();
    const publisher = new BusPublisher(broker.bus, { topic: 't', logger, replayWindowMs: 400, replayMaxEvents: 4 });
    await publisher.start();
    const old = Array.from({ length: 3 }, () => storedEvent());
    await Promise.all(old.map((e) => publisher.accept(e)));
    await new Promise((r) => setTimeout(r, 600));
    const recent = Array.from({ length: 6 }, () => storedEvent());
    for (const e of recent) await publisher.accept(e);
    broker.loseTopic();
    await waitFor(() => broker.held.length === 4, 5_000, 'the window published again');
    await new Promise((r) => setTimeout(r, 100));
    expect(broker.held).toEqual(recent.slice(-4).map((e) => e.eventId));
    await publisher.stop();
  });

  it('publishes the window again until the broker takes it, the spooled events too', async () => {
    const broker = brokerThatGoesAway();
    const dir = await mkdtemp(join(tmpdir(), 'analytics-spool-'));
    try {
      const publisher = new BusPublisher(broker.bus, { topic: 't', spoolDir: dir, spoolAfterMs: 300, logger });
      await publisher.start();
      const before = Array.from({ length: 10 }, () => storedEvent());
      await Promise.all(before.map((e) => publisher.accept(e)));
      broker.set('refuse');
      const spooled = Array.from({ length: 5 }, () => storedEvent());
      await Promise.all(spooled.map((e) => publisher.accept(e)));
      broker.loseTopic();
      await new Promise((r) => setTimeout(r, 500));
      broker.set('up');
      const all = [...before, ...spooled].map((e) => e.eventId);
      await waitFor(() => all.every((id) => broker.held.includes(id)), 15_000, 'every event on the new topic');
      // A spooled event forwarded before the loss was noticed is published again too: the ingest keeps one per id.
      await publisher.stop();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
