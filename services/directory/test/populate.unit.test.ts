import { describe, expect, it } from 'vitest';
import { DuplicateKeyError, type DocumentStore } from '@limo/platform';
import type { CompanyDoc } from '../src/domain/company.js';
import type { ReviewDoc } from '../src/domain/review.js';
import { populateDirectory, seedDemoData } from '../src/use-cases/populate.js';
import type { CompaniesRepository } from '../src/repositories/companies.repository.js';
import type { ReviewsRepository } from '../src/repositories/reviews.repository.js';

/** The three calls populate makes, over a Map; `fail` decides whether an insert meets a store failure first. */
function companiesWhere(fail: (n: number, doc: Omit<CompanyDoc, 'version'>) => Error | undefined) {
  const docs = new Map<string, Omit<CompanyDoc, 'version'>>();
  let inserts = 0;
  const repository = {
    find: async (filter: { _id: { $in: string[] } }) => filter._id.$in.flatMap((id) => docs.get(id) ?? []),
    count: async () => docs.size,
    insert: async (doc: Omit<CompanyDoc, 'version'>) => {
      const failure = fail(++inserts, doc);
      if (failure) throw failure;
      if (docs.has(doc._id)) throw new DuplicateKeyError('companies', doc._id);
      docs.set(doc._id, doc);
      return { ...doc, version: 1 };
    },
  };
  return { repository: repository as unknown as CompaniesRepository, docs };
}

describe('populate-database', () => {
  it('rides out a store that fails for a moment: every company added, none twice', async () => {
    // Every 150th insert meets MongoDB away for a moment (the next attempt at it succeeds).
    const unreachable = () => Object.assign(new Error('connection 3 to 127.0.0.1:27017 closed'), { name: 'MongoNetworkError' });
    const { repository, docs } = companiesWhere((n) => (n % 150 === 0 ? unreachable() : undefined));
    const indexed: string[] = [];
    const projection = { indexNow: async (ids: string[]) => void indexed.push(...ids) };
    expect(await populateDirectory(repository, projection, 'admin-1')).toEqual({
      companiesAdded: 1900,
      citiesProcessed: 19,
      totalCompanies: 1900,
    });
    expect(docs.size).toBe(1900);
    // Before the answer: every generated company indexed (in bulk), searchable.
    expect(new Set(indexed)).toEqual(new Set(docs.keys()));
  }, 30_000);

  it('adds nothing on a second run, and counts what the first run left out', async () => {
    const { repository, docs } = companiesWhere(() => undefined);
    const projection = { indexNow: async () => undefined };
    await populateDirectory(repository, projection, 'admin-1');
    expect(await populateDirectory(repository, projection, 'admin-1')).toEqual({
      companiesAdded: 0,
      citiesProcessed: 19,
      totalCompanies: 1900,
    });
    for (const id of [...docs.keys()].slice(0, 5)) docs.delete(id);
    expect(await populateDirectory(repository, projection, 'admin-1')).toMatchObject({ companiesAdded: 5, totalCompanies: 1900 });
  }, 30_000);

  it('adds each company once when two runs go at once', async () => {
    const { repository, docs } = companiesWhere(() => undefined);
    const projection = { indexNow: async () => undefined };
    const runs = await Promise.all([
      populateDirectory(repository, projection, 'admin-1'),
      populateDirectory(repository, projection, 'admin-2'),
    ]);
    expect(runs[0].companiesAdded + runs[1].companiesAdded).toBe(1900);
    expect(docs.size).toBe(1900);
  }, 30_000);

  it('tries a company the store fails on four times: one landing at the fourth, one given up after it', async () => {
    const unreachable = () => Object.assign(new Error('connection closed'), { name: 'MongoNetworkError' });
    const tries = new Map<string, number>();
    let landsLate: string | undefined;
    let neverLands: string | undefined;
    const { repository, docs } = companiesWhere((n, doc) => {
      landsLate ??= doc._id;
      if (n > 100 && doc._id !== landsLate) neverLands ??= doc._id;
      tries.set(doc._id, (tries.get(doc._id) ?? 0) + 1);
      return doc._id === neverLands || (doc._id === landsLate && tries.get(doc._id)! <= 3) ? unreachable() : undefined;
    });
    await expect(populateDirectory(repository, { indexNow: async () => undefined }, 'admin-1')).rejects.toThrow('connection closed');
    expect(tries.get(landsLate!)).toBe(4);
    expect(docs.has(landsLate!)).toBe(true);
    expect(tries.get(neverLands!)).toBe(4);
  }, 30_000);

  it('still fails on an error that no retry mends', async () => {
    const { repository } = companiesWhere((n) =>
      n === 10 ? new TypeError("Cannot read properties of undefined (reading 'city')") : undefined,
    );
    await expect(populateDirectory(repository, { indexNow: async () => undefined }, 'admin-1')).rejects.toThrow(TypeError);
  });
});

