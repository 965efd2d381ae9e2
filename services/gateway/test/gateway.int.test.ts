import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig, MemoryRateLimiter, serviceNames, type ServiceName } from '@limo/platform';
import { createGateway } from '../src/app.js';
import { routesTable, serviceFor } from '../src/routes-table.js';

// Each fake service echoes who answered and the headers the gateway forwarded.
const upstreams: FastifyInstance[] = [];
let gateway: FastifyInstance;
let webDist: string;

beforeAll(async () => {
  const urls = {} as Record<ServiceName, string>;
  for (const name of serviceNames) {
    const app = Fastify();
    app.all('/*', async (request) => ({
      service: name,
      url: request.url,
      requestId: request.headers['x-request-id'],
      forwardedFor: request.headers['x-forwarded-for'],
    }));
    app.get('/healthz', async () => ({ status: 'ok' }));
    if (name === 'analytics') {
      urls[name] = 'http://127.0.0.1:1'; // down on purpose
      continue;
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    upstreams.push(app);
    urls[name] = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  }
  webDist = await mkdtemp(join(tmpdir(), 'limo-web-'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>LimoDirectory</title><div id="root"></div>');
  await writeFile(join(webDist, 'app.js'), 'console.log(1)');
  const config = { ...loadConfig({ DATA_DIR: webDist, JWT_SECRET: 'x'.repeat(40) }), serviceUrls: urls };
  gateway = await createGateway({
    config,
    logger: createLogger('silent'),
    limiter: new MemoryRateLimiter(),
    settings: { RATE_LIMIT_PER_MINUTE: 20 },
    webDist,
  });
});
afterAll(async () => {
  await gateway.close();
  await Promise.all(upstreams.map((u) => u.close()));
  await rm(webDist, { recursive: true, force: true });
});

let ip = 0;
const from = () => `192.0.2.${++ip}`;

describe('routes table', () => {
  it('sends each prefix and the paths below it to its service', async () => {
    const cases: Array<[string, ServiceName]> = [
      ['/api/login', 'identity'],
      ['/api/admin/stats', 'billing'],
      ['/api/admin/subscribers', 'billing'],
      ['/api/payments/simulator/confirm', 'billing'],
      ['/api/config/maps-key', 'billing'],
      ['/api/companies?location=Miami', 'directory'],
      ['/api/companies/42/reviews', 'directory'],
      ['/api/admin/companies-by-state', 'directory'],
      ['/api/admin/companies/7/suspend', 'directory'],
      ['/api/city-quote-requests', 'quotes'],
      ['/api/admin/quote-requests/9', 'quotes'],
      ['/api/webhooks/stripe', 'billing'],
      ['/api/my-companies', 'directory'],
    ];
    for (const [url, service] of cases) {
      expect(serviceFor(url)).toBe(service);
      const res = await gateway.inject({ method: 'GET', url, remoteAddress: from() });
      expect(res.json()).toMatchObject({ service, url });
    }
  });

  it('lists no prefix twice', () => {
    const all = Object.values(routesTable).flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it('answers 502 with a clear message when the service is down', async () => {
    for (const url of ['/api/analytics/track', '/api/admin/analytics/overview?days=7', '/api/my-companies/42/analytics?days=30']) {
      expect(serviceFor(url)).toBe('analytics');
      const res = await gateway.inject({ method: 'GET', url, remoteAddress: from() });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/analytics service is not answering/);
    }
  });
});

describe('request ids', () => {
  it('forwards the client id, or a new uuid, to the service and back', async () => {
    const given = await gateway.inject({ method: 'GET', url: '/api/me', headers: { 'x-request-id': 'abc-1' }, remoteAddress: from() });
    expect(given.headers['x-request-id']).toBe('abc-1');
    expect(given.json().requestId).toBe('abc-1');
    const made = await gateway.inject({ method: 'GET', url: '/api/me', remoteAddress: from() });
    expect(made.json().requestId).toBe(made.headers['x-request-id']);
  });

  // Issue 22, defect 7e: any X-Request-Id was adopted as it came, into logs and every service's headers.
  it('makes a new id when the client sends one that is not a short safe token', async () => {
    for (const id of ['a b', '"><script>', 'x'.repeat(65), 'a/b', 'id;drop']) {
      const res = await gateway.inject({ method: 'GET', url: '/api/me', headers: { 'x-request-id': id }, remoteAddress: from() });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.json().requestId).toBe(res.headers['x-request-id']);
    }
    const safe = 'trace:2026-01.a_b';
    expect(
      (await gateway.inject({ method: 'GET', url: '/api/me', headers: { 'x-request-id': safe }, remoteAddress: from() })).headers[
        'x-request-id'
      ],
    ).toBe(safe);
  });

  it('tells the service the real client address, not one the client claims', async () => {
    const res = await gateway.inject({
      method: 'GET',
      url: '/api/me',
      headers: { 'x-forwarded-for': '6.6.6.6' },
      remoteAddress: '198.51.100.7',
    });
    expect(res.json().forwardedFor).toBe('198.51.100.7');
  });
});

describe('rate limit per client IP', () => {
  it('refuses the 21st API request of a minute with 429, per address', async () => {
    const address = '203.0.113.9';
    for (let i = 0; i < 20; i++)
      expect((await gateway.inject({ method: 'GET', url: '/api/me', remoteAddress: address })).statusCode).toBe(200);
    const refused = await gateway.inject({ method: 'GET', url: '/api/me', remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await gateway.inject({ method: 'GET', url: '/api/me', remoteAddress: '203.0.113.10' })).statusCode).toBe(200);
  });
});

describe('health and the web app', () => {
  it('reports each service, and 503 when one is down', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body.status).toBe('degraded');
    expect(body.services.identity.status).toBe('up');
    expect(body.services.analytics.status).toBe('down');
  });

  it('serves the SPA for app routes and files as they are', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/company/123', 200],
      ['/request-city-quote', 200],
      ['/no/such/page', 404],
    ] as const) {
      const res = await gateway.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await gateway.inject({ method: 'GET', url: '/app.js' })).body).toContain('console.log');
    expect((await gateway.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
  });

  // Issue 22, defect 7c: these got Fastify's own { error, code, message, statusCode }.
  it('answers a path it cannot decode (overlong UTF-8 dots, a lone %) with 400 in the error shape', async () => {
    for (const url of ['/assets/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd', '/%', '/api/%c0%ae%c0%ae/x']) {
      const res = await gateway.inject({ method: 'GET', url, remoteAddress: from() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Bad request: the URL is not valid' });
    }
  });
});
