import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, MemoryRateLimiter } from '@limo/platform';
import { shortTimeoutService, slowLoris, slowUpload } from '@limo/platform/testing';
import { createGateway } from '../src/app.js';
import { gatewayEnvSchema } from '../src/settings.js';

// The gateway is the edge: a slow client must not hold its connections, and a slow but honest
// upload must reach the service, whose own request deadline runs while the gateway streams the body.
describe('server timeouts at the gateway', () => {
  let service: FastifyInstance;
  let gateway: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    const { app, config, port: servicePort } = await shortTimeoutService('directory', '/api/companies');
    service = app;
    const directory = `http://127.0.0.1:${servicePort}`;
    gateway = await createGateway({
      config: { ...config, serviceUrls: { ...config.serviceUrls, directory } },
      logger: createLogger('silent'),
      limiter: new MemoryRateLimiter(),
      settings: gatewayEnvSchema.parse({}),
    });
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    port = (gateway.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await gateway.close();
    await service.close();
  });

  it('cuts off a client trickling its headers (slow loris)', async () => {
    const result = await slowLoris(port, '/api/companies');
    expect(result.cutOff).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('proxies a long upload that keeps within the request deadline', async () => {
    const result = await slowUpload(port, '/api/companies');
    expect(result.cutOff).toBe(false);
    expect(result.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(result.answer).toContain(result.received);
  });
});
