import { companyRevision } from '@limo/company-search';
import type { CompanyDoc } from '../domain/company.js';
import { toPublicCompany } from '../domain/company-view.js';

/** A page's hit as the cache needs it: the company, and the copy of it the index holds when known. */
export interface JsonHit {
  id: string;
  /** See `SearchHit.revision`. */
  revision?: string;
}

/** Most companies a cache in revision mode keeps (the oldest kept goes first): ~1 KB each. */
const MAX_REVISIONED = 50_000;

/**
 * Each company's public JSON, serialised once and kept beside the search index, so a search page is
 * assembled from strings: no store read and no re-serialisation of 15 companies per uncached search.
 * Filled on first use. Two ways to stay current:
 *
 * - beside an index that lives in this process (the default): its projection sees every company
 *   event and forgets a company whenever it re-indexes it, so an entry is never older than the index;
 * - `{ revisions: true }`, beside a shared index (Elasticsearch), where another instance may apply
 *   an event: each entry is kept with the company's revision (version and update time) and is used
 *   only for a hit at the same revision, so a company the index holds at another copy than the one
 *   kept is read from the store again. A company the index holds at an older copy than the store is
 *   served as the store has it (as without the cache), and kept at the store's revision.
 */
export class CompanyJsonCache {
  private readonly json = new Map<string, { json: string; revision: string }>();
  /** Bumped by every forget: a fill that read the store before it is not kept (it may be older). */
  private epoch = 0;

  /** `now`: the clock the companies' badges are judged by (an insured badge ends with its insurance). */
  constructor(private readonly options: { revisions?: boolean; now?: () => Date } = {}) {}

  /** The JSON of the hits' companies by id; `load` reads the ones not kept (or kept at another revision). */
  async many(hits: readonly JsonHit[], load: (ids: string[]) => Promise<CompanyDoc[]>): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const missing: string[] = [];
    for (const hit of hits) {
      const kept = this.json.get(hit.id);
      if (kept !== undefined && (!this.options.revisions || (hit.revision !== undefined && kept.revision === hit.revision)))
        out.set(hit.id, kept.json);
      else missing.push(hit.id);
    }
    if (missing.length > 0) {
      const epoch = this.epoch;
      for (const doc of await load(missing)) {
        const json = JSON.stringify(toPublicCompany(doc, this.options.now?.()));
        out.set(doc._id, json);
        if (epoch === this.epoch) this.keep(doc._id, json, companyRevision(doc.version, doc.updatedAt));
      }
    }
    return out;
  }

  /** Drops a company's JSON (it changed or is gone). */
  forget(id: string): void {
    this.epoch++;
    this.json.delete(id);
  }

  /** Drops everything (the index was rebuilt). */
  clear(): void {
    this.epoch++;
    this.json.clear();
  }

  /** How many companies are kept. */
  get size(): number {
    return this.json.size;
  }

  private keep(id: string, json: string, revision: string): void {
    this.json.delete(id);
    this.json.set(id, { json, revision });
    // Beside a shared index the cache is not the only copy of the directory in memory: bounded.
    if (this.options.revisions && this.json.size > MAX_REVISIONED) {
      const oldest = this.json.keys().next();
      if (!oldest.done) this.json.delete(oldest.value);
    }
  }
}

/** The page body: the companies' JSON in hit order, each with its distance when the search had a place. */
export function pageJson(ids: string[], json: Map<string, string>, distances: Map<string, number | undefined>): string {
  const parts: string[] = [];
  for (const id of ids) {
    const company = json.get(id);
    if (company === undefined) continue;
    const miles = distances.get(id);
    // `{...}` + `,"distanceMiles":n}`: the same object toPublicCompany + distanceMiles would serialise to.
    parts.push(miles === undefined ? company : `${company.slice(0, -1)},"distanceMiles":${Math.round(miles * 10) / 10}}`);
  }
  return `[${parts.join(',')}]`;
}
