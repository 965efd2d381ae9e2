import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, createLogger, loadConfig, MemoryRateLimiter } from '@limo/platform';
import { createGateway } from '../src/app.js';

const JWT_SECRET = 'x'.repeat(40);

describe('DIRECTORY_URL with several instances', () => {
  const instances: FastifyInstance[] = [];
  let gateway: FastifyInstance;
  let gatewayUrl: string;

  beforeAll(async () => {
    const urls: string[] = [];
    for (const name of ['directory-a', 'directory-b']) {
      const app = Fastify();
      app.get('/api/companies', async () => ({ instance: name }));
      await app.listen({ host: '127.0.0.1', port: 0 });
      instances.push(app);
      urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
    const config = loadConfig({
      JWT_SECRET,
      DATA_DIR: '/tmp/limo-balancing-test',
      DIRECTORY_URL: ` ${urls[0]}/, ${urls[1]} `,
    });
    expect(config.serviceUpstreams.directory).toEqual(urls);
    expect(config.serviceUrls.directory).toBe(urls[0]);
    gateway = await createGateway({
      config,
      logger: createLogger('silent'),
      limiter: new MemoryRateLimiter(),
      settings: { RATE_LIMIT_PER_MINUTE: 100_000 },
    });
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

  it('steers away from an instance that is down (its failed requests answer 502, never hang)', async () => {
    await instances[1].close();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${gatewayUrl}/api/companies`);
      statuses.push(res.status);
      if (res.ok) expect(((await res.json()) as { instance: string }).instance).toBe('directory-a');
      else await res.arrayBuffer();
    }
    expect(statuses.every((s) => s === 200 || s === 502)).toBe(true);
    // undici's BalancedPool lowers the weight of an upstream that errors.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(30);
  });

  it('refuses a list with something that is not a URL, naming the variable', () => {
    expect(() => loadConfig({ JWT_SECRET, DIRECTORY_URL: 'http://127.0.0.1:4002,not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET, DIRECTORY_URL: 'http://127.0.0.1:4002,not a url' })).toThrow(/DIRECTORY_URL/);
  });
});
