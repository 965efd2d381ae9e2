import type { Cache } from '@limo/platform';

const VERSION_KEY = 'directory:search-version';

/** A page of answers as the route sends it: its JSON text, and the total of matches. */
export interface CachedPage {
  json: string;
  total: number;
}
/** Public-side §7: the company list is fresh for 30 seconds. */
const SEARCH_TTL_MS = 30_000;

/**
 * Cached search answers, keyed by a version number every company or review change bumps: a write
 * makes every cached answer unreachable at once (they expire on their own), on every instance that
 * shares the cache.
 */
export class SearchCache {
  /** In-process values of `shared()`, each with the version and time it was computed for. */
  private readonly local = new Map<string, { version: number; expiresAt: number; value: Promise<unknown> }>();

  constructor(private readonly cache: Cache) {}

  private async version(): Promise<number> {
    return Number((await this.cache.get<number | string>(VERSION_KEY)) ?? 0);
  }

  /** Makes every cached answer stale. */
  async invalidate(): Promise<void> {
    await this.cache.incr(VERSION_KEY);
  }

  /** The cached answer for (`scope`, `params`) of the current version, or `compute()`'s, cached 30 s. */
  async getOrCompute<T>(scope: string, params: unknown, compute: () => Promise<T>): Promise<T> {
    const key = await this.key(scope, params);
    const hit = await this.cache.get<T>(key);
    if (hit !== undefined) return hit;
    const value = await compute();
    await this.cache.set(key, value, SEARCH_TTL_MS);
    return value;
  }

  /**
   * As `getOrCompute`, for a page already serialised and its total: kept as the text
   * `<total>\n<json>`, so neither a miss nor a hit copies the page through JSON (as a JSON value it
   * would be escaped into a string on the way in and parsed back on the way out).
   */
  async getOrComputePage(scope: string, params: unknown, compute: () => Promise<CachedPage>): Promise<CachedPage> {
    const key = await this.key(scope, params);
    const hit = await this.cache.getText(key);
    const newline = hit === undefined ? -1 : hit.indexOf('\n');
    if (hit !== undefined && newline > 0) return { total: Number(hit.slice(0, newline)), json: hit.slice(newline + 1) };
    const page = await compute();
    await this.cache.setText(key, `${page.total}\n${page.json}`, SEARCH_TTL_MS);
    return page;
  }

  private async key(scope: string, params: unknown): Promise<string> {
    return `directory:${scope}:v${await this.version()}:${JSON.stringify(params)}`;
  }

  /**
   * A large working set (e.g. every company, slimmed) kept in this process for the current version,
   * at most SEARCH_TTL_MS: never copied through the cache on a hit, computed once however many
   * requests miss it at the same time (they share the one computation).
   */
  async shared<T>(scope: string, compute: () => Promise<T>): Promise<T> {
    const version = await this.version();
    const kept = this.local.get(scope);
    if (kept && kept.version === version && kept.expiresAt > Date.now()) return kept.value as Promise<T>;
    const value = compute();
    this.local.set(scope, { version, expiresAt: Date.now() + SEARCH_TTL_MS, value });
    // A failed computation is not kept: the next request tries again.
    value.catch(() => {
      if (this.local.get(scope)?.value === value) this.local.delete(scope);
    });
    return value;
  }
}
