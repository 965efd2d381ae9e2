import { describe, expect, it } from 'vitest';
import { DuplicateKeyError } from '../../../src/ports/document-store.port.js';
import { BOOKKEEPING, COMPANIES, RecordingBus, event, ids, type Company, type DocumentStoreContract } from './context.js';

/** The transactional outbox: bookkeeping hidden from reads, and what the relay publishes for each write. */
export function outbox(t: DocumentStoreContract): void {
  const { open, seeded, relay } = t;

  describe('outbox', () => {
    it('hides the outbox and deletion fields from every read and write result', async () => {
      const companies = await open<Company>('hidden');
      const results: unknown[] = [
        await companies.insertOne(COMPANIES[0], { events: [event('company.created.v1', 'a')] }),
        await companies.updateOne({ _id: 'a' }, { $inc: { fleet: 1 } }, { events: [event('company.updated.v1', 'a')] }),
        await companies.updateOne({ _id: 'n' }, { $set: { name: 'New' } }, { upsert: true, events: [event('company.created.v1', 'n')] }),
        await companies.findOne({ _id: 'a' }),
        ...(await companies.find({})),
        await companies.deleteOne({ _id: 'n' }, { events: [event('company.deleted.v1', 'n')] }),
      ];
      for (const result of results) {
        expect(result).not.toBeNull();
        for (const field of BOOKKEEPING) expect(result).not.toHaveProperty(field);
      }
    });

    it('hides a document deleted with events from every read and write at once', async () => {
      const companies = await seeded();
      await companies.deleteOne({ _id: 'a' }, { events: [event('company.deleted.v1', 'a')] });
      expect(await companies.findOne({ _id: 'a' })).toBeNull();
      expect(ids(await companies.find({ city: 'Austin' }))).toEqual(['c']);
      expect(await companies.count({})).toBe(3);
      expect(await companies.updateOne({ _id: 'a' }, { $set: { name: 'zombie' } })).toBeNull();
      expect(await companies.updateMany({ _id: 'a' }, { $set: { name: 'zombie' } })).toBe(0);
      expect(await companies.deleteOne({ _id: 'a' })).toBeNull();
      expect(await companies.deleteMany({ _id: 'a' })).toBe(0);
    });

    it('the relay publishes insert, update, upsert and delete events in order, then removes deleted documents', async () => {
      const companies = await open<Company>('relay');
      const bus = new RecordingBus();
      const written = [event('company.created.v1', 'a'), event('company.updated.v1', 'a'), event('company.updated.v1', 'a')];
      await companies.insertOne(COMPANIES[0], { events: [written[0]] });
      await companies.updateOne({ _id: 'a' }, { $set: { fleet: 11 } }, { events: [written[1], written[2]] });
      written.push(event('company.created.v1', 'b'));
      await companies.updateOne({ _id: 'b' }, { $set: { name: 'B' } }, { upsert: true, events: [written[3]] });
      written.push(event('company.deleted.v1', 'b'));
      await companies.deleteOne({ _id: 'b' }, { events: [written[4]] });

      expect(await relay(bus).flush()).toBe(5);
      expect(bus.published).toEqual(written);
      expect(await relay(bus).flush()).toBe(0);
      expect(bus.published).toHaveLength(5);
      expect(await companies.findOne({ _id: 'a' })).toMatchObject({ _id: 'a', fleet: 11 });
      // The soft-deleted document is really gone: its _id can be inserted again.
      await expect(companies.insertOne({ ...COMPANIES[1], _id: 'b' })).resolves.toBeDefined();
    });

    it('keeps the order of one key across documents and publishes every collection', async () => {
      const reviews = await open<{ _id: string; stars: number }>('reviews');
      const companies = await open<Company>('companies');
      const bus = new RecordingBus();
      const first = event('review.submitted.v1', 'a');
      const second = event('company.updated.v1', 'a');
      const third = event('review.approved.v1', 'a');
      await reviews.insertOne({ _id: 'r1', stars: 5 }, { events: [first] });
      await companies.insertOne(COMPANIES[0], { events: [second] });
      await reviews.updateOne({ _id: 'r1' }, { $set: { stars: 4 } }, { events: [third] });

      expect(await relay(bus).flush()).toBe(3);
      expect(bus.published).toEqual([first, second, third]);
    });

    it('publishes events still owed by a document deleted (one or many) without events, then removes it', async () => {
      const companies = await open<Company>('owed');
      const bus = new RecordingBus();
      const created = COMPANIES.map((c) => event('company.created.v1', c._id));
      for (const [i, company] of COMPANIES.entries()) await companies.insertOne(company, { events: [created[i]] });
      expect(await companies.deleteOne({ _id: 'a' })).toEqual(COMPANIES[0]);
      expect(await companies.deleteMany({ _id: { $in: ['b', 'c'] } })).toBe(2);
      expect(await companies.count({})).toBe(1);

      await relay(bus).flush();
      expect(bus.published).toEqual(created);
      for (const company of COMPANIES.slice(0, 3)) await companies.insertOne(company);
      expect(await companies.count({})).toBe(4);
    });

    it('publishes nothing for a write that failed', async () => {
      const companies = await open<Company>('failed');
      const bus = new RecordingBus();
      await companies.insertOne(COMPANIES[0]);
      await expect(companies.insertOne(COMPANIES[0], { events: [event('company.created.v1', 'a')] })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      expect(await companies.updateOne({ _id: 'missing' }, { $set: { fleet: 1 } }, { events: [event('x.v1', 'm')] })).toBeNull();
      expect(await companies.deleteOne({ _id: 'missing' }, { events: [event('y.v1', 'm')] })).toBeNull();
      expect(await relay(bus).flush()).toBe(0);
      expect(bus.published).toEqual([]);
    });
  });
}
