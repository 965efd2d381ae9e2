import { describe, expect, it } from 'vitest';
import { MIAMI } from '../company-search.fixtures.js';
import { type CompanySearchContract } from './context.js';

/** Pages and totals. */
export function paging(t: CompanySearchContract): void {
  const { search, ids } = t;

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
}
