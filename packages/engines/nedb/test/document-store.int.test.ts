import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nedb from '@seald-io/nedb';
import { describe, expect, it } from 'vitest';
import { DuplicateKeyError, OutboxRelay, type EventBus, type EventEnvelope } from '@limo/platform';
import { describeDocumentStoreContract } from '@limo/platform/testing';
import { NedbDocumentStore } from '../src/nedb.document-store.js';

// CommonJS at run time (see nedb.document-store.ts).
const Datastore = nedb as unknown as typeof nedb.default;

describeDocumentStoreContract('DocumentStore contract: nedb', () => NedbDocumentStore.create());

/** Runs `test` on a new directory of its own, removed after. */
async function inTempDir(test: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'limo-nedb-'));
  try {
    await test(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface Listing {
  _id: string;
  slug: string;
  since: Date;
  fleet: number;
}

describe('NedbDocumentStore on disk', () => {
  it('keeps documents, indexes and owed events across a restart', () =>
    inTempDir(async (dir) => {
      const since = new Date('2020-03-15T00:00:00Z');
      const owed: EventEnvelope = { id: randomUUID(), type: 'company.created.v1', key: 'b', occurredAt: since.toISOString(), data: {} };
      const first = await NedbDocumentStore.create({ dir });
      const before = await first.collection<Listing>('companies', [{ fields: { slug: 1 }, unique: true }]);
      await before.insertOne({ _id: 'a', slug: 'ace', since, fleet: 1 });
      await before.insertOne({ _id: 'b', slug: 'bay', since, fleet: 1 }, { events: [owed] });
      await before.updateOne({ _id: 'a' }, { $inc: { fleet: 2 } });
      await before.insertOne({ _id: 'c', slug: 'coach', since, fleet: 1 });
      await before.deleteOne({ _id: 'c' });
      await first.close();
      expect(existsSync(join(dir, 'companies.db'))).toBe(true);

      const second = await NedbDocumentStore.create({ dir });
      const after = await second.collection<Listing>('companies', [{ fields: { slug: 1 }, unique: true }]);
      expect(await after.find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'a', slug: 'ace', since, fleet: 3 },
        { _id: 'b', slug: 'bay', since, fleet: 1 },
      ]);
      await expect(after.insertOne({ _id: 'd', slug: 'ace', since, fleet: 1 })).rejects.toBeInstanceOf(DuplicateKeyError);
      const published: EventEnvelope[] = [];
      const bus = { publish: async (events: EventEnvelope[]) => void published.push(...events) } as EventBus;
      expect(await new OutboxRelay({ store: second, bus }).flush()).toBe(1);
      expect(published).toEqual([owed]);
      await second.close();
    }));
});

describe('NedbDocumentStore under many writes', () => {
  const seed = (i: number): Listing => ({ _id: `l${i}`, slug: `s${i}`, since: new Date(0), fleet: 0 });

  it('acknowledges each of many concurrent writes only once it is in the file', () =>
    inTempDir(async (dir) => {
      const store = await NedbDocumentStore.create({ dir });
      const listings = await store.collection<Listing>('companies');
      await Promise.all(Array.from({ length: 300 }, (_, i) => listings.insertOne(seed(i))));
      await Promise.all(Array.from({ length: 300 }, (_, i) => listings.updateOne({ _id: `l${i}` }, { $inc: { fleet: i } })));
      await Promise.all(Array.from({ length: 100 }, (_, i) => listings.deleteOne({ _id: `l${i}` })));
      // The file as the next start would read it, before any compaction: a copy, loaded by nedb itself.
      const copy = join(dir, 'copy.db');
      await copyFile(join(dir, 'companies.db'), copy);
      const reloaded = new Datastore<Listing>({ filename: copy });
      await reloaded.loadDatabaseAsync();
      const docs = await reloaded.findAsync({}).sort({ fleet: 1 });
      expect(docs.map((d) => d.fleet)).toEqual(Array.from({ length: 200 }, (_, i) => i + 100));
      await store.close();
    }));

  it('keeps a key shared by many documents right through updates and deletes (index removal in place)', async () => {
    const store = await NedbDocumentStore.create();
    const listings = await store.collection<Listing>('crowded', [{ fields: { slug: 1 } }, { fields: { fleet: 1 } }]);
    await Promise.all(Array.from({ length: 60 }, (_, i) => listings.insertOne({ ...seed(i), slug: 'same' })));
    await Promise.all(Array.from({ length: 20 }, (_, i) => listings.updateOne({ _id: `l${i}` }, { $set: { fleet: 1 } })));
    await Promise.all(Array.from({ length: 10 }, (_, i) => listings.deleteOne({ _id: `l${i + 10}` })));
    await listings.updateOne({ _id: 'l59' }, { $set: { slug: 'other' } });
    expect(await listings.count({ slug: 'same' })).toBe(49);
    expect((await listings.find({ fleet: 1 }, { sort: { _id: 1 } })).map((l) => l._id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `l${i}`),
    );
    expect(await listings.find({ slug: 'other' })).toEqual([{ ...seed(59), slug: 'other' }]);
    expect(await listings.count({ fleet: 0 })).toBe(40);
    await store.close();
  });

  it('loses no write made while the file is compacted', () =>
    inTempDir(async (dir) => {
      const first = await NedbDocumentStore.create({ dir });
      const before = await first.collection<Listing>('companies');
      await Promise.all(Array.from({ length: 200 }, (_, i) => before.insertOne(seed(i))));
      const writes = Array.from({ length: 200 }, (_, i) => before.updateOne({ _id: `l${i}` }, { $set: { fleet: 1 } }));
      const closing = first.close();
      await Promise.all([...writes, closing]);

      const second = await NedbDocumentStore.create({ dir });
      const after = await second.collection<Listing>('companies');
      expect(await after.count({ fleet: 1 })).toBe(200);
      await second.close();
    }));
});
