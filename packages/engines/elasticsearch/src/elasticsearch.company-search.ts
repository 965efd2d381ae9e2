import { readFile } from 'node:fs/promises';
import { Client, errors, type estypes } from '@elastic/elasticsearch';
import { distanceMiles } from '@limo/geo';
import {
  companyRevision,
  companyWords,
  MAX_RESULT_WINDOW,
  nameSortKey,
  queryTerms,
  searchLocation,
  type CompanySearchIndex,
  type ElasticsearchCompanySearchOptions,
  type IndexedVersion,
  type SearchDocument,
  type SearchHit,
  type SearchQuery,
  type SearchResult,
} from '@limo/company-search';
import type { Logger } from '@limo/platform';

/**
 * What the index stores for a company (the mapping is strict: nothing else gets in): the search
 * document with its place as a geo point, its name's sort key and its words.
 */
type IndexedCompany = Omit<SearchDocument, 'latitude' | 'longitude'> & {
  nameSort: string;
  searchText: string;
  location?: { lat: number; lon: number };
};

/** A search answer cut down by `filter_path`: parts without content are left out altogether. */
interface TrimmedSearchResponse {
  hits?: {
    total?: { value: number };
    /** Doc values come as arrays; a geo point as `"lat, lon"`. */
    hits?: Array<{ fields: { id: [string]; location?: [string]; version?: [number]; updatedAt?: [string] } }>;
  };
}

/** A geo point's doc value, `"lat, lon"`. */
function parsePoint(value: string): { latitude: number; longitude: number } {
  const comma = value.indexOf(',');
  return { latitude: Number(value.slice(0, comma)), longitude: Number(value.slice(comma + 1)) };
}

const MAPPING_FILE = new URL('../../../../infra/elasticsearch/companies.mapping.json', import.meta.url);
const PING_TIMEOUT_MS = 3_000;
/** Documents a page of versions() reads. */
const VERSIONS_PAGE = 5_000;

/**
 * The distributed search index, on Elasticsearch 8. Built for the engine as we run it: built-in
 * analyzers only (no analysis-common), no scripts (no painless), no delete-by-query (no reindex
 * module). So text is tokenized by @limo/company-search (search-rules.ts) and only split on spaces here, ranking is plain
 * sorts, and `clear` drops and recreates the index.
 */
export class ElasticsearchCompanySearch implements CompanySearchIndex {
  readonly scope = 'shared';
  private constructor(
    private readonly client: Client,
    private readonly index: string,
    private readonly logger: Logger | undefined,
  ) {}

