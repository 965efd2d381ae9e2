/** What the search index keeps of a company: a projection fed by company and review events. */
export interface SearchDocument {
  id: string;
  name: string;
  description: string;
  city: string;
  /** Two-letter state code, upper case. */
  state: string;
  zipCode: string;
  latitude: number | null;
  longitude: number | null;
  /** Canonical slugs (packages/contracts vocabulary). */
  services: string[];
  vehicleTypes: string[];
  /** `$`..`$$$$`, or null when the company set none. */
  priceRange: string | null;
  hourlyRateStart: number | null;
  /** Average of approved reviews, 0 when none. */
  rating: number;
  reviewCount: number;
  featured: boolean;
  verified: boolean;
  /** The owner is a Verified Owner (an approved claim or paid listing): the search filter `verifiedOwner`. */
  verifiedOwner: boolean;
  /** A USDOT or permit number an admin verified, on a listing not suspended: the `licensed` badge. */
  licensed: boolean;
  /** The last day (yyyy-MM-dd) of the insurance an admin verified, on a listing not suspended; null when none. */
  insuredUntil: string | null;
  /** The Top Rated badge (as last judged), on a listing not suspended. */
  topRated: boolean;
  /** Responsiveness tier for the best-match order: 2 Top Rated, 1 responsive, 0 otherwise (domain/responsiveness.ts). */
  responsiveTier: number;
  /** Suspended companies (verified taken away by an admin) rank below the others. */
  suspended: boolean;
  /**
   * The places (`placeKey`: `fl/miami`) the company's service area covers: its list of cities, or the
   * cities within its radius. A radius search of one of them finds the company too.
   */
  servedPlaces: string[];
  createdAt: string;
  /** The company's version when indexed (grows by one with every write): reconciliation compares it with the store's. */
  version: number;
  updatedAt: string;
}

/** Which copy of a company the index holds, as reconciliation compares it with the store. */
export interface IndexedVersion {
  id: string;
  /** Null for a document indexed before versions were kept (always stale). */
  version: number | null;
  updatedAt: string | null;
}

type SearchSort = 'best-match' | 'rating' | 'distance';

export interface SearchQuery {
  /** Centre of a radius search. With `radiusMiles` undefined and `state` set, the whole state. */
  near?: { latitude: number; longitude: number };
  radiusMiles?: number;
  /** Restrict to one state (the statewide distance, or a state-only location). */
  state?: string;
  /**
   * The searched city (`placeKey`), with `near` and `radiusMiles`: companies whose service area
   * covers it match too, however far they are.
   */
  servedPlace?: string;
  /** Free text matched on name and description (every word must match, prefix on the last). */
  text?: string;
  service?: string;
  /** Any of these vehicle type slugs. */
  vehicleTypes?: string[];
  priceRange?: string;
  minRating?: number;
  /** Only companies whose owner is a Verified Owner. */
  verifiedOwner?: boolean;
  /** Only companies with the `licensed` badge. */
  licensed?: boolean;
  /** Only companies whose verified insurance runs on this day (yyyy-MM-dd): the `insured` badge. */
  insuredOn?: string;
  /** Only companies with the `top-rated` badge. */
  topRated?: boolean;
  sort: SearchSort;
  /** 1-based. */
  page: number;
  limit: number;
}

export interface SearchHit {
  id: string;
  /** Miles from `near`, when the query had one. */
  distanceMiles?: number;
  /**
   * Which copy of the company the index holds (`companyRevision(version, updatedAt)`), from an index
   * shared by several directory instances: a company's JSON kept in this process is reused only for
   * the same copy. Absent from an in-process index, whose projection keeps that cache current itself.
   */
  revision?: string;
}

export interface SearchResult {
  hits: SearchHit[];
  /** Every match, not only this page. */
  total: number;
}

/**
 * The company search index. Geography: within `radiusMiles` of `near`, or serving `servedPlace`.
 * Ranking, identical in every adapter:
 * - best-match: not suspended first, then featured first, then responsiveTier descending (Top Rated,
 *   then responsive companies), then (with `near`) distance ascending, else rating descending, then
 *   reviewCount descending, then name ascending, then id ascending;
 * - rating: not suspended first, rating desc, reviewCount desc, name asc, id asc;
 * - distance: not suspended first, distance asc (no `near`: as best-match), name asc, id asc.
 */
export interface CompanySearchIndex {
  /**
   * Where the index lives: `process` (in this process's memory: its own, loaded from the store at
   * every start, fed by a consumer group of its own from now on) or `shared` (an engine every
   * instance shares, e.g. Elasticsearch: one consumer group, rebuilt only when it does not match the store).
   */
  readonly scope: 'process' | 'shared';
  /** Adds or replaces documents. */
  upsert(docs: SearchDocument[]): Promise<void>;
  remove(ids: string[]): Promise<void>;
  search(query: SearchQuery): Promise<SearchResult>;
  /** Empties the index (before a rebuild from the store). */
  clear(): Promise<void>;
  count(): Promise<number>;
  /** Every indexed company's id with the version it was indexed at, a page at a time, in no particular order. */
  versions(): AsyncIterable<IndexedVersion[]>;
  /** Makes every write so far visible to search (Elasticsearch refresh); a no-op where writes are immediate. */
  refresh(): Promise<void>;
  /** Throws when the engine does not answer (`/readyz`); a no-op in-process. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
