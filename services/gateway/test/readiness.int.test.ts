import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig, MemoryRateLimiter, serviceNames } from '@limo/platform';
import { createGateway } from '../src/app.js';

/** A service instance whose /readyz answers as `state.ready` says. */
async function instance(state: { ready: boolean }): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  app.get('/readyz', async (_request, reply) =>
    state.ready ? { status: 'ready' } : reply.code(503).send({ message: 'Not ready: redis (cache) is not answering (connection refused)' }),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

describe('the gateway /readyz', () => {
  const apps: FastifyInstance[] = [];
  const directoryA = { ready: true };
  const directoryB = { ready: true };
  let gateway: FastifyInstance;
  const env: Record<string, string> = {};

  beforeAll(async () => {
    Object.assign(env, { JWT_SECRET: 'r'.repeat(40), DATA_DIR: '/tmp/limo-gateway-readiness' });
    for (const name of serviceNames) {
      const urls: string[] = [];
      for (const state of name === 'directory' ? [directoryA, directoryB] : [{ ready: true }]) {
        const { app, url } = await instance(state);
        apps.push(app);
        urls.push(url);
      }
      env[`${name.toUpperCase()}_URL`] = urls.join(',');
    }
    gateway = await createGateway({
      config: loadConfig(env),
      logger: createLogger('silent'),
      limiter: new MemoryRateLimiter(),
      settings: { RATE_LIMIT_PER_MINUTE: 100_000 },
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await Promise.all(apps.map((app) => app.close()));
  });

  it('is ready when every instance of every service is, and lists each instance', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready' });
    expect(res.json().services.directory).toHaveLength(2);
    for (const name of serviceNames) expect(res.json().services[name].every((i: { status: string }) => i.status === 'ready')).toBe(true);
  });

  it('stays ready (degraded) with one directory instance unready, and names it', async () => {
    directoryB.ready = false;
    const res = await gateway.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('degraded');
    expect(res.json().services.directory.map((i: { status: string }) => i.status)).toEqual(['ready', 'unready']);
    expect(res.json().services.directory[1].error).toContain('redis');
  });

  it('answers 503 naming the service when none of its instances is ready', async () => {
    directoryA.ready = false;
    directoryB.ready = false;
    const res = await gateway.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().status).toBe('unready');
    expect(res.json().message).toMatch(/^Not ready: directory has no ready instance/);
    expect(res.json().message).toContain('redis');
    directoryA.ready = true;
    expect((await gateway.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers 503 when its own engine does not answer', async () => {
    const own = await createGateway({
      config: loadConfig(env),
      logger: createLogger('silent'),
      limiter: new MemoryRateLimiter(),
      settings: { RATE_LIMIT_PER_MINUTE: 100_000 },
      readiness: [{ kind: 'cache', engine: 'redis', ping: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1')) }],
    });
    try {
      const res = await own.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain('redis (cache) is not answering (connect ECONNREFUSED 127.0.0.1:1)');
    } finally {
      await own.close();
    }
  });
});
