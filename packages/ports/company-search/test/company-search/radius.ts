import { describe, expect, it } from 'vitest';
import { distanceMiles } from '@limo/geo';
import { MIAMI } from '../company-search.fixtures.js';
import {
  FORT_LAUDERDALE_BY_DISTANCE,
  MIAMI_BY_DISTANCE,
  SOUTH_FLORIDA_BY_DISTANCE,
  byId,
  unfeatured,
  withinMiles,
  type CompanySearchContract,
} from './context.js';

/** A radius around a centre: who is inside, in which order, at which distance. */
export function radius(t: CompanySearchContract): void {
  const { search, ids } = t;

  describe('radius', () => {
    it('finds only the companies within 25 miles of Miami: featured first, then by distance, suspended last', async () => {
      const result = await search({ near: MIAMI, radiusMiles: 25 });
      expect(result.hits.map((h) => h.id)).toEqual(['fl-mia-07', 'fl-mia-10', ...unfeatured(MIAMI_BY_DISTANCE), 'fl-mia-02']);
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

    it.each([
      [50, [MIAMI_BY_DISTANCE, FORT_LAUDERDALE_BY_DISTANCE], 18],
      [100, [MIAMI_BY_DISTANCE, FORT_LAUDERDALE_BY_DISTANCE, SOUTH_FLORIDA_BY_DISTANCE], 23],
    ])('widens to %i miles', async (radiusMiles, byDistance, total) => {
      const result = await search({ near: MIAMI, radiusMiles });
      expect(result.hits.map((h) => h.id)).toEqual([
        'fl-mia-07',
        'fl-mia-10',
        'fl-fll-04',
        ...unfeatured(...byDistance),
        'fl-mia-02',
        'fl-fll-06',
      ]);
      expect(result.total).toBe(total);
      expect(new Set(result.hits.map((h) => h.id))).toEqual(new Set(withinMiles(radiusMiles)));
    });

    it('never returns a company without coordinates for a radius', async () => {
      const found = await ids({ near: MIAMI, radiusMiles: 100 });
      expect(found).not.toContain('fl-nc-01');
      expect(found).not.toContain('fl-nc-02');
    });
  });
}
