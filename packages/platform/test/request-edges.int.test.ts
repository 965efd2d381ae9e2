import { setTimeout as delay } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MemoryCache } from '../src/adapters/memory.cache.js';
import { loadConfig } from '../src/config/config.js';
import { createServiceApp } from '../src/fastify/service-app.js';
import { httpClientClosed, metricValue } from '../src/metrics/metrics.js';
import { abandonRequest, waitFor } from './support/index.js';

const lines: Array<{ level: number; msg: string; statusCode?: number; res?: { statusCode?: number } }> = [];
let app: FastifyInstance;
beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const config = loadConfig({ DATA_DIR: '/tmp/limo-request-edges-test', JWT_SECRET: 'e'.repeat(40) });
  app = await createServiceApp({ name: 'edges', config, logger, cache: new MemoryCache() });
  app.get('/api/id', async (request) => ({ id: request.id }));
  app.get('/api/slow-failure', async () => {
    await delay(300);
    throw new Error('failed after the client left');
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => app.close());

describe('a service request', () => {
  // Issue 22, defect 7e: a caller's X-Request-Id was adopted as it came.
  it('keeps a safe X-Request-Id and replaces any other with a new uuid', async () => {
    const safe = await app.inject({ method: 'GET', url: '/api/id', headers: { 'x-request-id': 'abc-1:2.3_4' } });
    expect(safe.json().id).toBe('abc-1:2.3_4');
    for (const id of ['a b', '<x>', 'y'.repeat(65), '']) {
      const res = await app.inject({ method: 'GET', url: '/api/id', headers: { 'x-request-id': id } });
      expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['x-request-id']).toBe(res.json().id);
    }
  });

  // Issue 22, defect 7d: a client going away was logged as our 500.
  it('logs a request its client gave up on as 499, counted apart, not as a failure', async () => {
    const before = await metricValue(httpClientClosed, { service: 'edges' });
    await abandonRequest((app.server.address() as { port: number }).port, 'GET /api/slow-failure HTTP/1.1\r\nHost: x\r\n\r\n');
    await waitFor(async () => (await metricValue(httpClientClosed, { service: 'edges' })) === before + 1, 3000, 'the abort counted');
    expect(lines.some((l) => l.msg === 'client closed the request' && l.statusCode === 499)).toBe(true);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
