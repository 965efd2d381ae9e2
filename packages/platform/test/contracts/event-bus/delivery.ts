import { expect, it } from 'vitest';
import { KEYS, Inbox, uniqueTopic, uniqueGroup, envelope, ids, barrier, waitFor, type EventBusContract } from './context.js';

/** Delivery: every envelope field, every group (a late one too), one member of a group each. */
export function delivery(t: EventBusContract): void {
  it('answers ping', async () => {
    await expect(t.bus.ping()).resolves.toBeUndefined();
  });

  it('delivers a published event to a new group with every envelope field intact', async () => {
    const topic = uniqueTopic('fields');
    const event = envelope(topic, 'company-1', { name: 'Élite Limos', seats: 8, tags: ['sedan'], nested: { ok: true } });
    await t.bus.publish([event]);

    const inbox = new Inbox();
    await t.bus.subscribe({ group: uniqueGroup('fields'), topics: [topic], handler: inbox.handler });

    await waitFor(() => inbox.events.length === 1, 'the event');
    expect(inbox.events[0]).toEqual(event);
  });

  it('lets a late consumer group see every event, even those other groups consumed already', async () => {
    const topic = uniqueTopic('late');
    const early = new Inbox();
    await t.bus.subscribe({ group: uniqueGroup('early'), topics: [topic], handler: early.handler });
    const events = KEYS.flatMap((key) => [envelope(topic, key, { n: 1 }), envelope(topic, key, { n: 2 })]);
    await t.bus.publish(events);
    await barrier(t.bus, topic, [() => early.events]);

    // A service that starts later (its group is new) must still build its state from every event.
    const late = new Inbox();
    await t.bus.subscribe({ group: uniqueGroup('late'), topics: [topic], handler: late.handler });
    await waitFor(() => late.ids().length >= events.length, 'every event in the late group');
    expect(late.ids().sort()).toEqual(ids(events).sort());
  });

  it('gives every event to each group', async () => {
    const topic = uniqueTopic('groups');
    const a = new Inbox();
    const b = new Inbox();
    await Promise.all([
      t.bus.subscribe({ group: uniqueGroup('a'), topics: [topic], handler: a.handler }),
      t.bus.subscribe({ group: uniqueGroup('b'), topics: [topic], handler: b.handler }),
    ]);

    const events = KEYS.map((key) => envelope(topic, key));
    await t.bus.publish(events);
    await barrier(t.bus, topic, [() => a.events, () => b.events]);

    expect(a.ids().sort()).toEqual(ids(events).sort());
    expect(b.ids().sort()).toEqual(ids(events).sort());
  });

  it('hands each event to one member of a group, spreading partitions over the members', async () => {
    const topic = uniqueTopic('members');
    const group = uniqueGroup('members');
    const first = new Inbox();
    const second = new Inbox();
    // Both members join before anything is published, so no rebalance happens mid-test.
    await t.bus.subscribe({ group, topics: [topic], handler: first.handler });
    await t.bus.subscribe({ group, topics: [topic], handler: second.handler });

    const events = KEYS.flatMap((key) => [envelope(topic, key), envelope(topic, key), envelope(topic, key)]);
    await t.bus.publish(events);
    await barrier(t.bus, topic, [() => [...first.events, ...second.events]]);

    const handled = [...first.ids(), ...second.ids()];
    // Every event, each at least once (a late rebalance may hand a partition's last events again), and
    // not to every member (that would be each event twice).
    expect(handled.length).toBeGreaterThanOrEqual(events.length);
    expect(handled.length).toBeLessThan(2 * events.length);
    expect(new Set(handled)).toEqual(new Set(ids(events)));
    expect(first.ids().length).toBeGreaterThan(0);
    expect(second.ids().length).toBeGreaterThan(0);
  });
}
