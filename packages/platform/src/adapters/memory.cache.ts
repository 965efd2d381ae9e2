import { LRUCache } from 'lru-cache';
import type { Cache, RateLimiter, RateLimitResult } from '../ports/cache.port.js';

/** Options of the in-process cache and rate limiter. */
export interface MemoryCacheOptions {
  /** Most entries kept; the least recently used go first. Default 50,000. */
  maxEntries?: number;
}

const DEFAULT_MAX_ENTRIES = 50_000;

/** Serialises a cache value, refusing what JSON cannot carry (as the Redis adapter must). */
export function toCacheJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('Cache values must be JSON-serialisable (got undefined or a function)');
  return json;
}

/** Checks a TTL before it reaches an engine, so both adapters refuse the same inputs. */
export function assertTtl(ttlMs: number): void {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new RangeError(`Cache TTL must be a positive number of ms, got ${ttlMs}`);
}

/** Checks a rate-limit window, which both adapters use as a TTL. */
export function assertWindow(windowMs: number): void {
  if (!Number.isSafeInteger(windowMs) || windowMs <= 0)
    throw new RangeError(`Rate-limit window must be a positive integer of ms, got ${windowMs}`);
}

/** Checks a rate-limit hit's weight: a positive whole number. */
export function assertCost(cost: number): void {
  if (!Number.isSafeInteger(cost) || cost < 1) throw new RangeError(`Rate-limit cost must be a positive integer, got ${cost}`);
}

/**
 * The embedded cache: an LRU of JSON strings with a TTL per entry. Values are stored serialised, so
 * neither the caller's object nor one returned by `get` can change what is cached, and `incr`
 * counters read back as numbers exactly as they do from Redis.
 */
export class MemoryCache implements Cache {
  private readonly entries: LRUCache<string, string>;

  constructor(options: MemoryCacheOptions = {}) {
    this.entries = new LRUCache<string, string>({ max: options.maxEntries ?? DEFAULT_MAX_ENTRIES });
  }

  /** Builds an empty cache. */
  static create(options: MemoryCacheOptions = {}): MemoryCache {
    return new MemoryCache(options);
  }

  async get<T>(key: string): Promise<T | undefined> {
    const json = this.entries.get(key);
    return json === undefined ? undefined : (JSON.parse(json) as T);
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    assertTtl(ttlMs);
    this.entries.set(key, toCacheJson(value), { ttl: Math.ceil(ttlMs) });
  }

  async add(key: string, value: unknown, ttlMs: number): Promise<boolean> {
    assertTtl(ttlMs);
    const json = toCacheJson(value);
    if (this.entries.has(key)) return false;
    this.entries.set(key, json, { ttl: Math.ceil(ttlMs) });
    return true;
  }

  async getText(key: string): Promise<string | undefined> {
    return this.entries.get(key);
  }

  async setText(key: string, text: string, ttlMs: number): Promise<void> {
    assertTtl(ttlMs);
    this.entries.set(key, text, { ttl: Math.ceil(ttlMs) });
  }

  async del(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async incr(key: string): Promise<number> {
    const json = this.entries.get(key);
    const current: unknown = json === undefined ? 0 : JSON.parse(json);
    if (!Number.isSafeInteger(current)) throw new TypeError(`Cache key "${key}" does not hold an integer`);
    const next = (current as number) + 1;
    // Like Redis INCR: an existing counter keeps its remaining TTL, a new one has none.
    this.entries.set(key, String(next), { noUpdateTTL: true });
    return next;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.entries.clear();
  }
}

interface Window {
  count: number;
  /** `Date.now()` at which the window ends. */
  endsAt: number;
}

/**
 * The embedded fixed-window rate limiter. Each key's window lives in an LRU entry, so memory stays
 * bounded however many distinct keys (e.g. client IPs) are seen. A window knows its own end, so the
 * LRU keeps no TTL of its own (a quarter of the cost of a hit): an ended window found by a later hit
 * starts afresh, and ended windows nobody hits again are the least recently used, evicted first.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows: LRUCache<string, Window>;

  constructor(options: MemoryCacheOptions = {}) {
    this.windows = new LRUCache<string, Window>({ max: options.maxEntries ?? DEFAULT_MAX_ENTRIES });
  }

  /** Builds a limiter with no keys counted. */
  static create(options: MemoryCacheOptions = {}): MemoryRateLimiter {
    return new MemoryRateLimiter(options);
  }

  async hit(key: string, limit: number, windowMs: number, cost = 1): Promise<RateLimitResult> {
    assertWindow(windowMs);
    assertCost(cost);
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += cost;
    const allowed = window.count <= limit;
    return { allowed, remaining: allowed ? limit - window.count : 0, resetMs: window.endsAt - now, count: window.count };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }
}
