import type { Cache } from '@limo/platform';

const VERSION_KEY = 'directory:search-version';
/** Public-side §7: the company list is fresh for 30 seconds. */
export const SEARCH_TTL_MS = 30_000;

/**
 * Cached search answers, keyed by a version number every company or review change bumps: a write
 * makes every cached answer unreachable at once (they expire on their own), on every instance that
 * shares the cache.
 */
export class SearchCache {
  constructor(private readonly cache: Cache) {}

  /** Makes every cached answer stale. */
  async invalidate(): Promise<void> {
    await this.cache.incr(VERSION_KEY);
  }

  /** The cached answer for (`scope`, `params`) of the current version, or `compute()`'s, cached 30 s. */
  async getOrCompute<T>(scope: string, params: unknown, compute: () => Promise<T>): Promise<T> {
    const version = Number((await this.cache.get<number | string>(VERSION_KEY)) ?? 0);
    const key = `directory:${scope}:v${version}:${JSON.stringify(params)}`;
    const hit = await this.cache.get<T>(key);
    if (hit !== undefined) return hit;
    const value = await compute();
    await this.cache.set(key, value, SEARCH_TTL_MS);
    return value;
  }
}