/** A store whose only collection is `meta`, over a Map that refuses a second document with the same id. */
function metaStore(insertFailure?: Error) {
  const meta = new Map<string, unknown>();
  const collection = {
    findOne: async (filter: { _id?: string }) => (filter._id === undefined ? null : (meta.get(filter._id) ?? null)),
    insertOne: async (doc: { _id: string }) => {
      if (insertFailure) throw insertFailure;
      if (meta.has(doc._id)) throw new DuplicateKeyError('meta', doc._id);
      meta.set(doc._id, doc);
      return doc;
    },
  };
  const store = { collection: async (name: string) => (name === 'meta' ? collection : undefined) };
  return { store: store as unknown as DocumentStore, meta };
}

function reviewsStore() {
  const stored: ReviewDoc[] = [];
  return { reviews: { insertApproved: async (docs: ReviewDoc[]) => void stored.push(...docs) } as unknown as ReviewsRepository, stored };
}

describe('demo data', () => {
  it('seeds an empty store once: the populate companies with approved reviews, their ratings counted', async () => {
    const { store, meta } = metaStore();
    const { repository, docs } = companiesWhere(() => undefined);
    const { reviews, stored } = reviewsStore();
    const { added, ids } = await seedDemoData(store, repository, reviews);
    expect(added).toBe(1900);
    expect(new Set(ids)).toEqual(new Set(docs.keys()));
    expect(meta.get('demo-data')).toMatchObject({ at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(stored.length).toBeGreaterThan(1000);
    const reviewed = docs.get(stored[0].companyId)!;
    const itsReviews = stored.filter((r) => r.companyId === reviewed._id);
    expect(reviewed.reviewCount).toBe(itsReviews.length);
    expect(reviewed.rating).toBe(Math.round((itsReviews.reduce((n, r) => n + r.rating, 0) / itsReviews.length) * 10) / 10);
    const unreviewed = [...docs.values()].find((c) => !stored.some((r) => r.companyId === c._id))!;
    expect(unreviewed).toMatchObject({ rating: 0, reviewCount: 0 });
    expect([...docs.values()].filter((c) => c.verified).every((c) => c.verification?.by === 'system')).toBe(true);
    // Seeded already: nothing more, even once every demo company was deleted.
    expect(await seedDemoData(store, repository, reviews)).toEqual({ added: 0, ids: [] });
    expect(docs.size).toBe(1900);
    docs.clear();
    expect(await seedDemoData(store, repository, reviews)).toEqual({ added: 0, ids: [] });
    expect(docs.size).toBe(0);
  }, 30_000);

  it('leaves a store that holds companies alone', async () => {
    const { store, meta } = metaStore();
    const { repository, docs } = companiesWhere(() => undefined);
    await populateDirectory(repository, { indexNow: async () => undefined }, 'admin-1');
    const { reviews, stored } = reviewsStore();
    expect(await seedDemoData(store, repository, reviews)).toEqual({ added: 0, ids: [] });
    expect(stored).toEqual([]);
    expect(meta.size).toBe(0);
    expect(docs.size).toBe(1900);
  }, 30_000);

  it('counts the seeding done when another replica marked it first, and fails on any other store error', async () => {
    const raced = metaStore(new DuplicateKeyError('meta', 'demo-data'));
    expect(await seedDemoData(raced.store, companiesWhere(() => undefined).repository, reviewsStore().reviews)).toMatchObject({
      added: 1900,
    });
    const broken = metaStore(new TypeError('store closed'));
    await expect(seedDemoData(broken.store, companiesWhere(() => undefined).repository, reviewsStore().reviews)).rejects.toThrow(
      'store closed',
    );
  }, 30_000);
});
