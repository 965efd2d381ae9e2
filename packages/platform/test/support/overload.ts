import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { OVERLOADED_MESSAGE } from '../../src/fastify/overload.js';

/** An answer of load shedding: 503 with the Retry-After `retryAfter` and the error shape. */
export function expectOverloadRefusal(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, retryAfter: string) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe(retryAfter);
  expect(res.json()).toEqual({ message: OVERLOADED_MESSAGE });
}

/**
 * Asks `url` of `app` until load shedding refuses it (within 5 s), then checks the refusal and that
 * /healthz still answers 200 under pressure. Returns /healthz's body, for what the app adds to it.
 */
export async function expectShedding(app: Pick<FastifyInstance, 'inject'>, url: string, retryAfter: string): Promise<unknown> {
  await expect.poll(async () => (await app.inject({ method: 'GET', url })).statusCode, { timeout: 5_000, interval: 25 }).toBe(503);
  expectOverloadRefusal(await app.inject({ method: 'GET', url }), retryAfter);
  const health = await app.inject({ method: 'GET', url: '/healthz' });
  expect(health.statusCode).toBe(200);
  expect(health.json()).toMatchObject({ underPressure: true });
  return health.json();
}
