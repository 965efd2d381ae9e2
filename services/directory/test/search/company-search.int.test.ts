import { describe, expect, it } from 'vitest';
import { describeCompanySearchContract, searchDocument } from '@limo/company-search/testing';
import { EmbeddedCompanySearch } from '../../src/search/embedded.company-search.js';
import { embeddedIndex } from './search-indexes.js';

describeCompanySearchContract('CompanySearch contract: embedded', embeddedIndex);

describe('EmbeddedCompanySearch between rebuilds', () => {
  const doc = (id: string, latitude: number, name?: string) => searchDocument({ id, latitude, ...(name && { name }) });

  it('sees each write at once, before and after the batch rebuild of its static indexes', async () => {
    const index = EmbeddedCompanySearch.create();
    // 3,000 writes: a first search builds the k-d tree and word index.
    await index.upsert(Array.from({ length: 3_000 }, (_, i) => doc(`c${i}`, 25 + i * 0.001)));
    const near = { latitude: 25, longitude: -80.19 };
    expect((await index.search({ near, radiusMiles: 1, sort: 'distance', page: 1, limit: 3 })).hits.map((h) => h.id)).toEqual([
      'c0',
      'c1',
      'c2',
    ]);
    // A few writes stay dirty (no rebuild): moved, renamed, removed, added.
    await index.upsert([doc('c1', 40, 'Renamed Zephyr'), doc('new', 25.0001)]);
    await index.remove(['c2']);
    const result = await index.search({ near, radiusMiles: 1, sort: 'distance', page: 1, limit: 4 });
    expect(result.hits.map((h) => h.id)).toEqual(['c0', 'new', 'c3', 'c4']);
    expect(result.total).toBe(15 - 2 + 1);
    expect((await index.search({ text: 'zephyr', sort: 'best-match', page: 1, limit: 5 })).hits.map((h) => h.id)).toEqual(['c1']);
    expect((await index.search({ text: 'c2 company', sort: 'best-match', page: 1, limit: 5 })).total).toBe(0);
    // Enough writes to trigger a rebuild on the next search: the same answers.
    await index.upsert(Array.from({ length: 1_500 }, (_, i) => doc(`more${i}`, 30)));
    const rebuilt = await index.search({ near, radiusMiles: 1, sort: 'distance', page: 1, limit: 4 });
    expect(rebuilt).toEqual(result);
    expect(await index.count()).toBe(3_000 + 1 - 1 + 1_500);
  });
});

describe('EmbeddedCompanySearch ranked lists', () => {
  /** A small seeded generator: the same companies and queries every run. */
  const seeded = (seed: number) => () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const CITIES = [
    { city: 'Miami', state: 'FL', latitude: 25.77, longitude: -80.19 },
    { city: 'Orlando', state: 'FL', latitude: 28.54, longitude: -81.38 },
    { city: 'Austin', state: 'TX', latitude: 30.27, longitude: -97.74 },
  ];
  const companies = (rnd: () => number, count: number, prefix: string) =>
    Array.from({ length: count }, (_, i) => {
      const at = CITIES[Math.floor(rnd() * CITIES.length)];
      return searchDocument({
        id: `${prefix}${i}`,
        name: `${['Elite', 'Royal', 'Star'][Math.floor(rnd() * 3)]} ${['Limo', 'Coach'][Math.floor(rnd() * 2)]}`,
        ...at,
        latitude: rnd() < 0.05 ? null : at.latitude + (rnd() - 0.5) * 0.8,
        longitude: at.longitude + (rnd() - 0.5) * 0.8,
        rating: Math.round(rnd() * 50) / 10,
        reviewCount: Math.floor(rnd() * 5),
        featured: rnd() < 0.1,
        suspended: rnd() < 0.05,
        verifiedOwner: rnd() < 0.5,
        priceRange: ['$', '$$', '$$$'][Math.floor(rnd() * 3)],
        servedPlaces: rnd() < 0.05 ? ['austin-tx'] : [],
      });
    });
  const queries = CITIES.flatMap(({ state, latitude, longitude }) =>
    (['best-match', 'rating', 'distance'] as const).flatMap((sort) =>
      [
        { near: { latitude, longitude }, radiusMiles: 20, servedPlace: 'austin-tx' },
        { near: { latitude, longitude }, state },
        { state },
        { text: 'elite li' },
      ].flatMap((where) =>
        [{}, { priceRange: '$$' }, { minRating: 3, verifiedOwner: true }].flatMap((filters) =>
          [1, 2, 7].map((page) => ({ ...where, ...filters, sort, page, limit: 10 })),
        ),
      ),
    ),
  );

  it('answers as a fresh index does, after writes since the lists were kept', async () => {
    const rnd = seeded(7);
    const first = companies(rnd, 2_000, 'c');
    const changed = companies(rnd, 300, 'c').filter((_, i) => i % 2 === 0);
    const added = companies(rnd, 100, 'new');
    const removed = Array.from({ length: 50 }, (_, i) => `c${i * 7 + 1}`);

    const kept = EmbeddedCompanySearch.create();
    await kept.upsert(first);
    // Every query once: each place's list is ranked and kept.
    for (const query of queries) await kept.search(query);
    // Fewer writes than a rebuild takes: the lists stay, and the written slots are checked one by one.
    // The 100 new companies take the index past its 2,048 slots: it grows between rebuilds.
    await kept.upsert([...changed, ...added]);
    await kept.remove(removed);

    const final = new Map([...first, ...changed, ...added].map((doc) => [doc.id, doc]));
    for (const id of removed) final.delete(id);
    const fresh = EmbeddedCompanySearch.create();
    await fresh.upsert([...final.values()]);
    expect(queries.length).toBe(324);
    // The same index, its lists never kept: each search collects and ranks its own matches.
    const unranked = EmbeddedCompanySearch.create({ maxRankedList: 0 });
    await unranked.upsert(first);
    for (const query of queries.slice(0, 20)) await unranked.search(query);
    await unranked.upsert([...changed, ...added]);
    await unranked.remove(removed);
    for (const query of queries) {
      const expected = await fresh.search(query);
      expect(await kept.search(query), JSON.stringify(query)).toEqual(expected);
      expect(await unranked.search(query), JSON.stringify(query)).toEqual(expected);
    }
  });
});
