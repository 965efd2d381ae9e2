import { expect, it } from 'vitest';
import type { EventBatch, EventEnvelope } from '../../../src/ports/event-bus.port.js';
import { uniqueTopic, uniqueGroup, envelope, waitFor, KEYS, type EventBusContract } from './context.js';

/** What a batch handler was given, each batch as it came. */
class Batches {
  readonly received: EventBatch[] = [];
  readonly handler = async (batch: EventBatch): Promise<void> => {
    this.received.push(batch);
  };

  events(): EventEnvelope[] {
    return this.received.flatMap((b) => b.messages.flatMap((m) => m.event ?? []));
  }
}

/** Batch subscriptions: one partition's consecutive events per batch, committed once the handler resolved. */
export function batches(t: EventBusContract): void {
  // Delivery is at least once: a Kafka group may rejoin in the middle (CI saw it under load) and read
  // again from the committed offsets. What the handler may rely on is asserted: every event arrives,
  // each batch is consecutive offsets of one partition, and a batch that does not follow the one
  // before it (a repeat, or a jump) says `resumed`.
  it('hands over batches of one partition, in offset order, every event, at most maxEvents a batch; only a resumed batch repeats', async () => {
    const topic = uniqueTopic('batch');
    const batches = new Batches();
    await t.bus.subscribeBatch({ group: uniqueGroup('batch'), topic, maxEvents: 7, maxWaitMs: 100, handler: batches.handler });
    const events = Array.from({ length: 60 }, (_, seq) => envelope(topic, KEYS[seq % KEYS.length], { seq }));
    await t.bus.publish(events.slice(0, 25));
    await t.bus.publish(events.slice(25));

    const firsts = (): EventEnvelope[] => [...new Map(batches.events().map((e) => [e.id, e])).values()];
    await waitFor(() => firsts().length >= events.length, 'the 60 events');
    expect(
      firsts()
        .map((e) => e.id)
        .sort(),
    ).toEqual(events.map((e) => e.id).sort());
    const lastOffset = new Map<string, number>();
    for (const { source, resumed, messages } of batches.received) {
      expect(source.startsWith(`${topic}:`)).toBe(true);
      expect(messages.length).toBeGreaterThan(0);
      expect(messages.length).toBeLessThanOrEqual(7);
      const offsets = messages.map((m) => m.offset);
      expect(offsets).toEqual(offsets.map((_, i) => offsets[0] + i));
      const before = lastOffset.get(source);
      if (!resumed) expect(offsets[0]).toBe(before! + 1);
      // A resumed batch may go back, never past an offset not handed over yet.
      else if (before !== undefined) expect(offsets[0]).toBeLessThanOrEqual(before + 1);
      lastOffset.set(source, Math.max(before ?? -1, offsets.at(-1)!));
    }
    // Each key's events are handed over in the order they were published.
    for (const key of KEYS) {
      const seqs = firsts()
        .filter((e) => e.key === key)
        .map((e) => (e.data as { seq: number }).seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    }
  });

  it('says resumed for the first batch of each source since the member joined, not for the next ones', async () => {
    const topic = uniqueTopic('resumed');
    const group = uniqueGroup('resumed');
    const batches = new Batches();
    const subscription = await t.bus.subscribeBatch({ group, topic, maxEvents: 100, maxWaitMs: 100, handler: batches.handler });
    const [e1, e2, e3] = [1, 2, 3].map((n) => envelope(topic, 'visitor-1', { n }));
    await t.bus.publish([e1]);
    await waitFor(() => batches.events().length === 1, 'the first event');
    await t.bus.publish([e2]);
    await waitFor(() => batches.events().length === 2, 'the second event');
    await subscription.close();

    await t.bus.publish([e3]);
    const again = new Batches();
    await t.bus.subscribeBatch({ group, topic, maxEvents: 100, maxWaitMs: 100, handler: again.handler });
    await waitFor(() => again.events().length === 1, 'the event published while the group was down');

    expect(batches.received.map((b) => b.resumed)).toEqual([true, false]);
    expect(batches.received[1].messages[0].offset).toBe(batches.received[0].messages[0].offset + 1);
    expect(again.received.map((b) => [b.source, b.resumed])).toEqual([[batches.received[0].source, true]]);
    expect(again.events().map((e) => e.id)).toEqual([e3.id]);
  });

  it('delivers a batch again, resumed, after its handler threw, until it passes', async () => {
    const topic = uniqueTopic('batch-retry');
    const attempts: EventBatch[] = [];
    const events = [1, 2, 3].map((n) => envelope(topic, 'visitor-2', { n }));
    await t.bus.publish(events);
    await t.bus.subscribeBatch({
      group: uniqueGroup('batch-retry'),
      topic,
      maxEvents: 100,
      maxWaitMs: 100,
      handler: async (batch) => {
        attempts.push(batch);
        if (attempts.length === 1) throw new Error('the store is away');
      },
    });

    await waitFor(() => attempts.length >= 2, 'the batch again', 30_000);
    const [failed, passed] = attempts;
    expect(passed.resumed).toBe(true);
    expect(passed.source).toBe(failed.source);
    expect(passed.messages).toEqual(failed.messages);
    expect(passed.messages.map((m) => m.event?.id)).toEqual(events.map((e) => e.id));
  }, 40_000);

  it('commits a batch only once its handler resolved: one that never did is handed to the next member of the group', async () => {
    const topic = uniqueTopic('batch-commit');
    const group = uniqueGroup('batch-commit');
    const event = envelope(topic, 'visitor-3');
    let tried = false;
    const failing = await t.bus.subscribeBatch({
      group,
      topic,
      maxEvents: 100,
      maxWaitMs: 100,
      handler: async () => {
        tried = true;
        throw new Error('never written');
      },
    });
    await t.bus.publish([event]);
    await waitFor(() => tried, 'the failing handler');
    await failing.close();

    const batches = new Batches();
    await t.bus.subscribeBatch({ group, topic, maxEvents: 100, maxWaitMs: 100, handler: batches.handler });
    await waitFor(() => batches.events().length >= 1, 'the event again');
    expect(batches.events().map((e) => e.id)).toEqual([event.id]);
    expect(batches.received[0].resumed).toBe(true);
  }, 40_000);
}
