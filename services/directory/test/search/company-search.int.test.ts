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
  const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
  const companies = (rnd: () => number, count: number, prefix: string) =>
    Array.from({ length: count }, (_, i) => {
      const at = pick(rnd, CITIES);
      return searchDocument({
        id: `${prefix}${i}`,
        name: `${pick(rnd, ['Elite', 'Royal', 'Star'])} ${pick(rnd, ['Limo', 'Coach'])}`,
        ...at,
        latitude: rnd() < 0.05 ? null : at.latitude + (rnd() - 0.5) * 0.8,
        longitude: at.longitude + (rnd() - 0.5) * 0.8,
        rating: Math.round(rnd() * 50) / 10,
        reviewCount: Math.floor(rnd() * 5),
        featured: rnd() < 0.1,
        suspended: rnd() < 0.05,
        verifiedOwner: rnd() < 0.5,
        licensed: rnd() < 0.3,
        topRated: rnd() < 0.2,
        insuredUntil: pick(rnd, [null, '2025-01-31', '2026-12-31']),
        services: [pick(rnd, ['wedding', 'airport', 'prom'])],
        vehicleTypes: [pick(rnd, ['sedan', 'suv', 'party-bus']), pick(rnd, ['sedan', 'limousine'])],
        priceRange: pick(rnd, ['$', '$$', '$$$']),
        servedPlaces: rnd() < 0.05 ? ['austin-tx'] : [],
      });
    });
  const FILTERS = [
    {},
    { priceRange: '$$' },
    { minRating: 3, verifiedOwner: true },
    { service: 'wedding', vehicleTypes: ['suv', 'limousine'] },
    { licensed: true, insuredOn: '2025-06-01' },
    { topRated: true, vehicleTypes: ['party-bus'] },
  ];
  const queries = CITIES.flatMap(({ state, latitude, longitude }) =>
    (['best-match', 'rating', 'distance'] as const).flatMap((sort) =>
      [
        { near: { latitude, longitude }, radiusMiles: 20, servedPlace: 'austin-tx' },
        // A place of a few companies: counted one by one rather than as bitsets.
        { near: { latitude, longitude }, radiusMiles: 3 },
        { near: { latitude, longitude }, state },
        { state },
        { text: 'elite li' },
      ].flatMap((where) => FILTERS.flatMap((filters) => [1, 2, 7].map((page) => ({ ...where, ...filters, sort, page, limit: 10 })))),
    ),
  );

  it('answers as a fresh index does, after writes since the lists were kept', async () => {
    const rnd = seeded(7);
    const first = companies(rnd, 2_000, 'c');
    const changed = companies(rnd, 300, 'c').filter((_, i) => i % 2 === 0);
    const removed = Array.from({ length: 50 }, (_, i) => `c${i * 7 + 1}`);
    const added = companies(rnd, 100, 'new');
    // 300 writes, fewer than a rebuild takes: the lists stay, and the written slots are checked one by
    // one. Half the new companies take the removed ones' slots, the rest take the index past its
    // 2,048 slots (it grows between rebuilds).
    const writes = async (index: EmbeddedCompanySearch) => {
      await index.upsert(changed);
      await index.remove(removed);
      await index.upsert(added);
    };

    const kept = EmbeddedCompanySearch.create();
    await kept.upsert(first);
    // Every query once before the writes: each place's lists are ranked and kept.
    for (const query of queries) await kept.search(query);
    await writes(kept);
    // Lists ranked while written slots wait for the next rebuild.
    const late = EmbeddedCompanySearch.create();
    await late.upsert(first);
    await late.search(queries[0]);
    await writes(late);
    // Every search collects and ranks its own matches.
    const unranked = EmbeddedCompanySearch.create({ maxRankedList: 0 });
    await unranked.upsert(first);
    await unranked.search(queries[0]);
    await writes(unranked);

    const final = new Map([...first, ...changed, ...added].map((doc) => [doc.id, doc]));
    for (const id of removed) final.delete(id);
    const fresh = EmbeddedCompanySearch.create();
    await fresh.upsert([...final.values()]);
    expect(queries.length).toBe(810);
    for (const query of queries) {
      const expected = await fresh.search(query);
      for (const index of [kept, late, unranked]) expect(await index.search(query), JSON.stringify(query)).toEqual(expected);
    }
  });
});
