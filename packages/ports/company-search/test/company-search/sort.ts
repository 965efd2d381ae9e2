import { describe, expect, it } from 'vitest';
import { FIXTURES, MIAMI } from '../company-search.fixtures.js';
import {
  ALL_BEST_MATCH,
  FLORIDA_BEST_MATCH,
  FORT_LAUDERDALE_BY_DISTANCE,
  MIAMI_BY_DISTANCE,
  SOUTH_FLORIDA_BY_DISTANCE,
  byId,
  type CompanySearchContract,
} from './context.js';

/** The sort orders: rating, distance, best match; suspended companies last. */
export function sort(t: CompanySearchContract): void {
  const { search, ids } = t;

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
}
