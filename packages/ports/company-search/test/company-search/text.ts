import { describe, expect, it } from 'vitest';
import { FIXTURES, MIAMI } from '../company-search.fixtures.js';
import { type CompanySearchContract } from './context.js';

/** Free text over name and description: words, prefixes, case and accents. */
export function text(t: CompanySearchContract): void {
  const { search, ids } = t;

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
}
