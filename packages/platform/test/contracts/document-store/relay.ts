import { describe, expect, it } from 'vitest';
import { OutboxCollection } from '../../../src/outbox/outbox-collection.js';
import { OutboxRelay } from '../../../src/outbox/outbox-relay.js';
import { COMPANIES, RecordingBus, event, waitFor, type Company, type DocumentStoreContract } from './context.js';

/** The outbox relay (its tests sit under "outbox"): retries, stops, wake-ups, batches, acknowledgements, concurrent flushes. */
export function relay(t: DocumentStoreContract): void {
  const { open, relay } = t;

  /** A collection and a relay started with a minute between polls, past its first poll: only a wake-up publishes soon. */
  const slowRelay = async (collection: string) => {
    const companies = await open<Company>(collection);
    const bus = new RecordingBus();
    const slow = relay(bus, 60_000);
    slow.start();
    // Let the first poll (on start) pass; the next one is a minute away.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { companies, bus, slow };
  };

  describe('outbox', () => {
    it('keeps events when the bus refuses them and publishes them on the next flush', async () => {
      const companies = await open<Company>('retry');
      const bus = new RecordingBus();
      const events = [event('company.created.v1', 'a'), event('company.updated.v1', 'a')];
      await companies.insertOne(COMPANIES[0], { events: [events[0]] });
      await companies.updateOne({ _id: 'a' }, { $inc: { fleet: 1 } }, { events: [events[1]] });
      const relayOne = relay(bus);
      bus.failNext = true;
      await expect(relayOne.flush()).rejects.toThrow('bus unavailable');
      expect(await relayOne.flush()).toBe(2);
      expect(bus.published).toEqual(events);
    });

    it('loses nothing when a relay stops before publishing: the next relay publishes it', async () => {
      const companies = await open<Company>('stopped');
      const bus = new RecordingBus();
      const created = event('company.created.v1', 'a');
      await companies.insertOne(COMPANIES[0], { events: [created] });
      const stopped = relay(bus);
      stopped.start();
      await stopped.stop();
      expect(bus.published).toEqual([]);

      expect(await relay(bus).flush()).toBe(1);
      expect(bus.published).toEqual([created]);
    });

    it('publishes soon after notify() without waiting for the interval, and on its own while started', async () => {
      const { companies, bus, slow } = await slowRelay('notify');
      const created = event('company.created.v1', 'a');
      await companies.insertOne(COMPANIES[0], { events: [created] });
      slow.notify();
      await waitFor(() => bus.published.length === 1, 1_000);
      await slow.stop();

      const polling = relay(bus, 20);
      polling.start();
      const updated = event('company.updated.v1', 'a');
      await companies.updateOne({ _id: 'a' }, { $inc: { fleet: 1 } }, { events: [updated] });
      await waitFor(() => bus.published.length === 2);
      expect(bus.published).toEqual([created, updated]);
    });

    it('publishes soon after every write that owes events, with no notify() from the writer', async () => {
      const { companies, bus, slow } = await slowRelay('signalled');
      const created = event('company.created.v1', 'a');
      const updated = event('company.updated.v1', 'a');
      const deleted = event('company.deleted.v1', 'a');
      await companies.insertOne(COMPANIES[0], { events: [created] });
      await waitFor(() => bus.published.length === 1, 1_000);
      await companies.updateOne({ _id: 'a' }, { $inc: { fleet: 1 } }, { events: [updated] });
      await waitFor(() => bus.published.length === 2, 1_000);
      await companies.deleteOne({ _id: 'a' }, { events: [deleted] });
      await waitFor(() => bus.published.length === 3, 1_000);
      expect(bus.published).toEqual([created, updated, deleted]);
      // Stopped, it no longer listens: the write waits for the next relay.
      await slow.stop();
      await companies.insertOne(COMPANIES[1], { events: [event('company.created.v1', 'b')] });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(bus.published).toHaveLength(3);
    });

    it('flushes more documents than one batch holds, each event once', async () => {
      const companies = await open<{ _id: string; n: number }>('batches');
      const bus = new RecordingBus();
      const events = Array.from({ length: 7 }, (_, i) => event('counter.set.v1', String(i)));
      for (const [i, e] of events.entries()) await companies.insertOne({ _id: String(i), n: i }, { events: [e] });
      const small = new OutboxRelay({ store: t.store, bus, batchSize: 3 });
      t.relays.push(small);
      expect(await small.flush()).toBe(7);
      expect([...bus.published].sort((a, b) => a.occurredAt.localeCompare(b.occurredAt))).toEqual(events);
    });

    it('an acknowledgement keeps an event written after another relay acknowledged the same ones', async () => {
      const companies = await open<Company>('two-relays');
      expect(companies).toBeInstanceOf(OutboxCollection);
      const outbox = companies as unknown as OutboxCollection<Company>;
      const created = event('company.created.v1', 'a');
      await companies.insertOne(COMPANIES[0], { events: [created] });
      const [seenByOne] = await outbox.pending(10);
      const [seenByOther] = await outbox.pending(10);
      await outbox.acknowledge(seenByOther, [created.id]);
      const updated = event('company.updated.v1', 'a');
      await companies.updateOne({ _id: 'a' }, { $inc: { fleet: 1 } }, { events: [updated] });
      await outbox.acknowledge(seenByOne, [created.id]);

      const bus = new RecordingBus();
      expect(await relay(bus).flush()).toBe(1);
      expect(bus.published).toEqual([updated]);
      expect(await outbox.pending(10)).toEqual([]);
      expect(await companies.findOne({ _id: 'a' })).toEqual({ ...COMPANIES[0], fleet: COMPANIES[0].fleet + 1 });
    });

    it('coalesces concurrent flushes: every event is published once', async () => {
      const companies = await open<{ _id: string; n: number }>('coalesce');
      const bus = new RecordingBus();
      const events = Array.from({ length: 20 }, (_, i) => event('counter.set.v1', String(i)));
      for (const [i, e] of events.entries()) await companies.insertOne({ _id: String(i), n: i }, { events: [e] });
      const r = relay(bus);
      const counts = await Promise.all([r.flush(), r.flush(), r.flush()]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
      expect(bus.published).toEqual(events);
    });
  });
}
