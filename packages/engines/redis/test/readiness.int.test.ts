import { expect, it } from 'vitest';
import { buildService } from '@limo/platform';
import { createTestContext, describeWithEngine, readinessProbe, tcpProxy } from '@limo/platform/testing';
import { RedisCache } from '../src/redis.cache.js';

describeWithEngine('/readyz of a service whose Redis stopped', 'REDIS_URL', (redisUrl) => {
  it('answers 503 naming redis once Redis stops answering, while /healthz still answers', async () => {
    const proxy = await tcpProxy(new URL(redisUrl));
    const ctx = await createTestContext({ REDIS_URL: proxy.url });
    const cache = await RedisCache.create({ url: proxy.url, keyPrefix: 'limo-readyz-test:' });
    const service = await buildService(readinessProbe, { ...ctx, cache });
    try {
      const ready = await service.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json().engines).toContainEqual(expect.objectContaining({ kind: 'cache', engine: 'redis', status: 'up' }));

      await proxy.stop();
      const res = await service.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/^Not ready: redis \(cache\) is not answering/);
      expect(res.json().engines).toContainEqual(expect.objectContaining({ engine: 'redis', status: 'down' }));
      expect((await service.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await service.app.close();
      await cache.close();
      await ctx.close();
    }
  });
});
