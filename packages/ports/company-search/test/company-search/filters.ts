import { describe, expect, it } from 'vitest';
import type { SearchDocument, SearchQuery } from '../../src/company-search.port.js';
import { FIXTURES, MIAMI } from '../company-search.fixtures.js';
import { byId, type CompanySearchContract } from './context.js';

/** Service, vehicle types, price, rating and badge filters, alone and together. */
export function filters(t: CompanySearchContract): void {
  const { search } = t;

  describe('filters', () => {
    // Each filter alone, then all together: the companies in best-match order, and how many there are.
    const cases: Array<{ name: string; query: Partial<SearchQuery>; ids: string[] }> = [
      {
        name: 'filters by service',
        query: { near: MIAMI, radiusMiles: 50, service: 'airport-transfer' },
        ids: ['fl-mia-07', 'fl-mia-01', 'fl-mia-06', 'fl-mia-09', 'fl-fll-03', 'fl-fll-05', 'fl-mia-02'],
      },
      {
        name: 'filters by vehicle types, any of the list',
        query: { near: MIAMI, radiusMiles: 100, vehicleTypes: ['party-bus', 'suv-limo'] },
        ids: ['fl-mia-07', 'fl-fll-04', 'fl-mia-03', 'fl-mia-08', 'fl-fll-02', 'fl-sfl-02'],
      },
      {
        name: 'filters by price range',
        query: { near: MIAMI, state: 'FL', priceRange: '$$$' },
        ids: [
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
        ],
      },
      {
        name: 'filters by minimum rating, inclusive',
        query: { near: MIAMI, radiusMiles: 50, minRating: 4.5 },
        ids: ['fl-mia-10', 'fl-mia-01', 'fl-mia-04', 'fl-mia-11', 'fl-mia-12', 'fl-fll-01', 'fl-fll-05', 'fl-mia-02', 'fl-fll-06'],
      },
      {
        name: 'combines every filter',
        query: { near: MIAMI, state: 'FL', service: 'wedding', vehicleTypes: ['stretch-limo'], priceRange: '$$$', minRating: 4.4 },
        ids: ['fl-orl-02', 'fl-mia-01', 'fl-mia-11', 'fl-mia-12', 'fl-fll-01', 'fl-sfl-05', 'fl-tpa-03'],
      },
    ];
    for (const { name, query, ids } of cases) {
      it(name, async () => {
        const result = await search(query);
        expect(result.hits.map((h) => h.id)).toEqual(ids);
        expect(result.total).toBe(ids.length);
      });
    }

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
}
