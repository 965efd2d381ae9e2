import type { EngineAdapters } from '@limo/platform';
import { createRedisCacheAndLimiter } from './redis.cache.js';

export * from './redis.cache.js';

/** The Redis engine, for a composition root's `EngineAdapters`: the cache and the rate limiter on one connection. */
export const redisEngine: Required<Pick<EngineAdapters, 'redis'>> = {
  redis: (options) => createRedisCacheAndLimiter(options),
};
