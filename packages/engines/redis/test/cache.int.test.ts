import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { describeCacheContract, describeWithEngine } from '@limo/platform/testing';
import { RedisCache, createRedisCacheAndLimiter } from '../src/redis.cache.js';

describeWithEngine('Cache contract: redis', 'REDIS_URL', (url) => {
  describeCacheContract('ioredis', async () => {
    const keyPrefix = `limo-test:${randomUUID()}:`;
    const { cache, limiter } = await createRedisCacheAndLimiter({ url, keyPrefix });
    const close = async (): Promise<void> => {
      await cache.close();
      await deleteKeys(url, keyPrefix);
    };
    return { cache, limiter, close };
  });
});

describe('RedisCache.create', () => {
  it('fails fast with a clear message when nothing listens at the URL', async () => {
    const started = Date.now();
    await expect(RedisCache.create({ url: 'redis://127.0.0.1:1' })).rejects.toThrow(/^Redis unreachable at redis:\/\/127\.0\.0\.1:1: /);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

/** Removes every key a run left behind (counters have no TTL), on a connection without the prefix. */
async function deleteKeys(url: string, keyPrefix: string): Promise<void> {
  const admin = new Redis(url);
  try {
    for await (const keys of admin.scanStream({ match: `${keyPrefix}*`, count: 500 })) {
      if ((keys as string[]).length > 0) await admin.del(...(keys as string[]));
    }
  } finally {
    await admin.quit();
  }
}
