import { afterAll, beforeAll } from 'vitest';
import { distanceMiles } from '@limo/geo';
import type { CompanySearchIndex, SearchDocument, SearchQuery, SearchResult } from '../../src/company-search.port.js';
import { FIXTURES, MIAMI } from '../company-search.fixtures.js';

/** What an adapter's test gives the contract: an index (empty or not: the suite clears it) and its teardown. */
export interface CompanySearchFixture {
  index: CompanySearchIndex;
  close(): Promise<void>;
}

export const byId = new Map(FIXTURES.map((doc) => [doc.id, doc]));
export const withinMiles = (radius: number): string[] =>
  FIXTURES.filter(
    (doc) => doc.latitude !== null && distanceMiles(MIAMI, { latitude: doc.latitude, longitude: doc.longitude! }) <= radius,
  ).map((d) => d.id);

/** Miami's fixtures by distance from MIAMI, nearest first (fl-mia-02 is suspended: it ranks last). */
export const MIAMI_BY_DISTANCE = [
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
export const FORT_LAUDERDALE_BY_DISTANCE = ['fl-fll-01', 'fl-fll-02', 'fl-fll-03', 'fl-fll-04', 'fl-fll-05'];
export const SOUTH_FLORIDA_BY_DISTANCE = ['fl-sfl-04', 'fl-sfl-03', 'fl-sfl-01', 'fl-sfl-02', 'fl-sfl-05'];
/** These lists of fixtures one after the other, without the featured ones (which rank before them). */
export const unfeatured = (...lists: string[][]): string[] => lists.flat().filter((id) => !byId.get(id)!.featured);
/** Every non-suspended fixture in best-match order without a centre: featured, then rating, reviews, name, id. */
export const ALL_BEST_MATCH = [
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
export const FLORIDA_BEST_MATCH = ALL_BEST_MATCH.filter((id) => byId.get(id)!.state === 'FL');

/** What each feature of the contract is given: the index (loaded with the fixtures once), and how to ask it. */
export interface CompanySearchContract {
  readonly index: CompanySearchIndex;
  /** Clears the index and loads these documents (the fixtures by default). */
  load(docs?: SearchDocument[]): Promise<void>;
  search(query: Partial<SearchQuery>): Promise<SearchResult>;
  ids(query: Partial<SearchQuery>): Promise<string[]>;
}

/** Registers the index's start (loaded with the fixtures) and teardown in the enclosing describe. */
export function useCompanySearch(factory: () => Promise<CompanySearchFixture>): CompanySearchContract {
  let fixture: CompanySearchFixture;
  let index: CompanySearchIndex;

  const load = async (docs: SearchDocument[] = FIXTURES): Promise<void> => {
    await index.clear();
    await index.upsert(docs);
    await index.refresh();
  };
  const search = (query: Partial<SearchQuery>): Promise<SearchResult> => index.search({ sort: 'best-match', page: 1, limit: 50, ...query });
  const ids = async (query: Partial<SearchQuery>): Promise<string[]> => (await search(query)).hits.map((h) => h.id);

  beforeAll(async () => {
    fixture = await factory();
    index = fixture.index;
    await load();
  });
  afterAll(async () => {
    await fixture?.close();
  });

  return {
    get index() {
      return index;
    },
    load,
    search,
    ids,
  };
}
