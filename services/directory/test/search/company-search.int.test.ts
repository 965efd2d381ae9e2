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
