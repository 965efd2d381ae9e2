import { setTimeout as delay } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { HttpError } from './errors.js';
import type { Cache } from './ports/cache.port.js';

export interface OptimisticRetryOptions {
  /** Attempts before giving up. Default 10. */
  attempts?: number;
  /** First backoff in ms, doubled each attempt, jittered ±50 %, capped at `maxDelayMs`. Default 5. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The 409's message when every attempt lost the race. */
  conflictMessage?: string;
}

/** What `attempt` answers when another writer got in first: try again after a backoff. */
export const LOST_RACE = Symbol('lost-race');

/**
 * Runs an optimistic-concurrency write (`attempt` re-reads, writes conditionally on the version it
 * read, and answers LOST_RACE when another write got in between) with jittered exponential backoff,
 * so concurrent writers spread out instead of colliding again. Past the last attempt it throws a 409
 * with a clear message, never a bare Error (a 500).
 */
export async function retryOptimistic<T>(attempt: () => Promise<T | typeof LOST_RACE>, options: OptimisticRetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 10;
  const base = options.baseDelayMs ?? 5;
  const max = options.maxDelayMs ?? 250;
  for (let n = 0; n < attempts; n++) {
    const result = await attempt();
    if (result !== LOST_RACE) return result;
    if (n < attempts - 1) await delay(Math.min(max, base * 2 ** n) * (0.5 + Math.random()));
  }
  throw new HttpError(409, options.conflictMessage ?? 'This record is being changed by someone else right now. Please try again.');
}

/** Runs `work` over `items`, at most `limit` at a time, in their order. */
export async function inParallel<T>(limit: number, items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

export interface ReadSoonOptions {
  /** How long to keep asking after the first miss, in ms. */
  withinMs: number;
  /** Pause between two reads, in ms. Default 100. */
  everyMs?: number;
}

/**
 * Reads a read-model that an event on its way may be about to fill (a company listed a moment ago):
 * `read` is asked again every `everyMs` until it answers something other than null or `withinMs`
 * passed; then its last answer (null) is returned. One read when `withinMs` is 0.
 */
export async function readSoon<T>(read: () => Promise<T | null>, options: ReadSoonOptions): Promise<T | null> {
  const deadline = performance.now() + options.withinMs;
  for (;;) {
    const found = await read();
    const left = deadline - performance.now();
    if (found !== null || left <= 0) return found;
    await delay(Math.min(options.everyMs ?? 100, left));
  }
}

export interface ExclusiveOptions {
  /** How long a holder keeps the key at the most: a crashed holder's claim runs out after it. */
  ttlMs: number;
  /** How long to wait for another holder to finish before the 409; 0 (the default): at once. */
  waitMs?: number;
  /** The 409's message when another holder keeps the key. */
  conflictMessage: string;
}

/**
 * Runs `work` while holding `key` in the shared cache (every replica's): one holder at a time, e.g.
 * two admins deciding one request, a payer's double click on "Pay". Another holder means waiting up
 * to `waitMs`, then a 409. The key goes when `work` ends (only if still this holder's).
 */
export async function exclusively<T>(
  cache: Pick<Cache, 'add' | 'get' | 'del'>,
  key: string,
  options: ExclusiveOptions,
  work: () => Promise<T>,
): Promise<T> {
  const holder = randomUUID();
  const deadline = performance.now() + (options.waitMs ?? 0);
  while (!(await cache.add(key, holder, options.ttlMs))) {
    if (performance.now() >= deadline) throw new HttpError(409, options.conflictMessage);
    await delay(25);
  }
  try {
    return await work();
  } finally {
    if ((await cache.get<string>(key).catch(() => undefined)) === holder) await cache.del(key).catch(() => undefined);
  }
}
