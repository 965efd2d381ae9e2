import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, createLogger, loadConfig, MemoryRateLimiter, serviceNames, type Config, type ServiceName } from '@limo/platform';
import { expectOverloadRefusal, expectShedding } from '@limo/platform/testing';
import { createGateway } from '../src/app.js';
import { requestCost } from '../src/expensive-routes.js';

// Issue 22, defect 2: one client's 200 concurrent 2.1 MB answers froze every other request.
const upstreams: FastifyInstance[] = [];
const urls = {} as Record<ServiceName, string>;
/** The Accept-Encoding each proxied request reached the service with. */
const seenEncodings: Array<string | undefined> = [];
const big = {
  items: Array.from({ length: 300 }, (_, i) => ({ id: `c${i}`, name: `Company ${i}`, city: 'Miami', state: 'FL' })),
  total: 300,
};
const small = [{ id: 'c1', name: 'Small Limo' }];
/** While set, the services' claim search waits for it: requests that stay running. */
let held: Promise<void> | undefined;
/** Expensive requests the fake service holds right now. */
let waiting = 0;

beforeAll(async () => {
  for (const name of serviceNames) {
    const app = Fastify();
    app.addHook('onRequest', async (request) => {
      seenEncodings.push(request.headers['accept-encoding']);
    });
    app.get('/api/all-companies', async () => {
      waiting++;
      try {
        await held;
      } finally {
        waiting--;
      }
      return big;
    });
    app.get('/api/companies', async () => small);
    // An answer a service already encoded goes out as it is, not encoded twice.
    app.get('/api/geo/cities', async (_request, reply) =>
      reply
        .header('content-encoding', 'gzip')
        .type('application/json')
        .send(gzipSync(JSON.stringify(big))),
    );
    app.get('/healthz', async () => ({ status: 'ok' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    upstreams.push(app);
    urls[name] = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  }
});
afterAll(async () => {
  await Promise.all(upstreams.map((u) => u.close()));
});

async function gatewayWith(
  env: Record<string, string>,
  settings: { EXPENSIVE_RATE_LIMIT_PER_MINUTE?: number; EXPENSIVE_CONCURRENCY_PER_ADDRESS?: number } = {},
) {
  const config: Config = { ...loadConfig({ DATA_DIR: '/tmp/limo-overload-test', JWT_SECRET: 'x'.repeat(40), ...env }), serviceUrls: urls };
  return createGateway({
    config,
    logger: createLogger('silent'),
    limiter: new MemoryRateLimiter(),
    settings: { RATE_LIMIT_PER_MINUTE: 600, ...settings },
  });
}

describe('compressed answers through the gateway', () => {
  let gateway: FastifyInstance;
  beforeAll(async () => {
    gateway = await gatewayWith({});
  });
  afterAll(() => gateway.close());

  it('sends an answer of 1 KB or more gzip or brotli, as the client accepts, decoding to the same JSON', async () => {
    const plain = await gateway.inject({ method: 'GET', url: '/api/all-companies?limit=100' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);

    seenEncodings.length = 0;
    const gzip = await gateway.inject({ method: 'GET', url: '/api/all-companies?limit=100', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(big);
    // The service answered plain: the gateway alone encodes.
    expect(seenEncodings).toEqual([undefined]);

    const br = await gateway.inject({ method: 'GET', url: '/api/all-companies', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(big);
  });

  it('sends an answer under 1 KB as it is', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/companies?limit=1', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual(small);
  });

  it('never encodes an answer twice', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/geo/cities?q=mia', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(big);
  });
});

describe('the cost-aware limit of expensive requests', () => {
  it('weighs the claim search, large search pages and the export; the rest is free', () => {
    expect(requestCost('GET', '/api/all-companies')).toBe(1);
    expect(requestCost('GET', '/api/all-companies?search=mia&limit=100')).toBe(4);
    expect(requestCost('GET', '/api/all-companies?limit=abc')).toBe(4);
    expect(requestCost('GET', '/api/companies?location=Miami&limit=15')).toBe(0);
    expect(requestCost('GET', '/api/companies?limit=100')).toBe(4);
    expect(requestCost('GET', '/api/companies/42')).toBe(0);
    expect(requestCost('GET', '/api/admin/export-companies')).toBe(10);
    expect(requestCost('POST', '/api/all-companies')).toBe(0);
  });

  it('refuses an address past its budget with 429 and Retry-After, within the general limit, and only that address', async () => {
    const gateway = await gatewayWith({}, { EXPENSIVE_RATE_LIMIT_PER_MINUTE: 20 });
    try {
      const address = '198.51.100.20';
      const heavy = () => gateway.inject({ method: 'GET', url: '/api/all-companies?limit=100', remoteAddress: address });
      for (let i = 0; i < 5; i++) expect((await heavy()).statusCode).toBe(200);
      const refused = await heavy();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toEqual({ message: 'Too many large searches. Please wait a moment and try again.' });
      // Cheap requests of the same address, and another address's expensive ones, still pass.
      expect((await gateway.inject({ method: 'GET', url: '/api/companies?limit=1', remoteAddress: address })).statusCode).toBe(200);
      expect((await gateway.inject({ method: 'GET', url: '/api/all-companies', remoteAddress: '198.51.100.21' })).statusCode).toBe(200);
    } finally {
      await gateway.close();
    }
  });

  it('allows a fifth of the general limit by default', async () => {
    const gateway = await gatewayWith({});
    try {
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) {
        codes.push(
          (await gateway.inject({ method: 'GET', url: '/api/all-companies?limit=100', remoteAddress: '198.51.100.30' })).statusCode,
        );
      }
      // 600 a minute: 120 units, 30 requests of 4.
      expect(codes.filter((c) => c === 200)).toHaveLength(30);
      expect(codes.at(-1)).toBe(429);
    } finally {
      await gateway.close();
    }
  });
});

describe('expensive requests running at once', () => {
  it('refuses an address its fifth running at once with 429 at once, lets other addresses and cheap requests by, and frees a place when one ends', async () => {
    const gateway = await gatewayWith({}, { EXPENSIVE_CONCURRENCY_PER_ADDRESS: 4 });
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    try {
      const address = '198.51.100.40';
      const heavy = (remoteAddress = address) => gateway.inject({ method: 'GET', url: '/api/all-companies', remoteAddress });
      const running = Array.from({ length: 4 }, () => heavy());
      // The four reach the service and wait there; the fifth is answered without waiting for them.
      await expect.poll(() => waiting).toBe(4);
      const refused = await heavy();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toEqual({ message: 'Too many large searches at once. Please wait for the ones running to finish.' });
      // The same address's cheap requests, and another address's expensive one, are not held back.
      expect((await gateway.inject({ method: 'GET', url: '/api/companies?limit=1', remoteAddress: address })).statusCode).toBe(200);
      const other = heavy('198.51.100.41');
      release();
      expect((await Promise.all(running)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect((await other).statusCode).toBe(200);
      // All four ended: the address may run expensive requests again.
      expect((await heavy()).statusCode).toBe(200);
    } finally {
      release();
      held = undefined;
      await gateway.close();
    }
  });

  it('frees the place of a request its client abandoned', async () => {
    const gateway = await gatewayWith({}, { EXPENSIVE_CONCURRENCY_PER_ADDRESS: 1 });
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(gateway.server.address() as { port: number }).port}/api/all-companies`;
    try {
      const abandoned = new AbortController();
      const first = fetch(url, { signal: abandoned.signal }).catch(() => undefined);
      await expect.poll(() => waiting).toBe(1);
      expect((await fetch(url)).status).toBe(429);
      abandoned.abort();
      await first;
      await expect.poll(async () => (await fetch(url, { signal: AbortSignal.timeout(200) }).catch(() => undefined))?.status).not.toBe(429);
    } finally {
      release();
      held = undefined;
      // fetch keeps its connections open for a while: closing waits for none of them.
      gateway.server.closeAllConnections();
      await gateway.close();
    }
  });
});

describe('load shedding', () => {
  it('answers 503 with Retry-After and the error shape past the heap threshold; /healthz still answers and says so', async () => {
    const gateway = await gatewayWith({
      OVERLOAD_MAX_HEAP_USED_MB: '1',
      OVERLOAD_SAMPLE_INTERVAL_MS: '20',
      OVERLOAD_RETRY_AFTER_SECONDS: '7',
    });
    try {
      expect(await expectShedding(gateway, '/api/companies?limit=1', '7')).toMatchObject({
        status: 'ok',
        gateway: 'up',
        underPressure: true,
      });
    } finally {
      await gateway.close();
    }
  });

  it('answers 503 while the event loop stays late past the delay threshold, and not for one long job', async () => {
    const gateway = await gatewayWith({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '50', OVERLOAD_SAMPLE_INTERVAL_MS: '200' });
    const busy = (ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        // A handler hogging the one event loop.
      }
    };
    const probe = async () => (await gateway.inject({ method: 'GET', url: '/api/companies?limit=1' })).statusCode;
    try {
      expect(await probe()).toBe(200);
      // One long job: a single late sample, then the loop is free again. Nothing is refused.
      busy(1_500);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await probe()).toBe(200);
      // Overloaded: 150 ms of work after every other turn of the loop, for over a second.
      const until = Date.now() + 1_200;
      while (Date.now() < until) {
        busy(150);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expectOverloadRefusal(await gateway.inject({ method: 'GET', url: '/api/companies?limit=1' }), '5');
      await expect.poll(probe, { timeout: 5_000, interval: 50 }).toBe(200);
    } finally {
      await gateway.close();
    }
  });

  it('refuses a bad threshold at start-up, naming the variable', () => {
    for (const [name, value] of [
      ['OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', '-1'],
      ['OVERLOAD_MAX_HEAP_USED_MB', 'lots'],
      ['OVERLOAD_SAMPLE_INTERVAL_MS', '1'],
      ['OVERLOAD_RETRY_AFTER_SECONDS', '0'],
    ]) {
      expect(() => loadConfig({ DATA_DIR: '/tmp/limo-overload-test', JWT_SECRET: 'x'.repeat(40), [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: '/tmp/limo-overload-test', JWT_SECRET: 'x'.repeat(40), [name]: value })).toThrow(name);
    }
  });
});
