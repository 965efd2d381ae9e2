import type { Cache } from '../../src/ports/cache.port.js';

/**
 * `cache` with every call a few milliseconds late (random, up to `maxMs`), as a networked cache's
 * calls are: concurrent callers' reads and writes interleave, so a check-then-act race shows.
 */
export function slowCache(cache: Cache, maxMs = 5): Cache {
  return new Proxy(cache, {
    get: (target, prop, receiver) => {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * maxMs));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
