import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutboxCollection } from '../../src/outbox/outbox-collection.js';
import { OutboxRelay } from '../../src/outbox/outbox-relay.js';
import {
  DuplicateKeyError,
  type BaseDocument,
  type Collection,
  type DocumentStore,
  type Filter,
  type IndexSpec,
} from '../../src/ports/document-store.port.js';
import type { EventBus, EventEnvelope, Subscription } from '../../src/ports/event-bus.port.js';

interface Company extends BaseDocument {
  name: string;
  city: string;
  rating: number;
  fleet: number;
  tags: string[];
  address: { state: string; zip: string };
  since: Date;
  verified: boolean;
  note?: string | null;
  phone?: string;
  items?: Array<{ sku: string; qty: number }>;
}

const COMPANIES: Company[] = [
  {
    _id: 'a',
    name: 'Ace Limo',
    city: 'Austin',
    rating: 4.5,
    fleet: 10,
    tags: ['sedan', 'suv'],
    address: { state: 'TX', zip: '78701' },
    since: new Date('2010-01-01T00:00:00Z'),
    verified: true,
  },
  {
    _id: 'b',
    name: 'Bay Cars',
    city: 'Boston',
    rating: 3.9,
    fleet: 4,
    tags: ['sedan'],
    address: { state: 'MA', zip: '02108' },
    since: new Date('2015-06-01T00:00:00Z'),
    verified: false,
    note: null,
  },
  {
    _id: 'c',
    name: 'city coach',
    city: 'Austin',
    rating: 4.8,
    fleet: 25,
    tags: ['bus', 'suv'],
    address: { state: 'TX', zip: '73301' },
    since: new Date('2020-03-15T00:00:00Z'),
    verified: true,
    phone: '555-0100',
  },
  {
    _id: 'd',
    name: 'Delta Drivers',
    city: 'Denver',
    rating: 3.9,
    fleet: 7,
    tags: [],
    address: { state: 'CO', zip: '80202' },
    since: new Date('2018-09-09T00:00:00Z'),
    verified: false,
  },
];

/** Each filter and the ids it must match among COMPANIES, with MongoDB's meaning. */
const FILTER_CASES: Array<[string, Filter, string[]]> = [
  ['empty filter', {}, ['a', 'b', 'c', 'd']],
  ['plain equality', { city: 'Austin' }, ['a', 'c']],
  ['$eq', { city: { $eq: 'Austin' } }, ['a', 'c']],
  ['$ne', { city: { $ne: 'Austin' } }, ['b', 'd']],
  ['$in', { city: { $in: ['Boston', 'Denver'] } }, ['b', 'd']],
  ['$nin', { city: { $nin: ['Boston', 'Denver'] } }, ['a', 'c']],
  ['$gt', { rating: { $gt: 3.9 } }, ['a', 'c']],
  ['$gte', { rating: { $gte: 3.9 } }, ['a', 'b', 'c', 'd']],
  ['$lt', { rating: { $lt: 4.5 } }, ['b', 'd']],
  ['$lte', { rating: { $lte: 4.5 } }, ['a', 'b', 'd']],
  ['a range ($gt and $lte on one field)', { fleet: { $gt: 5, $lte: 10 } }, ['a', 'd']],
  ['$gte on a date', { since: { $gte: new Date('2016-01-01T00:00:00Z') } }, ['c', 'd']],
  ['boolean equality', { verified: false }, ['b', 'd']],
  ['$regex', { name: { $regex: '^city' } }, ['c']],
  ['$regex is case-sensitive without options', { name: { $regex: '^CITY' } }, []],
  ['$regex with the i option', { name: { $regex: '^CITY', $options: 'i' } }, ['c']],
  ['$regex anywhere in the string', { name: { $regex: 'limo', $options: 'i' } }, ['a']],
  ['$exists: true', { phone: { $exists: true } }, ['c']],
  ['$exists: false', { phone: { $exists: false } }, ['a', 'b', 'd']],
  ['$exists: true on a null field', { note: { $exists: true } }, ['b']],
  ['null equality matches null and missing fields', { note: null }, ['a', 'b', 'c', 'd']],
  ['$exists: true on an empty array', { tags: { $exists: true } }, ['a', 'b', 'c', 'd']],
  ['equality on an array field matches an element', { tags: 'suv' }, ['a', 'c']],
  ['$in on an array field', { tags: { $in: ['bus'] } }, ['c']],
  ['$ne on an array field: no element equals', { tags: { $ne: 'sedan' } }, ['c', 'd']],
  ['$nin on an array field: no element in the list', { tags: { $nin: ['sedan', 'bus'] } }, ['d']],
  ['dotted path', { 'address.state': 'TX' }, ['a', 'c']],
  ['$regex on a dotted path', { 'address.zip': { $regex: '^7' } }, ['a', 'c']],
  ['several fields (implicit and)', { 'address.state': { $in: ['MA', 'CO'] }, rating: 3.9 }, ['b', 'd']],
  ['$and', { $and: [{ city: 'Austin' }, { rating: { $gt: 4.6 } }] }, ['c']],
  ['$or', { $or: [{ city: 'Boston' }, { fleet: { $gte: 20 } }] }, ['b', 'c']],
  ['$or next to a field', { verified: true, $or: [{ city: 'Boston' }, { fleet: { $gte: 20 } }] }, ['c']],
  ['$or inside $and', { $and: [{ $or: [{ city: 'Austin' }, { city: 'Denver' }] }, { tags: { $ne: 'bus' } }] }, ['a', 'd']],
];

