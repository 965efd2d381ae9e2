import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from '../src/fastify/service-app.js';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
const allowed = ['https://limo.example', 'http://127.0.0.1:8080'];

// Issue 13: the check compared hosts only (any scheme), and with the Host header a client sets.
describe('the Origin check of state-changing requests', () => {
  it('allows the configured origins, compared as scheme + host + port', () => {
    expect(isAllowedOrigin(request({ origin: 'https://limo.example' }), allowed)).toBe(true);
    expect(isAllowedOrigin(request({ origin: 'http://127.0.0.1:8080' }), allowed)).toBe(true);
    expect(isAllowedOrigin(request({}), allowed)).toBe(true);
  });
  it('refuses another scheme or port of an allowed host, a forged Host, null and cross-site fetches', () => {
    expect(isAllowedOrigin(request({ origin: 'http://limo.example' }), allowed)).toBe(false);
    expect(isAllowedOrigin(request({ origin: 'https://limo.example:8443' }), allowed)).toBe(false);
    expect(isAllowedOrigin(request({ origin: 'https://evil.example', host: 'evil.example' }), allowed)).toBe(false);
    expect(isAllowedOrigin(request({ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' }), allowed)).toBe(false);
    expect(isAllowedOrigin(request({ origin: 'null' }), allowed)).toBe(false);
    expect(isAllowedOrigin(request({ origin: 'https://limo.example', 'sec-fetch-site': 'cross-site' }), allowed)).toBe(false);
  });
});
