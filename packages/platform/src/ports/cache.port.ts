/** A shared key-value cache with TTLs; values are JSON-serialisable. */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  /**
   * Sets the key only if it holds nothing: atomically, so of many concurrent adds of a key exactly one
   * is true (a claim, e.g. of an event being recorded), the others false.
   */
  add(key: string, value: unknown, ttlMs: number): Promise<boolean>;
  /**
   * A text value exactly as it was set, never parsed: for an answer kept already serialised (a page
   * of JSON sent as it is), which `set` would escape into a JSON string and `get` parse back. A key
   * holds either a JSON value (`get`/`set`) or a text (`getText`/`setText`).
   */
  getText(key: string): Promise<string | undefined>;
  setText(key: string, text: string, ttlMs: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Atomically increments an integer counter (created at 0) and returns the new value. */
  incr(key: string): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits left in the current window (0 when refused). */
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
  /** The window's count with this hit (refused hits count too): a hit of `cost` N tells how many of its N fit. */
  count: number;
}

/** Fixed-window counter per key, shared by every instance of a service. */
export interface RateLimiter {
  /**
   * Counts one hit (or `cost` hits: an expensive request weighs more) for `key` and says whether the
   * count is within `limit` per `windowMs`.
   */
  hit(key: string, limit: number, windowMs: number, cost?: number): Promise<RateLimitResult>;
  /** Forgets the key's count (e.g. after a successful login). */
  reset(key: string): Promise<void>;
}
