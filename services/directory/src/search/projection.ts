import { reconciliationRepaired, reconciliationRuns, type Logger } from '@limo/platform';
import { toSearchDocument } from './search-document.js';
import type { CompaniesRepository } from '../repositories/companies.repository.js';
import type { CompanyJsonCache } from './company-json.js';
import type { CompanySearchIndex, IndexedVersion } from '@limo/company-search';
import type { SearchCache } from './search-cache.js';

const REBUILD_BATCH = 2_000;
const BULK_BATCH = 500;
const READ_MODEL = 'directory.search-index';

/** What one reconciliation found (and repaired). */
export interface ReconciliationReport {
  /** Companies in the index, and in the store, when it ran. */
  indexed: number;
  stored: number;
  /** Companies the store has and the index had not. */
  missing: number;
  /** Companies the index held at another version (or updatedAt) than the store's. */
  stale: number;
  /** Companies the index held that the store no longer has. */
  extra: number;
  ms: number;
}

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

  /**
   * Indexes the companies as stored now in bulk (500 a request: a page of 2,000, 2 MB, could outlast
   * Elasticsearch's 10 s client timeout on a busy machine) and makes them
   * searchable before it resolves: for writes of many companies at once (populate, demo data), whose
   * one-by-one event syncs, a refresh each, would take minutes to catch up.
   */
  async indexNow(ids: string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += BULK_BATCH) await this.repair(ids.slice(i, i + BULK_BATCH));
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
   * Start-up reconciliation of a persistent index (Elasticsearch), or of any index on demand: compares
   * the index with the store company by company (the same count can hide a missing and an extra one),
   * upserts the companies it lacks or holds at another version, removes the ones the store no longer
   * has, logs the drift and counts it in `reconciliation_repaired_total{readModel="directory.search-index",kind}`.
   */
  async reconcile(): Promise<ReconciliationReport> {
    const started = Date.now();
    await this.index.refresh();
    // Read before the store: a company the index holds now and the store lacks afterwards was deleted.
    const held = new Map<string, IndexedVersion>();
    for await (const page of this.index.versions()) for (const v of page) held.set(v.id, v);
    const report: ReconciliationReport = { indexed: held.size, stored: 0, missing: 0, stale: 0, extra: 0, ms: 0 };
    for (let after = ''; ;) {
      const batch = await this.companies.find(after ? { _id: { $gt: after } } : {}, { sort: { _id: 1 }, limit: REBUILD_BATCH });
      const drifted: string[] = [];
      for (const company of batch) {
        const indexed = held.get(company._id);
        held.delete(company._id);
        if (!indexed) report.missing++;
        else if (indexed.version !== company.version || indexed.updatedAt !== company.updatedAt) report.stale++;
        else continue;
        drifted.push(company._id);
      }
      await this.repair(drifted);
      report.stored += batch.length;
      if (batch.length < REBUILD_BATCH) break;
      after = batch.at(-1)!._id;
    }
    // Left over: indexed, and not in the store (checked once more: the walk above took a while).
    const stillStored = new Set((await this.companies.findByIds([...held.keys()])).map((c) => c._id));
    const extra = [...held.keys()].filter((id) => !stillStored.has(id));
    report.extra = extra.length;
    await this.repair(extra);
    if (report.missing + report.stale + report.extra > 0) {
      await this.index.refresh();
      await this.cache.invalidate();
    }
    report.ms = Date.now() - started;
    reconciliationRuns.inc({ read_model: READ_MODEL });
    for (const kind of ['missing', 'stale', 'extra'] as const)
      if (report[kind] > 0) reconciliationRepaired.inc({ read_model: READ_MODEL, kind }, report[kind]);
    const drift = report.missing + report.stale + report.extra;
    if (drift > 0)
      this.logger.warn(
        { readModel: READ_MODEL, ...report },
        `reconciliation: search index repaired ${drift} companies (${report.missing} missing, ${report.stale} stale, ${report.extra} extra)`,
      );
    else this.logger.info({ readModel: READ_MODEL, ...report }, 'reconciliation: search index matches the store');
    return report;
  }

  /**
   * Indexes each company as the store holds it now, or removes it when it is gone. Re-read after the
   * write: an event's sync of a newer version may have landed in between, and must win.
   */
  private async repair(ids: string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += REBUILD_BATCH) {
      const chunk = ids.slice(i, i + REBUILD_BATCH);
      const current = await this.companies.findByIds(chunk);
      const written = new Map(current.map((c) => [c._id, c.version]));
      await this.index.upsert(current.map(toSearchDocument));
      await this.index.remove(chunk.filter((id) => !written.has(id)));
      for (const id of chunk) this.json?.forget(id);
      const moved = (await this.companies.findByIds([...written.keys()])).filter((c) => c.version !== written.get(c._id));
      await this.index.upsert(moved.map(toSearchDocument));
    }
  }
}
