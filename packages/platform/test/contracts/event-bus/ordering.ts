import { setTimeout as delay } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { uniqueTopic, uniqueGroup, envelope, waitFor, type EventBusContract } from './context.js';

/** Whether an event id is seen for the first time. */
function firstDeliveries(): (id: string) => boolean {
  const seen = new Set<string>();
  return (id) => !seen.has(id) && Boolean(seen.add(id));
}

/** Per-key order, alone and with concurrency (a sliding window: a slow event holds no other key). */
export function ordering(t: EventBusContract): void {
  it('keeps the order of each key (50 events over 5 keys)', async () => {
    const topic = uniqueTopic('order');
    const received = new Map<string, number[]>();
    const firstDelivery = firstDeliveries();
    await t.bus.subscribe({
      group: uniqueGroup('order'),
      topics: [topic],
      handler: async (event) => {
        // Uneven handler times would reorder a bus that ran one key's events concurrently.
        await delay(Math.floor(Math.random() * 3));
        // At least once: a group that rejoins (a loaded machine) may hand an event again; first deliveries keep order.
        if (!firstDelivery(event.id)) return;
        const { seq } = event.data as { seq: number };
        received.set(event.key, [...(received.get(event.key) ?? []), seq]);
      },
    });

    const keys = ['k1', 'k2', 'k3', 'k4', 'k5'];
    const events = Array.from({ length: 50 }, (_, seq) => envelope(topic, keys[seq % 5], { seq }));
    await t.bus.publish(events.slice(0, 20));
    await t.bus.publish(events.slice(20));

    await waitFor(() => [...received.values()].flat().length === 50, '50 events');
    for (const [index, key] of keys.entries()) {
      expect(received.get(key)).toEqual(Array.from({ length: 10 }, (_, i) => index + i * 5));
    }
  });

  it('with concurrency, handles distinct keys at once and keeps the order of each key', async () => {
    const topic = uniqueTopic('concurrent');
    const received = new Map<string, number[]>();
    const firstDelivery = firstDeliveries();
    let running = 0;
    let mostAtOnce = 0;
    const runningKeys = new Set<string>();
    let sameKeyTogether = false;
    await t.bus.subscribe({
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
        if (!firstDelivery(event.id)) return;
        const { seq } = event.data as { seq: number };
        received.set(event.key, [...(received.get(event.key) ?? []), seq]);
      },
    });

    const keys = Array.from({ length: 12 }, (_, i) => `c${i}`);
    const events = Array.from({ length: 96 }, (_, seq) => envelope(topic, keys[seq % keys.length], { seq }));
    await t.bus.publish(events);

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
    await t.bus.subscribe({
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
    await t.bus.publish([envelope(topic, 'slow'), ...quick]);

    await waitFor(() => quickDoneWhenSlowEnded >= 0 && quickDone.length === quick.length, 'every event');
    expect(quickDoneWhenSlowEnded).toBe(quick.length);
  });
}
