import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClientClosed, loadConfig, MemoryRateLimiter, metricValue, serviceNames, type ServiceName } from '@limo/platform';
import { abandonRequest, waitFor } from '@limo/platform/testing';
import { createGateway } from '../src/app.js';

// Issue 22, defect 7d: a client closing the connection mid-upload was logged as the gateway's 500.
const lines: Array<{ level: number; msg: string; statusCode?: number }> = [];
let upstream: FastifyInstance;
let gateway: FastifyInstance;
beforeAll(async () => {
  upstream = Fastify();
  upstream.post('/api/login', async () => ({ ok: true }));
  const url = await upstream.listen({ host: '127.0.0.1', port: 0 });
  const serviceUrls = Object.fromEntries(serviceNames.map((name) => [name, url])) as Record<ServiceName, string>;
  gateway = await createGateway({
    config: { ...loadConfig({ DATA_DIR: '/tmp/limo-gateway-closed', JWT_SECRET: 'c'.repeat(40) }), serviceUrls },
    logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }),
    limiter: new MemoryRateLimiter(),
    settings: { RATE_LIMIT_PER_MINUTE: 100 },
  });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

describe('a client closing the connection mid-request', () => {
  it('is logged as 499 and counted apart, not as a failure of ours', async () => {
    const before = await metricValue(httpClientClosed, { service: 'gateway' });
    await abandonRequest(
      (gateway.server.address() as { port: number }).port,
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
    );
    await waitFor(async () => (await metricValue(httpClientClosed, { service: 'gateway' })) === before + 1, 3000, 'the abort counted');
    expect(lines.some((l) => l.msg === 'client closed the request' && l.statusCode === 499)).toBe(true);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
