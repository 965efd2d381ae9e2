import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { distanceMiles } from '@limo/geo';
import type {
  CompanySearchIndex,
  IndexedVersion,
  SearchDocument,
  SearchQuery,
  SearchResult,
} from '../../src/search/company-search.port.js';
import { FIXTURES, MIAMI } from './company-search.fixtures.js';

/** What an adapter's test gives the contract: an index (empty or not: the suite clears it) and its teardown. */
export interface CompanySearchFixture {
  index: CompanySearchIndex;
  close(): Promise<void>;
}

const byId = new Map(FIXTURES.map((doc) => [doc.id, doc]));
const withinMiles = (radius: number): string[] =>
  FIXTURES.filter(
    (doc) => doc.latitude !== null && distanceMiles(MIAMI, { latitude: doc.latitude, longitude: doc.longitude! }) <= radius,
  ).map((d) => d.id);

/** Miami's fixtures by distance from MIAMI, nearest first (fl-mia-02 is suspended: it ranks last). */
const MIAMI_BY_DISTANCE = [
  'fl-mia-01',
  'fl-mia-03',
  'fl-mia-04',
  'fl-mia-05',
  'fl-mia-06',
  'fl-mia-07',
  'fl-mia-08',
  'fl-mia-09',
  'fl-mia-11',
  'fl-mia-12',
  'fl-mia-10',
];
const FORT_LAUDERDALE_BY_DISTANCE = ['fl-fll-01', 'fl-fll-02', 'fl-fll-03', 'fl-fll-04', 'fl-fll-05'];
const SOUTH_FLORIDA_BY_DISTANCE = ['fl-sfl-04', 'fl-sfl-03', 'fl-sfl-01', 'fl-sfl-02', 'fl-sfl-05'];
/** Every non-suspended fixture in best-match order without a centre: featured, then rating, reviews, name, id. */
const ALL_BEST_MATCH = [
  'fl-mia-10',
  'fl-orl-02',
  'tx-aus-01',
  'fl-mia-07',
  'fl-fll-04',
  'fl-nc-01',
  'fl-fll-05',
  'fl-sfl-01',
  'fl-mia-01',
  'fl-mia-04',
  'ga-atl-01',
  'ny-nyc-01',
  'fl-fll-01',
  'ca-la-01',
  'fl-tpa-03',
  'fl-tpa-01',
  'fl-mia-11',
  'fl-mia-12',
  'fl-sfl-05',
  'fl-orl-01',
  'il-chi-01',
  'fl-mia-03',
  'fl-sfl-04',
  'tx-nc-01',
  'fl-fll-02',
  'fl-tpa-02',
  'fl-mia-08',
  'ga-atl-02',
  'fl-sfl-03',
  'fl-mia-05',
  'fl-fll-03',
  'fl-sfl-02',
  'fl-orl-03',
  'fl-mia-06',
  'fl-nc-02',
  'fl-mia-09',
  'fl-mia-02',
  'fl-fll-06',
  'ny-nyc-02',
];
const FLORIDA_BEST_MATCH = ALL_BEST_MATCH.filter((id) => byId.get(id)!.state === 'FL');

/**
 * The behaviour every CompanySearchIndex adapter must have, on fixed fixtures (company-search.fixtures.ts):
 * the same ids in the same order for the same query, with exact totals. Read-only tests share one
 * load of the fixtures; write tests reload them before each.
 */
