import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config.js';
import { UPSTREAM_IDLE_TIMEOUT_MS } from '../src/config/server-timeouts.js';
import { shortTimeoutService, slowClient, slowLoris, slowUpload } from './support/slow-client.js';

describe('server timeouts of a service', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    ({ app, port } = await shortTimeoutService('probe', '/echo'));
  });
  afterAll(() => app.close());

  it('cuts off a client trickling its headers (slow loris) at the headers deadline', async () => {
    const result = await slowLoris(port, '/healthz');
    expect(result.cutOff).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(result.closedAfterMs).toBeLessThan(3_000);
  });

  it('lets a long upload through that keeps within the request deadline', async () => {
    const result = await slowUpload(port, '/echo');
    expect(result.cutOff).toBe(false);
    expect(result.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(result.answer).toContain(result.received);
  });

  it('keeps an idle connection longer than the gateway keeps it in its pool', async () => {
    const result = await slowClient(port, { head: 'GET /healthz HTTP/1.1\r\nHost: probe\r\n\r\n', pieces: [], everyMs: 0, waitMs: 300 });
    const seconds = Number(/keep-alive: timeout=(\d+)/i.exec(result.answer)?.[1]);
    expect(seconds * 1000).toBeGreaterThan(UPSTREAM_IDLE_TIMEOUT_MS);
  });
});

describe('server timeout settings', () => {
  it('default to what fastify/demo sets, the keep-alive past the gateway pool idle time', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/limo-timeouts-test', JWT_SECRET: 't'.repeat(40) });
    expect(config).toMatchObject({
      HTTP_CONNECTION_TIMEOUT_MS: 120_000,
      HTTP_REQUEST_TIMEOUT_MS: 120_000,
      HTTP_HEADERS_TIMEOUT_MS: 15_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 72_000,
    });
  });

  it('refuse a keep-alive the gateway pool would outlive, and headers allowed longer than the request', () => {
    const load = (env: Record<string, string>) => () =>
      loadConfig({ DATA_DIR: '/tmp/limo-timeouts-test', JWT_SECRET: 't'.repeat(40), ...env });
    expect(load({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '5000' })).toThrow(ConfigError);
    expect(load({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '5000' })).toThrow(/HTTP_KEEP_ALIVE_TIMEOUT_MS="5000": must be at least 61000/);
    expect(load({ HTTP_HEADERS_TIMEOUT_MS: '30000', HTTP_REQUEST_TIMEOUT_MS: '20000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS="30000": must not be longer than HTTP_REQUEST_TIMEOUT_MS/,
    );
    expect(load({ HTTP_REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS="soon"/);
  });
});
