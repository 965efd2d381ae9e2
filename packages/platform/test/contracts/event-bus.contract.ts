import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidEventError } from '../../src/errors.js';
import { deadLetterTopic, type DeadLetter, type EventBus, type EventEnvelope, type EventHandler } from '../../src/ports/event-bus.port.js';

/**
 * The behaviour every EventBus adapter must have. Each test uses its own topics and groups, so runs
 * never see each other's events; the bus is closed after each test.
 */
export function describeEventBusContract(name: string, factory: () => Promise<EventBus>): void {
  describe(name, () => {
    let bus: EventBus;

    beforeEach(async () => {
      bus = await factory();
    });

    afterEach(async () => {
      await bus?.close();
    });

    it('answers ping', async () => {
      await expect(bus.ping()).resolves.toBeUndefined();
    });

    it('delivers a published event to a new group with every envelope field intact', async () => {
      const topic = uniqueTopic('fields');
      const event = envelope(topic, 'company-1', { name: 'Élite Limos', seats: 8, tags: ['sedan'], nested: { ok: true } });
      await bus.publish([event]);

      const inbox = new Inbox();
      await bus.subscribe({ group: uniqueGroup('fields'), topics: [topic], handler: inbox.handler });

      await waitFor(() => inbox.events.length === 1, 'the event');
      expect(inbox.events[0]).toEqual(event);
    });

    it('lets a late consumer group see every event, even those other groups consumed already', async () => {
      const topic = uniqueTopic('late');
      const early = new Inbox();
      await bus.subscribe({ group: uniqueGroup('early'), topics: [topic], handler: early.handler });
      const events = KEYS.flatMap((key) => [envelope(topic, key, { n: 1 }), envelope(topic, key, { n: 2 })]);
      await bus.publish(events);
      await barrier(bus, topic, [() => early.events]);

      // A service that starts later (its group is new) must still build its state from every event.
      const late = new Inbox();
      await bus.subscribe({ group: uniqueGroup('late'), topics: [topic], handler: late.handler });
      await waitFor(() => late.ids().length >= events.length, 'every event in the late group');
      expect(late.ids().sort()).toEqual(ids(events).sort());
    });

    it('gives every event to each group', async () => {
      const topic = uniqueTopic('groups');
      const a = new Inbox();
      const b = new Inbox();
      await Promise.all([
        bus.subscribe({ group: uniqueGroup('a'), topics: [topic], handler: a.handler }),
        bus.subscribe({ group: uniqueGroup('b'), topics: [topic], handler: b.handler }),
      ]);

      const events = KEYS.map((key) => envelope(topic, key));
      await bus.publish(events);
      await barrier(bus, topic, [() => a.events, () => b.events]);

      expect(a.ids().sort()).toEqual(ids(events).sort());
      expect(b.ids().sort()).toEqual(ids(events).sort());
    });

    it('hands each event to one member of a group, spreading partitions over the members', async () => {
      const topic = uniqueTopic('members');
      const group = uniqueGroup('members');
      const first = new Inbox();
      const second = new Inbox();
      // Both members join before anything is published, so no rebalance happens mid-test.
      await bus.subscribe({ group, topics: [topic], handler: first.handler });
      await bus.subscribe({ group, topics: [topic], handler: second.handler });

      const events = KEYS.flatMap((key) => [envelope(topic, key), envelope(topic, key), envelope(topic, key)]);
      await bus.publish(events);
      await barrier(bus, topic, [() => [...first.events, ...second.events]]);

      const handled = [...first.ids(), ...second.ids()];
      expect(handled).toHaveLength(events.length);
      expect(new Set(handled)).toEqual(new Set(ids(events)));
      expect(first.ids().length).toBeGreaterThan(0);
      expect(second.ids().length).toBeGreaterThan(0);
    });

    it('keeps the order of each key (50 events over 5 keys)', async () => {
      const topic = uniqueTopic('order');
      const received = new Map<string, number[]>();
      await bus.subscribe({
        group: uniqueGroup('order'),
        topics: [topic],
        handler: async (event) => {
          // Uneven handler times would reorder a bus that ran one key's events concurrently.
          await delay(Math.floor(Math.random() * 3));
          const { seq } = event.data as { seq: number };
          received.set(event.key, [...(received.get(event.key) ?? []), seq]);
        },
      });

      const keys = ['k1', 'k2', 'k3', 'k4', 'k5'];
      const events = Array.from({ length: 50 }, (_, seq) => envelope(topic, keys[seq % 5], { seq }));
      await bus.publish(events.slice(0, 20));
      await bus.publish(events.slice(20));

      await waitFor(() => [...received.values()].flat().length === 50, '50 events');
      for (const [index, key] of keys.entries()) {
        expect(received.get(key)).toEqual(Array.from({ length: 10 }, (_, i) => index + i * 5));
      }
    });

    it('with concurrency, handles distinct keys at once and keeps the order of each key', async () => {
      const topic = uniqueTopic('concurrent');
      const received = new Map<string, number[]>();
      let running = 0;
      let mostAtOnce = 0;
      const runningKeys = new Set<string>();
      let sameKeyTogether = false;
      await bus.subscribe({
        group: uniqueGroup('concurrent'),
        topics: [topic],
        concurrency: 8,
        handler: async (event) => {
          if (runningKeys.has(event.key)) sameKeyTogether = true;
          runningKeys.add(event.key);
          mostAtOnce = Math.max(mostAtOnce, ++running);
          await delay(5 + Math.floor(Math.random() * 5));
          running--;
          runningKeys.delete(event.key);
          const { seq } = event.data as { seq: number };
          received.set(event.key, [...(received.get(event.key) ?? []), seq]);
        },
      });

      const keys = Array.from({ length: 12 }, (_, i) => `c${i}`);
      const events = Array.from({ length: 96 }, (_, seq) => envelope(topic, keys[seq % keys.length], { seq }));
      await bus.publish(events);

      await waitFor(() => [...received.values()].flat().length === events.length, `${events.length} events`);
      expect(sameKeyTogether).toBe(false);
      expect(mostAtOnce).toBeGreaterThan(1);
      for (const [index, key] of keys.entries()) {
        expect(received.get(key)).toEqual(Array.from({ length: 8 }, (_, i) => index + i * keys.length));
      }
    });

    it('with concurrency, starts the next event when any finishes: a slow event does not hold the others', async () => {
      const topic = uniqueTopic('sliding');
      const quickDone: string[] = [];
      let quickDoneWhenSlowEnded = -1;
      await bus.subscribe({
        group: uniqueGroup('sliding'),
        topics: [topic],
        concurrency: 4,
        handler: async (event) => {
          if (event.key === 'slow') {
            await delay(400);
            quickDoneWhenSlowEnded = quickDone.length;
            return;
          }
          await delay(5);
          quickDone.push(event.key);
        },
      });
      // In fixed windows of 4, the quick events behind the slow one's window would wait for it.
      const quick = Array.from({ length: 24 }, (_, i) => envelope(topic, `q${i}`));
      await bus.publish([envelope(topic, 'slow'), ...quick]);

      await waitFor(() => quickDoneWhenSlowEnded >= 0 && quickDone.length === quick.length, 'every event');
      expect(quickDoneWhenSlowEnded).toBe(quick.length);
    });

    it('retries a failing handler with a doubling backoff until it succeeds', async () => {
      const topic = uniqueTopic('retry');
      const attempts: number[] = [];
      const handled = new Inbox();
      await bus.subscribe({
        group: uniqueGroup('retry'),
        topics: [topic],
        retryDelayMs: 60,
        maxAttempts: 5,
        handler: async (event) => {
          attempts.push(performance.now());
          if (attempts.length < 3) throw new Error(`transient failure ${attempts.length}`);
          await handled.handler(event);
        },
      });

      const event = envelope(topic, 'quote-1');
      await bus.publish([event]);

      await waitFor(() => handled.events.length === 1, 'the third attempt');
      expect(handled.events[0]).toEqual(event);
      expect(attempts).toHaveLength(3);
      // Timers may fire a millisecond early; the second wait must be about twice the first.
      expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(55);
      expect(attempts[2] - attempts[1]).toBeGreaterThanOrEqual(115);
    });

    it('dead-letters an event after maxAttempts failures and moves on to the next ones', async () => {
      const topic = uniqueTopic('poison');
      const group = uniqueGroup('poison');
      const poison = envelope(topic, 'review-1', { poison: true });
      const after = [envelope(topic, 'review-1', { n: 1 }), envelope(topic, 'review-1', { n: 2 })];
      let poisonAttempts = 0;
      const handled = new Inbox();
      const dlq = new Inbox();
      await Promise.all([
        bus.subscribe({ group: uniqueGroup('dlq-reader'), topics: [deadLetterTopic(topic)], handler: dlq.handler }),
        bus.subscribe({
          group,
          topics: [topic],
          maxAttempts: 3,
          retryDelayMs: 10,
          handler: async (event) => {
            if ((event.data as { poison?: boolean }).poison) {
              poisonAttempts += 1;
              throw new Error(`cannot handle ${event.id}`);
            }
            await handled.handler(event);
          },
        }),
      ]);

      await bus.publish([poison, ...after]);

      await waitFor(() => handled.events.length === 2 && dlq.events.length === 1, 'the later events and the dead letter');
      expect(handled.ids()).toEqual(ids(after));
      expect(poisonAttempts).toBe(3);
      const [dead] = dlq.events as EventEnvelope<DeadLetter>[];
      expect(dead.type).toBe(deadLetterTopic(topic));
      expect(dead.key).toBe(poison.key);
      expect(dead.data).toEqual({ event: poison, group, error: `cannot handle ${poison.id}`, attempts: 3 });
    });

    it('dead-letters at its first attempt an event the handler cannot read (InvalidEventError), and moves on', async () => {
      const topic = uniqueTopic('unreadable');
      const [unreadable, next] = [envelope(topic, 'k', { bad: true }), envelope(topic, 'k', { n: 1 })];
      const [handled, dlq] = [new Inbox(), new Inbox()];
      await bus.subscribe({ group: uniqueGroup('unreadable-dlq'), topics: [deadLetterTopic(topic)], handler: dlq.handler });
      await bus.subscribe({
        group: uniqueGroup('unreadable'),
        topics: [topic],
        maxAttempts: 5,
        handler: async (event) => {
          if ((event.data as { bad?: boolean }).bad) throw new InvalidEventError('does not match its schema');
          await handled.handler(event);
        },
      });
      await bus.publish([unreadable, next]);
      await waitFor(() => handled.events.length === 1 && dlq.events.length === 1, 'the next event and the dead letter');
      expect((dlq.events[0] as EventEnvelope<DeadLetter>).data).toMatchObject({ event: unreadable, attempts: 1 });
    });

    it('retries a handler whose store is unreachable past maxAttempts, and never dead-letters its event', async () => {
      const topic = uniqueTopic('unreachable');
      let attempts = 0;
      const handled = new Inbox();
      const dlq = new Inbox();
      await Promise.all([
        bus.subscribe({ group: uniqueGroup('unreachable-dlq'), topics: [deadLetterTopic(topic)], handler: dlq.handler }),
        bus.subscribe({
          group: uniqueGroup('unreachable'),
          topics: [topic],
          maxAttempts: 2,
          retryDelayMs: 10,
          handler: async (event) => {
            // What the MongoDB driver throws while the server is away, six times over.
            if (++attempts <= 6) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:27017'), { name: 'MongoNetworkError' });
            await handled.handler(event);
          },
        }),
      ]);
      const event = envelope(topic, 'company-1');
      await bus.publish([event]);

      await waitFor(() => handled.events.length === 1, 'the attempt after the store came back');
      expect(handled.ids()).toEqual([event.id]);
      expect(attempts).toBe(7);
      await delay(200);
      expect(dlq.events).toEqual([]);
    });

    it('resumes a group from its committed offset, with what was published while it was down', async () => {
      const topic = uniqueTopic('resume');
      const group = uniqueGroup('resume');
      // One key, hence one partition: a redelivered old event would arrive before the new one.
      const [e1, e2, e3] = [1, 2, 3].map((n) => envelope(topic, 'user-1', { n }));
      const before = new Inbox();
      const subscription = await bus.subscribe({ group, topics: [topic], handler: before.handler });
      await bus.publish([e1, e2]);
      await waitFor(() => before.events.length === 2, 'the first two events');
      await subscription.close();

      await bus.publish([e3]);
      const after = new Inbox();
      await bus.subscribe({ group, topics: [topic], handler: after.handler });

      await waitFor(() => after.events.length >= 1, 'the event published while the group was down');
      expect(after.ids()).toEqual([e3.id]);
      expect(before.ids()).toEqual([e1.id, e2.id]);
    });

    it('starts a new group at the end when fromBeginning is false', async () => {
      const topic = uniqueTopic('latest');
      const old = envelope(topic, 'company-9', { n: 1 });
      const fresh = envelope(topic, 'company-9', { n: 2 });
      await bus.publish([old]);

      const inbox = new Inbox();
      await bus.subscribe({ group: uniqueGroup('latest'), topics: [topic], fromBeginning: false, handler: inbox.handler });
      await bus.publish([fresh]);

      await waitFor(() => inbox.events.length >= 1, 'the event published after subscribing');
      expect(inbox.ids()).toEqual([fresh.id]);
    });

    it('lets an in-flight handler finish on close and commits its event', async () => {
      const topic = uniqueTopic('close');
      const group = uniqueGroup('close');
      const [slow, next] = [1, 2].map((n) => envelope(topic, 'payment-1', { n }));
      let started = false;
      let finished = false;
      const subscription = await bus.subscribe({
        group,
        topics: [topic],
        handler: async () => {
          started = true;
          await delay(300);
          finished = true;
        },
      });
      await bus.publish([slow]);
      await waitFor(() => started, 'the handler to start');

      await subscription.close();
      expect(finished).toBe(true);

      const inbox = new Inbox();
      await bus.subscribe({ group, topics: [topic], handler: inbox.handler });
      await bus.publish([next]);
      await waitFor(() => inbox.events.length >= 1, 'the next event');
      expect(inbox.ids()).toEqual([next.id]);
    });
  });
}

