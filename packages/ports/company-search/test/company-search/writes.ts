import { describe, beforeEach, expect, it } from 'vitest';
import type { SearchDocument, IndexedVersion } from '../../src/company-search.port.js';
import { FIXTURES, MIAMI } from '../company-search.fixtures.js';
import { FLORIDA_BEST_MATCH, MIAMI_BY_DISTANCE, byId, withinMiles, type CompanySearchContract } from './context.js';

/** Upserts, removals, clearing, counts and the versions listed for reconciliation. */
export function writes(t: CompanySearchContract): void {
  const { load, search, ids } = t;

  describe('writes', () => {
    beforeEach(async () => {
      await load();
    });

    it('counts what it holds', async () => {
      expect(await t.index.count()).toBe(FIXTURES.length);
    });

    it('lists each company with the version it was indexed at, for reconciliation', async () => {
      await t.index.upsert([{ ...byId.get('fl-mia-01')!, version: 7, updatedAt: '2025-02-03T04:05:06.000Z' }]);
      await t.index.remove(['fl-mia-02']);
      await t.index.refresh();
      const listed = new Map<string, IndexedVersion>();
      for await (const page of t.index.versions()) for (const v of page) listed.set(v.id, v);
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
      await t.index.upsert([moved]);
      await t.index.refresh();
      expect(await t.index.count()).toBe(FIXTURES.length);
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
      await t.index.upsert([
        { ...byId.get('fl-mia-09')!, services: ['funeral'], vehicleTypes: ['hummer-limo'], priceRange: '$', featured: true },
      ]);
      await t.index.refresh();
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
      await t.index.upsert([added]);
      await t.index.refresh();
      expect(await t.index.count()).toBe(FIXTURES.length + 1);
      expect(await ids({ text: 'wynwood' })).toEqual(['fl-new-01']);
      expect((await search({ near: MIAMI, radiusMiles: 25 })).total).toBe(13);
    });

    it('removes companies, and ignores ids it does not hold', async () => {
      await t.index.remove(['fl-mia-04', 'fl-orl-02', 'no-such-company']);
      await t.index.refresh();
      expect(await t.index.count()).toBe(FIXTURES.length - 2);
      expect(await ids({ near: MIAMI, radiusMiles: 25 })).not.toContain('fl-mia-04');
      expect(await ids({ text: 'coral gables' })).toEqual([]);
      expect((await search({ state: 'FL' })).total).toBe(29);
      expect(await ids({ state: 'FL' })).toEqual(FLORIDA_BEST_MATCH.filter((id) => id !== 'fl-mia-04' && id !== 'fl-orl-02'));
    });

    it('filters on the Top Rated badge, and ranks best-match by responsiveness tier after featured, before distance and rating', async () => {
      const topRated = { ...byId.get('fl-mia-12')!, topRated: true, responsiveTier: 2 };
      const responsive = { ...byId.get('fl-mia-03')!, responsiveTier: 1 };
      await t.index.upsert([topRated, responsive]);
      await t.index.refresh();
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
      await t.index.clear();
      await t.index.refresh();
      expect(await t.index.count()).toBe(0);
      expect(await search({})).toEqual({ hits: [], total: 0 });
      expect(await search({ near: MIAMI, radiusMiles: 100 })).toEqual({ hits: [], total: 0 });
      await t.index.upsert(FIXTURES.slice(0, 3));
      await t.index.refresh();
      expect(await ids({ near: MIAMI, radiusMiles: 25, sort: 'distance' })).toEqual(['fl-mia-01', 'fl-mia-03', 'fl-mia-02']);
    });
  });
}