  /**
   * Connects, failing fast with `Elasticsearch unreachable at <node>: <reason>`, and creates the
   * index when it does not exist.
   */
  static async create(options: ElasticsearchCompanySearchOptions): Promise<ElasticsearchCompanySearch> {
    const client = new Client({ node: options.node, requestTimeout: 10_000, maxRetries: 2 });
    try {
      // Cluster health rather than ping: the integ-test distribution of infra/local answers HEAD / with 405.
      await client.cluster.health({}, { requestTimeout: PING_TIMEOUT_MS, maxRetries: 0 });
    } catch (err) {
      await client.close();
      throw new Error(`Elasticsearch unreachable at ${options.node}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    const search = new ElasticsearchCompanySearch(client, options.index, options.logger);
    await search.ensureIndex();
    return search;
  }

  async upsert(docs: SearchDocument[]): Promise<void> {
    if (docs.length === 0) return;
    const operations = docs.flatMap((doc) => [{ index: { _index: this.index, _id: doc.id } }, toIndexed(doc)]);
    const response = await this.client.bulk({ operations });
    if (response.errors) throw bulkError('index', response.items);
  }

  async remove(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const response = await this.client.bulk({ operations: ids.map((id) => ({ delete: { _index: this.index, _id: id } })) });
    if (response.errors) throw bulkError('delete', response.items);
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    const from = (query.page - 1) * query.limit;
    const size = Math.max(0, Math.min(query.limit, MAX_RESULT_WINDOW - from));
    // Filter context only (nothing is scored: the order is the sorts below). A page needs each hit's
    // id, point and revision only (the directory keeps the companies' JSON by revision), read from doc
    // values: no stored fields are loaded (`_none_` skips even `_id` and `_source`, whose 16 KB
    // compressed blocks the fetch phase would otherwise inflate per hit), and `filter_path` trims the
    // answer to the total and those fields.
    const response = (await this.client.search({
      index: this.index,
      query: { bool: { filter: filters(query) } },
      sort: sortOf(query),
      from: size === 0 ? 0 : from,
      size,
      track_total_hits: true,
      stored_fields: ['_none_'],
      docvalue_fields: ['id', 'location', 'version', 'updatedAt'],
      filter_path: ['hits.total.value', 'hits.hits.fields'],
    })) as unknown as TrimmedSearchResponse;
    const total = response.hits?.total?.value ?? 0;
    const { near } = query;
    const hits = (response.hits?.hits ?? []).map(({ fields }): SearchHit => {
      const id = fields.id[0];
      const at = fields.location?.[0];
      const version = fields.version?.[0];
      const updatedAt = fields.updatedAt?.[0];
      return {
        id,
        ...(near && at ? { distanceMiles: distanceMiles(near, parsePoint(at)) } : {}),
        ...(version !== undefined && updatedAt !== undefined && { revision: companyRevision(version, updatedAt) }),
      };
    });
    return { hits, total };
  }

  async clear(): Promise<void> {
    await this.client.indices.delete({ index: this.index }, { ignore: [404] });
    await this.ensureIndex();
  }

  async count(): Promise<number> {
    return (await this.client.count({ index: this.index })).count;
  }

  async *versions(): AsyncIterable<IndexedVersion[]> {
    // search_after over the id: no scroll context to keep, and not bounded by max_result_window.
    for (let after: estypes.SortResults | undefined; ;) {
      const response = await this.client.search<Partial<Pick<IndexedCompany, 'id' | 'version' | 'updatedAt'>>>({
        index: this.index,
        size: VERSIONS_PAGE,
        sort: [{ id: 'asc' }],
        track_total_hits: false,
        _source: ['id', 'version', 'updatedAt'],
        ...(after ? { search_after: after } : {}),
      });
      const hits = response.hits.hits;
      if (hits.length > 0)
        yield hits.map((hit) => ({
          id: hit._source?.id ?? hit._id!,
          version: hit._source?.version ?? null,
          updatedAt: hit._source?.updatedAt ?? null,
        }));
      if (hits.length < VERSIONS_PAGE) return;
      after = hits.at(-1)!.sort;
    }
  }

  async refresh(): Promise<void> {
    await this.client.indices.refresh({ index: this.index });
  }

  async ping(): Promise<void> {
    // Cluster health rather than ping, as at start-up.
    await this.client.cluster.health({}, { requestTimeout: PING_TIMEOUT_MS, maxRetries: 0 });
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /** Deletes the whole index (tests, or retiring an index). */
  async drop(): Promise<void> {
    await this.client.indices.delete({ index: this.index }, { ignore: [404] });
  }

  private async ensureIndex(): Promise<void> {
    const { settings, mappings } = JSON.parse(await readFile(MAPPING_FILE, 'utf8')) as Pick<
      estypes.IndicesCreateRequest,
      'settings' | 'mappings'
    >;
    if (await this.client.indices.exists({ index: this.index })) {
      // An index made by an older mapping gets the fields added since (adding a field is allowed; the
      // mapping is strict, so a document with a field unknown to it would be refused).
      await this.client.indices.putMapping({ index: this.index, properties: mappings?.properties });
      return;
    }
    try {
      await this.client.indices.create({ index: this.index, settings, mappings });
      this.logger?.info({ index: this.index }, 'created the companies search index');
    } catch (err) {
      // Another instance created it between our check and our create.
      if (
        err instanceof errors.ResponseError &&
        (err.body as { error?: { type?: string } } | undefined)?.error?.type === 'resource_already_exists_exception'
      )
        return;
      throw err;
    }
  }
}

function toIndexed(doc: SearchDocument): IndexedCompany {
  const location = searchLocation(doc);
  return {
    id: doc.id,
    name: doc.name,
    nameSort: nameSortKey(doc.name),
    description: doc.description,
    searchText: companyWords(doc.name, doc.description).join(' '),
    city: doc.city,
    state: doc.state,
    zipCode: doc.zipCode,
    ...(location ? { location: { lat: location.latitude, lon: location.longitude } } : {}),
    services: doc.services,
    vehicleTypes: doc.vehicleTypes,
    priceRange: doc.priceRange,
    hourlyRateStart: doc.hourlyRateStart,
    rating: doc.rating,
    reviewCount: doc.reviewCount,
    featured: doc.featured,
    verified: doc.verified,
    verifiedOwner: doc.verifiedOwner,
    licensed: doc.licensed,
    insuredUntil: doc.insuredUntil,
    topRated: doc.topRated,
    responsiveTier: doc.responsiveTier,
    suspended: doc.suspended,
    servedPlaces: doc.servedPlaces,
    createdAt: doc.createdAt,
    version: doc.version,
    updatedAt: doc.updatedAt,
  };
}

function filters(query: SearchQuery): estypes.QueryDslQueryContainer[] {
  const out: estypes.QueryDslQueryContainer[] = [];
  const { near } = query;
  if (near && query.radiusMiles !== undefined) {
    const withinRadius: estypes.QueryDslQueryContainer = {
      geo_distance: { distance: `${query.radiusMiles}mi`, distance_type: 'arc', location: { lat: near.latitude, lon: near.longitude } },
    };
    // Or, wherever they are, serving the searched city (their service area).
    out.push(
      query.servedPlace === undefined
        ? withinRadius
        : { bool: { should: [withinRadius, { term: { servedPlaces: query.servedPlace } }], minimum_should_match: 1 } },
    );
  }
  if (query.state !== undefined) out.push({ term: { state: query.state } });
  if (query.text !== undefined) {
    const { exact, prefix } = queryTerms(query.text);
    for (const word of exact) out.push({ term: { searchText: word } });
    if (prefix !== undefined) out.push({ prefix: { searchText: prefix } });
  }
  if (query.service !== undefined) out.push({ term: { services: query.service } });
  if (query.vehicleTypes?.length) out.push({ terms: { vehicleTypes: query.vehicleTypes } });
  if (query.priceRange !== undefined) out.push({ term: { priceRange: query.priceRange } });
  if (query.minRating !== undefined) out.push({ range: { rating: { gte: query.minRating } } });
  if (query.verifiedOwner) out.push({ term: { verifiedOwner: true } });
  if (query.licensed) out.push({ term: { licensed: true } });
  // yyyy-MM-dd strings order as dates: a keyword range, no date parsing (nor time zone) involved.
  if (query.insuredOn !== undefined) out.push({ range: { insuredUntil: { gte: query.insuredOn } } });
  if (query.topRated) out.push({ term: { topRated: true } });
  return out;
}

/** The port's ranking as plain sorts (see CompanySearchIndex). */
function sortOf(query: SearchQuery): estypes.SortCombinations[] {
  const { near } = query;
  const distance: estypes.SortCombinations[] = near
    ? [
        {
          _geo_distance: {
            location: { lat: near.latitude, lon: near.longitude },
            order: 'asc',
            unit: 'mi',
            distance_type: 'arc',
            ignore_unmapped: true,
          },
        },
      ]
    : [];
  const byNameAndId: estypes.SortCombinations[] = [{ nameSort: { order: 'asc' } }, { id: { order: 'asc' } }];
  const notSuspendedFirst: estypes.SortCombinations = { suspended: { order: 'asc' } };
  if (query.sort === 'distance' && near) return [notSuspendedFirst, ...distance, ...byNameAndId];
  const byRating: estypes.SortCombinations[] = [{ rating: { order: 'desc' } }, { reviewCount: { order: 'desc' } }];
  if (query.sort === 'rating') return [notSuspendedFirst, ...byRating, ...byNameAndId];
  // A document indexed before the tier existed has none: it sorts as tier 0.
  const byTier: estypes.SortCombinations = { responsiveTier: { order: 'desc', missing: 0 } };
  return [notSuspendedFirst, { featured: { order: 'desc' } }, byTier, ...distance, ...byRating, ...byNameAndId];
}

function bulkError(action: 'index' | 'delete', items: Array<Partial<Record<estypes.BulkOperationType, estypes.BulkResponseItem>>>): Error {
  const failed = items.map((item) => item[action]).find((result) => result?.error);
  const cause = failed?.error;
  return new Error(
    `Elasticsearch refused to ${action} company ${failed?._id ?? '?'}: ${cause?.type ?? 'error'}: ${cause?.reason ?? 'no reason given'}`,
  );
}