/** Fixed keys, so each adapter's partitioner spreads them the same way on every run. */
const KEYS = Array.from({ length: 10 }, (_, i) => `key-${i}`);

class Inbox {
  readonly events: EventEnvelope[] = [];
  readonly handler: EventHandler = async (event) => {
    this.events.push(event);
  };

  /** Ids of the events received, barrier markers left out. */
  ids(): string[] {
    return this.events.filter((e) => !isBarrier(e)).map((e) => e.id);
  }
}

function uniqueTopic(label: string): string {
  return `contract.${label}.${randomUUID().slice(0, 8)}.v1`;
}

function uniqueGroup(label: string): string {
  return `contract-${label}-${randomUUID().slice(0, 8)}`;
}

function envelope(type: string, key: string, data: unknown = {}): EventEnvelope {
  return { id: randomUUID(), type, occurredAt: new Date().toISOString(), key, data };
}

const ids = (events: EventEnvelope[]): string[] => events.map((e) => e.id);

const isBarrier = (event: EventEnvelope): boolean => (event.data as { barrier?: boolean }).barrier === true;

/**
 * Publishes one marker per key in KEYS and waits until every group received all of them. Each
 * partition is handled in order, so by then every event published before (and any redelivery of
 * one) has been handled: what a group received is final, without sleeping.
 */
async function barrier(bus: EventBus, topic: string, groups: Array<() => EventEnvelope[]>): Promise<void> {
  const markers = KEYS.map((key) => envelope(topic, key, { barrier: true }));
  await bus.publish(markers);
  await waitFor(() => groups.every((received) => markers.every((m) => received().some((e) => e.id === m.id))), 'the barrier markers');
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(20);
  }
}