export function describeCompanySearchContract(name: string, factory: () => Promise<CompanySearchFixture>): void {
  describe(name, () => {
    let fixture: CompanySearchFixture;
    let index: CompanySearchIndex;

    const load = async (docs: SearchDocument[] = FIXTURES): Promise<void> => {
      await index.clear();
      await index.upsert(docs);
      await index.refresh();
    };
    const search = (query: Partial<SearchQuery>): Promise<SearchResult> =>
      index.search({ sort: 'best-match', page: 1, limit: 50, ...query });
    const ids = async (query: Partial<SearchQuery>): Promise<string[]> => (await search(query)).hits.map((h) => h.id);

    beforeAll(async () => {
      fixture = await factory();
      index = fixture.index;
      await load();
    });
    afterAll(async () => {
      await fixture?.close();
    });

    describe('radius', () => {
      it('finds only the companies within 25 miles of Miami: featured first, then by distance, suspended last', async () => {
        const result = await search({ near: MIAMI, radiusMiles: 25 });
        expect(result.hits.map((h) => h.id)).toEqual([
          'fl-mia-07',
          'fl-mia-10',
          ...MIAMI_BY_DISTANCE.filter((id) => id !== 'fl-mia-07' && id !== 'fl-mia-10'),
          'fl-mia-02',
        ]);
        expect(result.total).toBe(12);
        expect(new Set(result.hits.map((h) => h.id))).toEqual(new Set(withinMiles(25)));
      });

      it('gives each hit its distance in miles from the centre', async () => {
        const { hits } = await search({ near: MIAMI, radiusMiles: 25 });
        for (const hit of hits) {
          const doc = byId.get(hit.id)!;
          expect(hit.distanceMiles).toBeCloseTo(distanceMiles(MIAMI, { latitude: doc.latitude!, longitude: doc.longitude! }), 3);
          expect(hit.distanceMiles).toBeLessThanOrEqual(25);
        }
        expect(hits.find((h) => h.id === 'fl-mia-01')!.distanceMiles).toBeCloseTo(1.2, 1);
      });

      it('widens to 50 miles', async () => {
        const result = await search({ near: MIAMI, radiusMiles: 50 });
        expect(result.hits.map((h) => h.id)).toEqual([
          'fl-mia-07',
          'fl-mia-10',
          'fl-fll-04',
          ...[...MIAMI_BY_DISTANCE, ...FORT_LAUDERDALE_BY_DISTANCE].filter((id) => !['fl-mia-07', 'fl-mia-10', 'fl-fll-04'].includes(id)),
          'fl-mia-02',
          'fl-fll-06',
        ]);
        expect(result.total).toBe(18);
        expect(new Set(result.hits.map((h) => h.id))).toEqual(new Set(withinMiles(50)));
      });

      it('widens to 100 miles', async () => {
        const result = await search({ near: MIAMI, radiusMiles: 100 });
        expect(result.hits.map((h) => h.id)).toEqual([
          'fl-mia-07',
          'fl-mia-10',
          'fl-fll-04',
          ...[...MIAMI_BY_DISTANCE, ...FORT_LAUDERDALE_BY_DISTANCE, ...SOUTH_FLORIDA_BY_DISTANCE].filter(
            (id) => !['fl-mia-07', 'fl-mia-10', 'fl-fll-04'].includes(id),
          ),
          'fl-mia-02',
          'fl-fll-06',
        ]);
        expect(result.total).toBe(23);
        expect(new Set(result.hits.map((h) => h.id))).toEqual(new Set(withinMiles(100)));
      });

      it('never returns a company without coordinates for a radius', async () => {
        const found = await ids({ near: MIAMI, radiusMiles: 100 });
        expect(found).not.toContain('fl-nc-01');
        expect(found).not.toContain('fl-nc-02');
      });
    });

    describe('state', () => {
      it('covers the whole state around a centre: by distance, companies without coordinates after the located ones', async () => {
        const result = await search({ near: MIAMI, state: 'FL' });
        expect(result.hits.map((h) => h.id)).toEqual([
          'fl-mia-07',
          'fl-mia-10',
          'fl-fll-04',
          'fl-orl-02',
          ...[...MIAMI_BY_DISTANCE, ...FORT_LAUDERDALE_BY_DISTANCE, ...SOUTH_FLORIDA_BY_DISTANCE].filter(
            (id) => !['fl-mia-07', 'fl-mia-10', 'fl-fll-04'].includes(id),
          ),
          'fl-orl-03',
          'fl-tpa-02',
          'fl-orl-01',
          'fl-tpa-01',
          'fl-tpa-03',
          'fl-nc-01',
          'fl-nc-02',
          'fl-mia-02',
          'fl-fll-06',
        ]);
        expect(result.total).toBe(31);
        expect(result.hits.find((h) => h.id === 'fl-nc-01')!.distanceMiles).toBeUndefined();
      });

      it('covers the whole state without a centre: featured, then rating', async () => {
        const result = await search({ state: 'FL' });
        expect(result.hits.map((h) => h.id)).toEqual(FLORIDA_BEST_MATCH);
        expect(result.total).toBe(31);
        expect(result.hits.every((h) => h.distanceMiles === undefined)).toBe(true);
      });

      it('finds nothing in a state without companies', async () => {
        expect(await search({ state: 'WY' })).toEqual({ hits: [], total: 0 });
      });
    });

    describe('filters', () => {
      it('filters by service', async () => {
        const result = await search({ near: MIAMI, radiusMiles: 50, service: 'airport-transfer' });
        expect(result.hits.map((h) => h.id)).toEqual([
          'fl-mia-07',
          'fl-mia-01',
          'fl-mia-06',
          'fl-mia-09',
          'fl-fll-03',
          'fl-fll-05',
          'fl-mia-02',
        ]);
        expect(result.total).toBe(7);
      });

      it('filters by vehicle types, any of the list', async () => {
        const result = await search({ near: MIAMI, radiusMiles: 100, vehicleTypes: ['party-bus', 'suv-limo'] });
        expect(result.hits.map((h) => h.id)).toEqual(['fl-mia-07', 'fl-fll-04', 'fl-mia-03', 'fl-mia-08', 'fl-fll-02', 'fl-sfl-02']);
        expect(result.total).toBe(6);
      });

      it('filters by price range', async () => {
        const result = await search({ near: MIAMI, state: 'FL', priceRange: '$$$' });
        expect(result.hits.map((h) => h.id)).toEqual([
          'fl-fll-04',
          'fl-orl-02',
          'fl-mia-01',
          'fl-mia-04',
          'fl-mia-11',
          'fl-mia-12',
          'fl-fll-01',
          'fl-sfl-05',
          'fl-tpa-01',
          'fl-tpa-03',
          'fl-nc-02',
        ]);
        expect(result.total).toBe(11);
      });

      it('filters by minimum rating, inclusive', async () => {
        const result = await search({ near: MIAMI, radiusMiles: 50, minRating: 4.5 });
        expect(result.hits.map((h) => h.id)).toEqual([
          'fl-mia-10',
          'fl-mia-01',
          'fl-mia-04',
          'fl-mia-11',
          'fl-mia-12',
          'fl-fll-01',
          'fl-fll-05',
          'fl-mia-02',
          'fl-fll-06',
        ]);
        expect(result.total).toBe(9);
      });

      it('combines every filter', async () => {
        const result = await search({
          near: MIAMI,
          state: 'FL',
          service: 'wedding',
          vehicleTypes: ['stretch-limo'],
          priceRange: '$$$',
          minRating: 4.4,
        });
        expect(result.hits.map((h) => h.id)).toEqual([
          'fl-orl-02',
          'fl-mia-01',
          'fl-mia-11',
          'fl-mia-12',
          'fl-fll-01',
          'fl-sfl-05',
          'fl-tpa-03',
        ]);
        expect(result.total).toBe(7);
      });

      it('filters on the Verified Owner badge: the same ranking, verified owners only', async () => {
        const owners = new Set(FIXTURES.filter((d) => d.verifiedOwner).map((d) => d.id));
        expect(owners.size).toBeGreaterThan(2);
        const all = await search({ near: MIAMI, state: 'FL', limit: 100 });
        const filtered = await search({ near: MIAMI, state: 'FL', verifiedOwner: true, limit: 100 });
        expect(filtered.hits.map((h) => h.id)).toEqual(all.hits.map((h) => h.id).filter((id) => owners.has(id)));
        expect(filtered.total).toBe(filtered.hits.length);
        expect(filtered.total).toBeGreaterThan(0);
        expect(filtered.total).toBeLessThan(all.total);
      });

      it('filters on the licensed and insured badges: insured while the insurance runs on the day asked', async () => {
        const inFlorida = async (q: Partial<SearchQuery>) =>
          (await search({ near: MIAMI, state: 'FL', limit: 100, ...q })).hits.map((h) => h.id);
        const all = await inFlorida({});
        const keep = (pick: (d: SearchDocument) => boolean) => all.filter((id) => pick(byId.get(id)!));
        expect(await inFlorida({ licensed: true })).toEqual(['fl-mia-01', 'fl-mia-04', 'fl-fll-01']);
        expect(await inFlorida({ insuredOn: '2026-01-10' })).toEqual(keep((d) => d.insuredUntil !== null));
        // The day after an insurance's last day, it no longer counts.
        expect(await inFlorida({ insuredOn: '2026-01-11' })).toEqual(['fl-mia-07', 'fl-mia-01']);
        expect(await inFlorida({ licensed: true, insuredOn: '2026-06-01' })).toEqual(['fl-mia-01']);
        expect(await inFlorida({ licensed: true, insuredOn: '2031-01-01' })).toEqual([]);
      });

      it('finds nothing for a value no company has', async () => {
        expect(await search({ near: MIAMI, radiusMiles: 100, service: 'funeral' })).toEqual({ hits: [], total: 0 });
        expect(await search({ vehicleTypes: ['trolley'] })).toEqual({ hits: [], total: 0 });
        expect(await search({ priceRange: '$$$$$' })).toEqual({ hits: [], total: 0 });
        expect(await search({ minRating: 5.1 })).toEqual({ hits: [], total: 0 });
      });
    });

    describe('text', () => {
      it('matches a word of the name, in any case', async () => {
        expect(await ids({ text: 'biscayne' })).toEqual(['fl-mia-01', 'fl-mia-06']);
        expect(await ids({ text: 'BISCAYNE' })).toEqual(['fl-mia-01', 'fl-mia-06']);
      });

      it('matches words of the description, every word required, the last as a prefix', async () => {
        expect(await ids({ text: 'vintage rolls' })).toEqual(['fl-mia-10', 'fl-mia-05']);
        expect(await ids({ text: 'vintage roll' })).toEqual(['fl-mia-10', 'fl-mia-05']);
        expect(await ids({ text: 'vintag rolls' })).toEqual([]);
        expect(await ids({ text: 'vintage phantom' })).toEqual(['fl-mia-10']);
      });

      it('matches across name and description, ignoring accents', async () => {
        expect(await ids({ text: 'Magic QUINCE' })).toEqual(['fl-mia-05']);
        expect(await ids({ text: 'quinceañeras' })).toEqual(['fl-mia-05']);
        expect(await ids({ text: 'quinceaneras' })).toEqual(['fl-mia-05']);
      });

      it('combines text with a radius and with a state', async () => {
        const radius = await search({ near: MIAMI, radiusMiles: 25, text: 'limou' });
        expect(radius.hits.map((h) => h.id)).toEqual(['fl-mia-10', 'fl-mia-01', 'fl-mia-05', 'fl-mia-08']);
        expect(radius.total).toBe(4);
        expect(await ids({ state: 'FL', text: 'party' })).toEqual([
          'fl-mia-03',
          'fl-fll-02',
          'fl-tpa-02',
          'fl-mia-08',
          'fl-sfl-02',
          'fl-orl-03',
        ]);
      });

      it('finds nothing for an unknown word, and does not filter on text without words', async () => {
        expect(await search({ text: 'zeppelin' })).toEqual({ hits: [], total: 0 });
        expect((await search({ text: ' !? ' })).total).toBe(FIXTURES.length);
      });
    });

    describe('sort', () => {
      it('sorts by rating, then review count, then name, then id; suspended last', async () => {
        expect(await ids({ near: MIAMI, radiusMiles: 25, sort: 'rating' })).toEqual([
          'fl-mia-10',
          'fl-mia-01',
          'fl-mia-04',
          'fl-mia-11',
          'fl-mia-12',
          'fl-mia-07',
          'fl-mia-03',
          'fl-mia-08',
          'fl-mia-05',
          'fl-mia-06',
          'fl-mia-09',
          'fl-mia-02',
        ]);
        const everything = await ids({ sort: 'rating' });
        expect(everything.slice(0, 7)).toEqual(['fl-nc-01', 'fl-fll-05', 'fl-mia-10', 'fl-sfl-01', 'fl-mia-01', 'fl-mia-04', 'ga-atl-01']);
        expect(everything.slice(-3)).toEqual(['fl-mia-02', 'fl-fll-06', 'ny-nyc-02']);
      });

      it('sorts by distance, ignoring featured; suspended last', async () => {
        expect(await ids({ near: MIAMI, radiusMiles: 50, sort: 'distance' })).toEqual([
          ...MIAMI_BY_DISTANCE,
          ...FORT_LAUDERDALE_BY_DISTANCE,
          'fl-mia-02',
          'fl-fll-06',
        ]);
      });

      it('sorts the whole country by distance, companies without coordinates after the located ones (by name)', async () => {
        expect(await ids({ near: MIAMI, sort: 'distance' })).toEqual([
          ...MIAMI_BY_DISTANCE,
          ...FORT_LAUDERDALE_BY_DISTANCE,
          ...SOUTH_FLORIDA_BY_DISTANCE,
          'fl-orl-03',
          'fl-orl-02',
          'fl-tpa-02',
          'fl-orl-01',
          'fl-tpa-01',
          'fl-tpa-03',
          'ga-atl-01',
          'ga-atl-02',
          'ny-nyc-01',
          'tx-aus-01',
          'il-chi-01',
          'ca-la-01',
          'fl-nc-02',
          'tx-nc-01',
          'fl-nc-01',
          'fl-mia-02',
          'fl-fll-06',
          'ny-nyc-02',
        ]);
      });

      it('sorts by distance without a centre as best-match', async () => {
        expect(await ids({ state: 'FL', sort: 'distance' })).toEqual(FLORIDA_BEST_MATCH);
      });

      it('ranks best-match: featured first, suspended last, then rating, reviews, name and id', async () => {
        const result = await search({});
        expect(result.hits.map((h) => h.id)).toEqual(ALL_BEST_MATCH);
        expect(result.total).toBe(FIXTURES.length);
        const featured = FIXTURES.filter((d) => d.featured && !d.suspended).length;
        expect(result.hits.slice(0, featured).every((h) => byId.get(h.id)!.featured)).toBe(true);
        expect(result.hits.slice(-3).every((h) => byId.get(h.id)!.suspended)).toBe(true);
      });
    });

    describe('paging', () => {
      it('returns the requested page and the total of every match', async () => {
        const all = await ids({ near: MIAMI, radiusMiles: 50 });
        const page2 = await search({ near: MIAMI, radiusMiles: 50, limit: 5, page: 2 });
        expect(page2.hits.map((h) => h.id)).toEqual(['fl-mia-04', 'fl-mia-05', 'fl-mia-06', 'fl-mia-08', 'fl-mia-09']);
        expect(page2.hits.map((h) => h.id)).toEqual(all.slice(5, 10));
        expect(page2.total).toBe(18);
        const page4 = await search({ near: MIAMI, radiusMiles: 50, limit: 5, page: 4 });
        expect(page4.hits.map((h) => h.id)).toEqual(['fl-fll-05', 'fl-mia-02', 'fl-fll-06']);
        expect(page4.total).toBe(18);
      });

      it('returns no hits past the last page, with the total', async () => {
        expect(await search({ near: MIAMI, radiusMiles: 50, limit: 5, page: 9 })).toEqual({ hits: [], total: 18 });
      });
    });

    describe('service area (issue 21)', () => {
      beforeEach(async () => {
        await load();
      });
      const miami = { near: MIAMI, radiusMiles: 25, servedPlace: 'fl/miami' } as const;

      it('finds, far outside the radius, a company whose service area covers the searched city, ranked by its distance', async () => {
        await index.upsert([
          { ...byId.get('fl-orl-01')!, servedPlaces: ['fl/orlando', 'fl/miami'] },
          // No coordinates: found by its service area alone, with no distance, after the located ones.
          { ...byId.get('fl-nc-02')!, servedPlaces: ['fl/miami'] },
        ]);
        await index.refresh();
        const result = await search({ ...miami, sort: 'distance' });
        expect(result.total).toBe(14);
        expect(result.hits.slice(-3).map((h) => h.id)).toEqual(['fl-orl-01', 'fl-nc-02', 'fl-mia-02']);
        expect(result.hits.find((h) => h.id === 'fl-orl-01')!.distanceMiles).toBeGreaterThan(150);
        expect(result.hits.find((h) => h.id === 'fl-nc-02')!.distanceMiles).toBeUndefined();
        // Another city, or no searched city: the radius alone.
        expect(await ids({ ...miami, servedPlace: 'fl/hialeah' })).not.toContain('fl-orl-01');
        expect(await ids({ near: MIAMI, radiusMiles: 25 })).not.toContain('fl-orl-01');
      });

      it('counts once a company serving the city that lies in a corner of the square around the circle, outside the radius', async () => {
        // 29 miles north-east of Miami: inside the 25-mile circle's bounding box (±25 miles each way),
        // outside the circle. Loaded with the others, so the embedded index holds it in its tree.
        const corner = { latitude: MIAMI.latitude + 0.3, longitude: MIAMI.longitude + 0.33 };
        expect(distanceMiles(MIAMI, corner)).toBeGreaterThan(25);
        await load(FIXTURES.map((doc) => (doc.id === 'fl-orl-01' ? { ...doc, ...corner, servedPlaces: ['fl/miami'] } : doc)));
        const result = await search(miami);
        expect(result.hits.filter((h) => h.id === 'fl-orl-01')).toHaveLength(1);
        expect(result.total).toBe(13);
        expect(result.hits).toHaveLength(13);
      });

      it('still applies every other filter and the text, and forgets a service area taken away', async () => {
        await index.upsert([{ ...byId.get('fl-orl-01')!, services: ['funeral'], servedPlaces: ['fl/miami'] }]);
        await index.refresh();
        expect(await ids({ ...miami, service: 'funeral' })).toEqual(['fl-orl-01']);
        expect(await ids({ ...miami, service: 'wedding' })).not.toContain('fl-orl-01');
        expect(await ids({ ...miami, text: 'theme park' })).toEqual(['fl-orl-01']);
        await index.upsert([{ ...byId.get('fl-orl-01')!, servedPlaces: [] }]);
        await index.refresh();
        expect(await ids(miami)).not.toContain('fl-orl-01');
        expect((await search(miami)).total).toBe(12);
      });
    });

    describe('writes', () => {
      beforeEach(async () => {
        await load();
      });

      it('counts what it holds', async () => {
        expect(await index.count()).toBe(FIXTURES.length);
      });

      it('lists each company with the version it was indexed at, for reconciliation', async () => {
        await index.upsert([{ ...byId.get('fl-mia-01')!, version: 7, updatedAt: '2025-02-03T04:05:06.000Z' }]);
        await index.remove(['fl-mia-02']);
        await index.refresh();
        const listed = new Map<string, IndexedVersion>();
        for await (const page of index.versions()) for (const v of page) listed.set(v.id, v);
        expect(listed.size).toBe(FIXTURES.length - 1);
        expect(listed.get('fl-mia-01')).toEqual({ id: 'fl-mia-01', version: 7, updatedAt: '2025-02-03T04:05:06.000Z' });
        expect(listed.get('fl-mia-03')).toEqual({ id: 'fl-mia-03', version: 1, updatedAt: '2024-01-15T10:00:00.000Z' });
        expect(listed.has('fl-mia-02')).toBe(false);
      });

      it('replaces a company on upsert', async () => {
        const moved: SearchDocument = {
          ...byId.get('fl-mia-01')!,
          name: 'Biscayne Bay Limousine of Tampa',
          city: 'Tampa',
          latitude: 27.95,
          longitude: -82.46,
          rating: 2,
        };
        await index.upsert([moved]);
        await index.refresh();
        expect(await index.count()).toBe(FIXTURES.length);
        expect(await ids({ near: MIAMI, radiusMiles: 25 })).not.toContain('fl-mia-01');
        expect((await search({ near: MIAMI, radiusMiles: 25 })).total).toBe(11);
        expect(await ids({ text: 'biscayne tampa' })).toEqual(['fl-mia-01']);
        expect(await ids({ near: { latitude: 27.95, longitude: -82.46 }, radiusMiles: 5, sort: 'distance' })).toEqual([
          'fl-mia-01',
          'fl-tpa-01',
          'fl-tpa-02',
        ]);
        const byRating = await ids({ state: 'FL', sort: 'rating' });
        expect(byRating.indexOf('fl-mia-01')).toBe(byRating.indexOf('fl-nc-02') + 1);
      });

      it('replaces filters and flags on upsert', async () => {
        await index.upsert([
          { ...byId.get('fl-mia-09')!, services: ['funeral'], vehicleTypes: ['hummer-limo'], priceRange: '$', featured: true },
        ]);
        await index.refresh();
        expect(await ids({ service: 'funeral' })).toEqual(['fl-mia-09']);
        expect(await ids({ near: MIAMI, radiusMiles: 25, service: 'airport-transfer' })).not.toContain('fl-mia-09');
        expect(await ids({ near: MIAMI, radiusMiles: 25, vehicleTypes: ['town-car'] })).toEqual(['fl-mia-04']);
        expect((await ids({ near: MIAMI, radiusMiles: 25 }))[0]).toBe('fl-mia-07');
        expect((await ids({ near: MIAMI, radiusMiles: 25 })).slice(0, 3)).toEqual(['fl-mia-07', 'fl-mia-09', 'fl-mia-10']);
      });

      it('adds a new company', async () => {
        const added: SearchDocument = {
          ...byId.get('fl-mia-03')!,
          id: 'fl-new-01',
          name: 'Wynwood Sprinter Co',
          description: 'Sprinter vans',
          latitude: 25.8,
          longitude: -80.2,
        };
        await index.upsert([added]);
        await index.refresh();
        expect(await index.count()).toBe(FIXTURES.length + 1);
        expect(await ids({ text: 'wynwood' })).toEqual(['fl-new-01']);
        expect((await search({ near: MIAMI, radiusMiles: 25 })).total).toBe(13);
      });

      it('removes companies, and ignores ids it does not hold', async () => {
        await index.remove(['fl-mia-04', 'fl-orl-02', 'no-such-company']);
        await index.refresh();
        expect(await index.count()).toBe(FIXTURES.length - 2);
        expect(await ids({ near: MIAMI, radiusMiles: 25 })).not.toContain('fl-mia-04');
        expect(await ids({ text: 'coral gables' })).toEqual([]);
        expect((await search({ state: 'FL' })).total).toBe(29);
        expect(await ids({ state: 'FL' })).toEqual(FLORIDA_BEST_MATCH.filter((id) => id !== 'fl-mia-04' && id !== 'fl-orl-02'));
      });

      it('filters on the Top Rated badge, and ranks best-match by responsiveness tier after featured, before distance and rating', async () => {
        const topRated = { ...byId.get('fl-mia-12')!, topRated: true, responsiveTier: 2 };
        const responsive = { ...byId.get('fl-mia-03')!, responsiveTier: 1 };
        await index.upsert([topRated, responsive]);
        await index.refresh();
        expect(await ids({ topRated: true })).toEqual(['fl-mia-12']);
        expect(await ids({ near: MIAMI, radiusMiles: 25, topRated: true })).toEqual(['fl-mia-12']);
        const featured = FIXTURES.filter((d) => d.featured && !d.suspended && withinMiles(25).includes(d.id)).map((d) => d.id);
        const nearMiami = await ids({ near: MIAMI, radiusMiles: 25 });
        expect(nearMiami.slice(0, featured.length + 2)).toEqual([
          ...MIAMI_BY_DISTANCE.filter((id) => featured.includes(id)),
          'fl-mia-12',
          'fl-mia-03',
        ]);
        // Without a place: the tier still comes before the rating.
        const everywhere = await ids({});
        expect(everywhere.indexOf('fl-mia-12')).toBeLessThan(everywhere.indexOf('fl-mia-03'));
        expect(everywhere.indexOf('fl-mia-03')).toBeLessThan(everywhere.indexOf('fl-mia-01'));
        // The other orders ignore it.
        expect(await ids({ near: MIAMI, radiusMiles: 25, sort: 'distance' })).toEqual([...MIAMI_BY_DISTANCE, 'fl-mia-02']);
      });

      it('empties on clear, and fills again', async () => {
        await index.clear();
        await index.refresh();
        expect(await index.count()).toBe(0);
        expect(await search({})).toEqual({ hits: [], total: 0 });
        expect(await search({ near: MIAMI, radiusMiles: 100 })).toEqual({ hits: [], total: 0 });
        await index.upsert(FIXTURES.slice(0, 3));
        await index.refresh();
        expect(await ids({ near: MIAMI, radiusMiles: 25, sort: 'distance' })).toEqual(['fl-mia-01', 'fl-mia-03', 'fl-mia-02']);
      });
    });
  });
}
