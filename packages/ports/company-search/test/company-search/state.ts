import { describe, expect, it } from 'vitest';
import { MIAMI } from '../company-search.fixtures.js';
import {
  FLORIDA_BEST_MATCH,
  FORT_LAUDERDALE_BY_DISTANCE,
  MIAMI_BY_DISTANCE,
  SOUTH_FLORIDA_BY_DISTANCE,
  unfeatured,
  type CompanySearchContract,
} from './context.js';

/** A whole state, with and without a centre. */
export function state(t: CompanySearchContract): void {
  const { search } = t;

  describe('state', () => {
    it('covers the whole state around a centre: by distance, companies without coordinates after the located ones', async () => {
      const result = await search({ near: MIAMI, state: 'FL' });
      expect(result.hits.map((h) => h.id)).toEqual([
        'fl-mia-07',
        'fl-mia-10',
        'fl-fll-04',
        'fl-orl-02',
        ...unfeatured(MIAMI_BY_DISTANCE, FORT_LAUDERDALE_BY_DISTANCE, SOUTH_FLORIDA_BY_DISTANCE),
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
}
