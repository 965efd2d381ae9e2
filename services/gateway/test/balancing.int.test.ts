import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, createLogger, loadConfig, MemoryRateLimiter } from '@limo/platform';
import { createGateway } from '../src/app.js';

const JWT_SECRET = 'x'.repeat(40);

/** A stand-in directory instance answering which one it is, on `port` ('0': any free port). */
async function listen(name: string, port: string, routes?: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify();
  app.get('/api/companies', async () => ({ instance: name }));
  app.get('/healthz', async () => ({ status: 'ok', service: 'directory' }));
  routes?.(app);
  await app.listen({ host: '127.0.0.1', port: Number(port) });
  return app;
}

/** A gateway whose directory is the instances at `urls`. */
async function gatewayFor(urls: string[]): Promise<FastifyInstance> {
  const config = loadConfig({
    JWT_SECRET,
    DATA_DIR: '/tmp/limo-balancing-test',
    DIRECTORY_URL: ` ${urls[0]}/, ${urls.slice(1).join(', ')} `,
  });
  expect(config.serviceUpstreams.directory).toEqual(urls);
  expect(config.serviceUrls.directory).toBe(urls[0]);
  return createGateway({
    config,
    logger: createLogger('silent'),
    limiter: new MemoryRateLimiter(),
    settings: { RATE_LIMIT_PER_MINUTE: 100_000 },
  });
}

describe('DIRECTORY_URL with several instances', () => {
  const instances: FastifyInstance[] = [];
  let gateway: FastifyInstance;
  let gatewayUrl: string;

  let urls: string[] = [];

  beforeAll(async () => {
    for (const name of ['directory-a', 'directory-b']) instances.push(await listen(name, '0'));
    urls = instances.map((app) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    gateway = await gatewayFor(urls);
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all(instances.map((app) => app.close()));
  });

  it('spreads requests over every listed instance', async () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < 40; i++) {
      const body = (await (await fetch(`${gatewayUrl}/api/companies`)).json()) as { instance: string };
      seen.set(body.instance, (seen.get(body.instance) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual(['directory-a', 'directory-b']);
    for (const count of seen.values()) expect(count).toBeGreaterThanOrEqual(5);
  });

  it('answers every GET from the instance left when one is down, and /healthz lists both with their states', async () => {
    await instances[1].close();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${gatewayUrl}/api/companies`);
      statuses.push(res.status);
      if (res.ok) expect(((await res.json()) as { instance: string }).instance).toBe('directory-a');
      else await res.arrayBuffer();
    }
    // Issue 23 #3: the refused request is retried on the other instance, and the dead one leaves the pool.
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // Issue 23 #4: every instance, not only the first address; the service is up while one answers.
    const health = await fetch(`${gatewayUrl}/healthz`);
    const body = (await health.json()) as {
      services: { directory: { status: string; instances: Array<{ url: string; status: string }> } };
    };
    expect(body.services.directory.status).toBe('up');
    expect(body.services.directory.instances.map(({ url, status }) => ({ url, status }))).toEqual([
      { url: urls[0], status: 'up' },
      { url: urls[1], status: 'down' },
    ]);
  });

  it('puts an instance back in rotation once its health check answers again', async () => {
    instances[1] = await listen('directory-b', new URL(urls[1]).port);
    await expect
      .poll(async () => ((await (await fetch(`${gatewayUrl}/api/companies`)).json()) as { instance: string }).instance, { timeout: 5_000 })
      .toBe('directory-b');
    const body = (await (await fetch(`${gatewayUrl}/healthz`)).json()) as {
      services: { directory: { instances: Array<{ status: string }> } };
    };
    expect(body.services.directory.instances.map((instance) => instance.status)).toEqual(['up', 'up']);
  });

  it('retries a GET whose instance dropped the connection under it, never a POST', async () => {
    const posts = new Map<string, number>();
    const dropping = await listen('directory-c', '0', (app) => {
      app.get('/api/companies/drop', async (request) => request.raw.socket.destroy());
      app.post('/api/companies/drop', async (request) => {
        posts.set('directory-c', (posts.get('directory-c') ?? 0) + 1);
        request.raw.socket.destroy();
      });
    });
    const steady = await listen('directory-d', '0', (app) => {
      app.get('/api/companies/drop', async () => ({ instance: 'directory-d' }));
      app.post('/api/companies/drop', async () => {
        posts.set('directory-d', (posts.get('directory-d') ?? 0) + 1);
        return { instance: 'directory-d' };
      });
    });
    const pair = [dropping, steady].map((app) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    // One gateway each, so both start with both instances in rotation.
    const [getting, posting] = await Promise.all([gatewayFor(pair), gatewayFor(pair)]);
    try {
      for (let i = 0; i < 6; i++) expect((await getting.inject({ method: 'GET', url: '/api/companies/drop' })).statusCode).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await posting.inject({ method: 'POST', url: '/api/companies/drop', payload: {} })).statusCode);
      // The POST the dropping instance took answers 502 and is not sent again: each POST reached one instance once.
      expect(statuses).toContain(502);
      expect(posts.get('directory-c')).toBe(1);
      expect(statuses.length).toBe((posts.get('directory-c') ?? 0) + (posts.get('directory-d') ?? 0));
    } finally {
      await Promise.all([getting.close(), posting.close()]);
      await Promise.all([dropping.close(), steady.close()]);
    }
  });

  it('refuses a list with something that is not a URL, naming the variable', () => {
    expect(() => loadConfig({ JWT_SECRET, DIRECTORY_URL: 'http://127.0.0.1:4002,not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET, DIRECTORY_URL: 'http://127.0.0.1:4002,not a url' })).toThrow(/DIRECTORY_URL/);
  });
});
