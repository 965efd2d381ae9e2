import { metrics, type Logger } from '@limo/platform';
import { toSearchDocument } from './search-document.js';
import type { CompaniesRepository } from '../repositories/companies.repository.js';
import type { CompanyJsonCache } from './company-json.js';
import type { CompanySearchIndex } from './company-search.port.js';
import type { SearchCache } from './search-cache.js';

const REBUILD_BATCH = 2_000;

/**
 * Keeps the search index a projection of the companies store: one company at a time from company
 * events, or all of them at once (start-up of the in-memory index, `npm run reindex`). It always
 * reads the company's current state, so events handled twice or out of order do no harm.
 */
export class SearchProjection {
  constructor(
    private readonly index: CompanySearchIndex,
    private readonly companies: CompaniesRepository,
    private readonly cache: SearchCache,
    private readonly logger: Logger,
    /** The pre-serialised company pages beside an in-process index, forgotten as the index changes. */
    private readonly json?: CompanyJsonCache,
  ) {}

  /** Upserts the company as stored now, or removes it when it is gone; then drops cached answers. */
  async sync(companyId: string): Promise<void> {
    const company = await this.companies.findById(companyId);
    if (company) await this.index.upsert([toSearchDocument(company)]);
    else await this.index.remove([companyId]);
    this.json?.forget(companyId);
    // Visible before the cache is dropped: a search in between would otherwise cache the old answer for 30 s.
    await this.index.refresh();
    await this.cache.invalidate();
  }

  /** Empties the index and loads every company from the store; returns how many. */
  async rebuild(): Promise<number> {
    const started = Date.now();
    await this.index.clear();
    this.json?.clear();
    let loaded = 0;
    // Keyset pages: each batch starts after the last id, so no page re-reads the ones before it.
    for (let after = ''; ;) {
      const batch = await this.companies.find(after ? { _id: { $gt: after } } : {}, { sort: { _id: 1 }, limit: REBUILD_BATCH });
      if (batch.length > 0) await this.index.upsert(batch.map(toSearchDocument));
      loaded += batch.length;
      if (batch.length < REBUILD_BATCH) break;
      after = batch.at(-1)!._id;
    }
    await this.index.refresh();
    await this.cache.invalidate();
    this.logger.info({ companies: loaded, ms: Date.now() - started }, 'search index rebuilt from the store');
    return loaded;
  }

  /** True when the index holds a different number of companies than the store (a persistent index gone stale). */
  async outOfSync(): Promise<boolean> {
    const [indexed, stored] = await Promise.all([this.index.count(), this.companies.count()]);
    return indexed !== stored;
  }

  /**
   * Start-up reconciliation of a persistent index (Elasticsearch): when it does not hold what the
   * store holds (company events lost while the service was down), rebuilds it, logs the drift and
   * counts it in `reconciliation_repaired_total{readModel="directory.search-index"}`.
   */
  async reconcile(): Promise<{ indexed: number; stored: number; rebuilt: boolean }> {
    const [indexed, stored] = await Promise.all([this.index.count(), this.companies.count()]);
    metrics.inc('reconciliation_runs_total', { readModel: 'directory.search-index' });
    if (indexed === stored) {
      this.logger.info({ readModel: 'directory.search-index', indexed, stored }, 'reconciliation: search index matches the store');
      return { indexed, stored, rebuilt: false };
    }
    this.logger.warn(
      { readModel: 'directory.search-index', indexed, stored },
      `reconciliation: search index holds ${indexed} companies, the store ${stored}: rebuilding`,
    );
    metrics.inc(
      'reconciliation_repaired_total',
      { readModel: 'directory.search-index', kind: indexed < stored ? 'missing' : 'extra' },
      Math.abs(stored - indexed),
    );
    await this.rebuild();
    return { indexed, stored, rebuilt: true };
  }
}
