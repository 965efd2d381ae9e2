import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { nextIp, startTestService, type ServiceHarness, type TestContext } from '@limo/platform/testing';
import { createIdentityService } from '../src/app.js';

// Live bindings: set by useIdentity's beforeAll, read by the test file importing them.
let h: ServiceHarness;
export let ctx: TestContext;
export let app: FastifyInstance;

/** Identity on the embedded adapters (admin root@example.com) for the calling test file. */
export function useIdentity(): void {
  beforeAll(async () => {
    h = await startTestService(createIdentityService, { ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'admin-password-1' });
    ({ ctx, app } = h);
  });
  afterAll(() => h.close());
}

export const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  const first = Array.isArray(raw) ? raw[0] : String(raw ?? '');
  return first.split(';')[0]!;
};

export async function register(body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/register', payload: body, remoteAddress: nextIp() });
}
export async function login(email: string, password: string, remoteAddress = nextIp()) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });
}
