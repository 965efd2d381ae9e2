import { MemoryCache, MemoryRateLimiter } from '../src/adapters/memory.cache.js';
import { describeCacheContract } from './contracts/cache.contract.js';

describeCacheContract('Cache contract: memory', async () => {
  const cache = MemoryCache.create();
  return { cache, limiter: MemoryRateLimiter.create(), close: () => cache.close() };
});