/** An EventBus that records what it is given, and can refuse the next publish. */
class RecordingBus implements EventBus {
  readonly published: EventEnvelope[] = [];
  failNext = false;

  async publish(events: EventEnvelope[]): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('bus unavailable');
    }
    this.published.push(...events);
  }

  async subscribe(): Promise<Subscription> {
    throw new Error('RecordingBus does not consume');
  }

  async ping(): Promise<void> {}

  onTopicRecreated(): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {}
}

const BASE_TIME = Date.parse('2025-01-01T00:00:00Z');
let sequence = 0;

/** A new event; successive calls get increasing `occurredAt`. */
function event(type: string, key: string): EventEnvelope {
  sequence += 1;
  return { id: randomUUID(), type, key, occurredAt: new Date(BASE_TIME + sequence).toISOString(), data: { n: sequence } };
}

const ids = (docs: BaseDocument[]): string[] => docs.map((d) => d._id);
const BOOKKEEPING = ['_outbox', '_pending', '_deletedAt'];

async function waitFor(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Known ways a test engine departs from MongoDB, each with the reason shown in the test output; the
 * test it names is reported as skipped for that engine instead of passing.
 */
export interface DocumentStoreDeviations {
  /** The engine applies concurrent updates atomically but may return another update's result. */
  updateResultUnderConcurrency?: string;
}

/**
 * The behaviour every DocumentStore adapter must have (MongoDB semantics for the port's filter and
 * update subset, unique indexes, atomic single-document updates, and the transactional outbox with
 * its relay). Each test gets a fresh store from `factory` and collections with names of its own.
 */
export function describeDocumentStoreContract(
  name: string,
  factory: () => Promise<DocumentStore>,
  deviations: DocumentStoreDeviations = {},
): void {
  describe(name, () => {
    let store: DocumentStore;
    const relays: OutboxRelay[] = [];

    beforeEach(async () => {
      store = await factory();
    });
    afterEach(async () => {
      await Promise.all(relays.splice(0).map((r) => r.stop()));
      await store?.close();
    });

    const open = <T extends BaseDocument>(label: string, indexes?: IndexSpec[]): Promise<Collection<T>> =>
      store.collection<T>(`${label}_${randomUUID().slice(0, 8)}`, indexes);

    const seeded = async (): Promise<Collection<Company>> => {
      const companies = await open<Company>('companies');
      for (const company of COMPANIES) await companies.insertOne(company);
      return companies;
    };

    const relay = (bus: EventBus, intervalMs = 60_000): OutboxRelay => {
      const r = new OutboxRelay({ store, bus, intervalMs });
      relays.push(r);
      return r;
    };

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('inserts a document and finds it by _id, with nested fields, arrays and dates intact', async () => {
      const companies = await open<Company>('insert');
      expect(await companies.insertOne(COMPANIES[0])).toEqual(COMPANIES[0]);
      const found = await companies.findOne({ _id: 'a' });
      expect(found).toEqual(COMPANIES[0]);
      expect(found?.since).toBeInstanceOf(Date);
      expect(await companies.findOne({ _id: 'missing' })).toBeNull();
    });

    it('lists the collections it created', async () => {
      const first = await open('listed');
      const second = await open('listed');
      expect(store.collections().map((c) => c.name)).toEqual(expect.arrayContaining([first.name, second.name]));
    });

    it('rejects a duplicate _id with DuplicateKeyError and writes nothing', async () => {
      const companies = await open<Company>('dup_id');
      await companies.insertOne(COMPANIES[0]);
      const error = await companies.insertOne({ ...COMPANIES[1], _id: 'a' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateKeyError);
      expect(error).toMatchObject({ code: 'DUPLICATE_KEY', collection: companies.name });
      expect(await companies.find({})).toEqual([COMPANIES[0]]);
    });

    it('enforces single-field and compound unique indexes on insert and update', async () => {
      const users = await open<{ _id: string; email: string; state: string; slug: string }>('unique', [
        { fields: { email: 1 }, unique: true },
        { fields: { state: 1, slug: 1 }, unique: true },
      ]);
      await users.insertOne({ _id: '1', email: 'a@x.test', state: 'TX', slug: 'ace' });
      await users.insertOne({ _id: '2', email: 'b@x.test', state: 'CA', slug: 'ace' });
      await expect(users.insertOne({ _id: '3', email: 'a@x.test', state: 'NY', slug: 'new' })).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(users.insertOne({ _id: '4', email: 'c@x.test', state: 'TX', slug: 'ace' })).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(users.updateOne({ _id: '2' }, { $set: { state: 'TX' } })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await users.count({})).toBe(2);
      expect(await users.findOne({ _id: '2' })).toEqual({ _id: '2', email: 'b@x.test', state: 'CA', slug: 'ace' });
    });

    it.each(FILTER_CASES)('filters: %s', async (_label, filter, expected) => {
      const companies = await seeded();
      expect(ids(await companies.find(filter, { sort: { _id: 1 } }))).toEqual(expected);
      expect(await companies.count(filter)).toBe(expected.length);
      const first = await companies.findOne(filter);
      expect(first === null ? [] : [first._id]).toEqual(expected.slice(0, 1).map(() => expect.toBeOneOf(expected)));
    });

    it('sorts on several keys, ascending and descending', async () => {
      const companies = await seeded();
      expect(ids(await companies.find({}, { sort: { rating: -1, name: 1 } }))).toEqual(['c', 'a', 'b', 'd']);
      expect(ids(await companies.find({}, { sort: { rating: 1, name: -1 } }))).toEqual(['d', 'b', 'a', 'c']);
      expect(ids(await companies.find({}, { sort: { 'address.zip': 1 } }))).toEqual(['b', 'c', 'a', 'd']);
      expect(ids(await companies.find({}, { sort: { since: -1 } }))).toEqual(['c', 'd', 'b', 'a']);
    });

    it('pages with skip and limit after sorting, and counts matches', async () => {
      const companies = await seeded();
      expect(ids(await companies.find({}, { sort: { fleet: 1 }, skip: 1, limit: 2 }))).toEqual(['d', 'a']);
      expect(ids(await companies.find({}, { sort: { fleet: 1 }, skip: 3, limit: 2 }))).toEqual(['c']);
      expect(ids(await companies.find({ city: 'Austin' }, { sort: { fleet: -1 }, limit: 1 }))).toEqual(['c']);
      expect(await companies.count({})).toBe(4);
      expect(await companies.count({ city: 'Nowhere' })).toBe(0);
    });

    it('updateOne applies $set (also on a dotted path), $unset and $inc and returns the document after', async () => {
      const companies = await seeded();
      const updated = await companies.updateOne(
        { _id: 'c' },
        { $set: { name: 'City Coach', 'address.zip': '73344' }, $unset: { phone: true }, $inc: { fleet: 5, rating: -0.3 } },
      );
      const expected = { ...COMPANIES[2], name: 'City Coach', address: { state: 'TX', zip: '73344' }, fleet: 30 };
      delete expected.phone;
      expect(updated).toEqual({ ...expected, rating: expect.closeTo(4.5, 5) });
      expect(await companies.findOne({ _id: 'c' })).toEqual(updated);
    });

    it('updateOne applies $push and $pull (by value, by $in and by a condition on sub-documents)', async () => {
      const companies = await seeded();
      await companies.updateOne(
        { _id: 'a' },
        {
          $set: {
            items: [
              { sku: 'x', qty: 1 },
              { sku: 'y', qty: 5 },
              { sku: 'z', qty: 9 },
            ],
          },
        },
      );
      expect((await companies.updateOne({ _id: 'a' }, { $push: { tags: 'vip' } }))?.tags).toEqual(['sedan', 'suv', 'vip']);
      expect((await companies.updateOne({ _id: 'a' }, { $push: { tags: { $each: ['x', 'y'] } } }))?.tags).toEqual([
        'sedan',
        'suv',
        'vip',
        'x',
        'y',
      ]);
      expect((await companies.updateOne({ _id: 'a' }, { $pull: { tags: 'suv' } }))?.tags).toEqual(['sedan', 'vip', 'x', 'y']);
      expect((await companies.updateOne({ _id: 'a' }, { $pull: { tags: { $in: ['x', 'y'] } } }))?.tags).toEqual(['sedan', 'vip']);
      expect((await companies.updateOne({ _id: 'a' }, { $pull: { items: { qty: { $gt: 2 } } } }))?.items).toEqual([{ sku: 'x', qty: 1 }]);
    });

    it('updateOne changes only the first match, and returns null (writing nothing) when none matches', async () => {
      const companies = await seeded();
      await companies.updateOne({ city: 'Austin' }, { $set: { note: 'first' } });
      expect(await companies.count({ note: 'first' })).toBe(1);
      expect(await companies.updateOne({ _id: 'missing' }, { $set: { name: 'x' } })).toBeNull();
      expect(await companies.count({})).toBe(4);
    });

    it('upserts from the filter equalities and the update, then updates the same document', async () => {
      const counters = await open<{ _id: string; city?: string; name?: string; hits?: number; score?: number }>('upsert');
      const inserted = await counters.updateOne(
        { _id: 'austin', city: 'Austin', score: { $gt: 3 } },
        { $set: { name: 'Austin page' }, $inc: { hits: 1 } },
        { upsert: true },
      );
      expect(inserted).toEqual({ _id: 'austin', city: 'Austin', name: 'Austin page', hits: 1 });
      const again = await counters.updateOne({ _id: 'austin' }, { $inc: { hits: 1 } }, { upsert: true });
      expect(again).toEqual({ _id: 'austin', city: 'Austin', name: 'Austin page', hits: 2 });
      expect(await counters.count({})).toBe(1);
    });

    it('applies 50 concurrent $inc on one document atomically', async () => {
      const counters = await open<{ _id: string; n: number }>('atomic');
      await counters.insertOne({ _id: 'c', n: 0 });
      await Promise.all(Array.from({ length: 50 }, () => counters.updateOne({ _id: 'c' }, { $inc: { n: 1 } })));
      expect((await counters.findOne({ _id: 'c' }))?.n).toBe(50);
    });

    const ownResult = 'returns to each of 50 concurrent $inc the document as its own update left it (1 to 50)';
    const ownResultTest = async (): Promise<void> => {
      const counters = await open<{ _id: string; n: number }>('sequence');
      await counters.insertOne({ _id: 'c', n: 0 });
      const results = await Promise.all(Array.from({ length: 50 }, () => counters.updateOne({ _id: 'c' }, { $inc: { n: 1 } })));
      expect(results.map((r) => r?.n).sort((a = 0, b = 0) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    };
    if (deviations.updateResultUnderConcurrency) {
      it.skip(`${ownResult} — skipped: ${deviations.updateResultUnderConcurrency}`, ownResultTest);
    } else {
      it(ownResult, ownResultTest);
    }

    it('updateMany returns how many matched, deleteMany how many it removed', async () => {
      const companies = await seeded();
      expect(await companies.updateMany({ city: 'Austin' }, { $set: { verified: false }, $inc: { fleet: 1 } })).toBe(2);
      expect(ids(await companies.find({ verified: false }, { sort: { _id: 1 } }))).toEqual(['a', 'b', 'c', 'd']);
      expect((await companies.findOne({ _id: 'c' }))?.fleet).toBe(26);
      expect(await companies.updateMany({ city: 'Nowhere' }, { $set: { verified: true } })).toBe(0);
      expect(await companies.deleteMany({ rating: { $lt: 4 } })).toBe(2);
      expect(await companies.deleteMany({ rating: { $lt: 4 } })).toBe(0);
      expect(ids(await companies.find({}, { sort: { _id: 1 } }))).toEqual(['a', 'c']);
    });

    it('deleteOne removes the first match and returns it, or null', async () => {
      const companies = await seeded();
      expect(await companies.deleteOne({ _id: 'b' })).toEqual(COMPANIES[1]);
      expect(await companies.findOne({ _id: 'b' })).toBeNull();
      expect(await companies.deleteOne({ _id: 'b' })).toBeNull();
      expect(await companies.count({})).toBe(3);
      // Without events the document is gone at once: its unique key is free again.
      await expect(companies.insertOne(COMPANIES[1])).resolves.toEqual(COMPANIES[1]);
    });

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
        const companies = await open<Company>('notify');
        const bus = new RecordingBus();
        const slow = relay(bus, 60_000);
        slow.start();
        // Let the first poll (on start) pass; the next one is a minute away.
        await new Promise((resolve) => setTimeout(resolve, 50));
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
        const companies = await open<Company>('signalled');
        const bus = new RecordingBus();
        const slow = relay(bus, 60_000);
        slow.start();
        // Let the first poll (on start) pass; the next one is a minute away.
        await new Promise((resolve) => setTimeout(resolve, 50));
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
        const small = new OutboxRelay({ store, bus, batchSize: 3 });
        relays.push(small);
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
  });
}
