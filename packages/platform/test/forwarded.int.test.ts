import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { INTERNAL_HEADER } from '../src/fastify/internal.js';
import { probeApp } from './support/probe.js';

// Issue 13: services believed X-Forwarded-For from anyone, so calling one directly dodged the per-IP limits.
describe('X-Forwarded-For at a service', () => {
  it('is believed only with the internal secret the gateway sends', async () => {
    const config = loadConfig({ DATA_DIR: '/tmp/limo-forwarded-test', JWT_SECRET: 'f'.repeat(40) });
    const app = await probeApp(config);
    app.get('/ip', async (request) => ({ ip: request.ip, host: request.headers['x-forwarded-host'] ?? null }));
    const direct = await app.inject({
      method: 'GET',
      url: '/ip',
      remoteAddress: '10.9.8.7',
      headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-host': 'evil.example' },
    });
    expect(direct.json()).toEqual({ ip: '10.9.8.7', host: null });
    const forged = await app.inject({
      method: 'GET',
      url: '/ip',
      remoteAddress: '10.9.8.7',
      headers: { 'x-forwarded-for': '6.6.6.6', [INTERNAL_HEADER]: 'guess'.repeat(10) },
    });
    expect(forged.json().ip).toBe('10.9.8.7');
    const proxied = await app.inject({
      method: 'GET',
      url: '/ip',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.7', [INTERNAL_HEADER]: config.INTERNAL_SECRET },
    });
    expect(proxied.json().ip).toBe('198.51.100.7');
    await app.close();
  });
});
