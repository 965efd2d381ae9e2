import type { CompanyDoc } from '../domain/company.js';
import { toPublicCompany } from '../domain/company-view.js';

/**
 * Each company's public JSON, serialised once and kept beside the in-process search index, so a
 * search page is assembled from strings: no store read and no re-serialisation of 15 companies per
 * uncached search. Filled on first use; the search projection forgets a company whenever it
 * re-indexes it (the same company events), so an entry is never older than the index.
 *
 * Only for an index that lives in this process (its projection sees every company event); with a
 * shared index (Elasticsearch) another instance may apply an event, so pages read the store.
 */
export class CompanyJsonCache {
  private readonly json = new Map<string, string>();
  /** Bumped by every forget: a fill that read the store before it is not kept (it may be older). */
  private epoch = 0;

  /** The JSON of the companies with these ids, in order; `load` reads the ones not kept yet. */
  async many(ids: string[], load: (ids: string[]) => Promise<CompanyDoc[]>): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const missing: string[] = [];
    for (const id of ids) {
      const json = this.json.get(id);
      if (json === undefined) missing.push(id);
      else out.set(id, json);
    }
    if (missing.length > 0) {
      const epoch = this.epoch;
      for (const doc of await load(missing)) {
        const json = JSON.stringify(toPublicCompany(doc));
        out.set(doc._id, json);
        if (epoch === this.epoch) this.json.set(doc._id, json);
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
