import { describe, beforeEach, expect, it } from 'vitest';
import { distanceMiles } from '@limo/geo';
import { FIXTURES, MIAMI } from '../company-search.fixtures.js';
import { byId, type CompanySearchContract } from './context.js';

/** Service areas (issue 21): companies found in a city they serve, wherever they are. */
export function serviceArea(t: CompanySearchContract): void {
  const { load, search, ids } = t;

  describe('service area (issue 21)', () => {
    beforeEach(async () => {
      await load();
    });
    const miami = { near: MIAMI, radiusMiles: 25, servedPlace: 'fl/miami' } as const;

    it('finds, far outside the radius, a company whose service area covers the searched city, ranked by its distance', async () => {
      await t.index.upsert([
        { ...byId.get('fl-orl-01')!, servedPlaces: ['fl/orlando', 'fl/miami'] },
        // No coordinates: found by its service area alone, with no distance, after the located ones.
        { ...byId.get('fl-nc-02')!, servedPlaces: ['fl/miami'] },
      ]);
      await t.index.refresh();
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
      await t.index.upsert([{ ...byId.get('fl-orl-01')!, services: ['funeral'], servedPlaces: ['fl/miami'] }]);
      await t.index.refresh();
      expect(await ids({ ...miami, service: 'funeral' })).toEqual(['fl-orl-01']);
      expect(await ids({ ...miami, service: 'wedding' })).not.toContain('fl-orl-01');
      expect(await ids({ ...miami, text: 'theme park' })).toEqual(['fl-orl-01']);
      await t.index.upsert([{ ...byId.get('fl-orl-01')!, servedPlaces: [] }]);
      await t.index.refresh();
      expect(await ids(miami)).not.toContain('fl-orl-01');
      expect((await search(miami)).total).toBe(12);
    });
  });
}
