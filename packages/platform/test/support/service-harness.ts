import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Role } from '@limo/contracts';
import { SESSION_COOKIE, signSession } from '../../src/fastify/session.js';
import type { EventEnvelope } from '../../src/ports/event-bus.port.js';
import type { Service } from '../../src/runtime/service.js';
import { createTestContext, type TestContext } from './context.js';
import { ipSequence } from './http.js';

/** A service started on a fresh test context (the embedded adapters), as route tests drive it. */
export interface ServiceHarness<S extends Service = Service> {
  ctx: TestContext;
  service: S;
  app: FastifyInstance;
  /** Every event published on the bus since before the service was built, oldest first. */
  published: EventEnvelope[];
  /** Closes the app, stops the service, then removes the context. */
  close(): Promise<void>;
}

/** Builds the service with `create` on a test context made from `env`, and starts it. */
export async function startTestService<S extends Service>(
  create: (ctx: TestContext) => Promise<S>,
  env: Record<string, string> = {},
): Promise<ServiceHarness<S>> {
  const ctx = await createTestContext(env);
  const published: EventEnvelope[] = [];
  const publish = ctx.bus.publish.bind(ctx.bus);
  ctx.bus.publish = async (events) => {
    published.push(...events);
    await publish(events);
  };
  const service = await create(ctx);
  await service.start();
  return {
    ctx,
    service,
    app: service.app,
    published,
    async close() {
      await service.app.close();
      await service.stop();
      await ctx.close();
    },
  };
}

/**
 * The harness the tests of a file (or of the describe block it is called in) share: `start` runs
 * before them and the harness is closed after them. The object returned is filled in before the
 * first test, so read it in hooks and tests, not where it is declared.
 */
export function sharedHarness<H extends { close(): Promise<void> }>(start: () => Promise<H>): H {
  const harness = {} as H;
  let started: H | undefined;
  beforeAll(async () => {
    started = await start();
    Object.assign(harness, started);
  });
  afterAll(() => started?.close());
  return harness;
}

/** A signed-in user: who it is, and the Cookie header carrying its session. */
export interface TestUser {
  id: string;
  role: Role;
  email: string;
  cookie: string;
}

/** The Cookie header of a session signed as the identity service signs one (valid for an hour). */
export function sessionCookie(secret: string, user: { id: string; role: Role; username: string; email: string }): string {
  return `${SESSION_COOKIE}=${signSession(user, secret, 1).token}`;
}

/** A new user of `role` signed in on the harness's deployment (its JWT_SECRET). */
export function userOf(h: { ctx: TestContext }, role: Role, id: string = randomUUID()): TestUser {
  const email = `${role}-${id.slice(0, 6)}@example.com`;
  return { id, role, email, cookie: sessionCookie(h.ctx.config.JWT_SECRET, { id, role, username: email, email }) };
}

/** A user of `role` signed in on a shared harness (see `sharedHarness`), filled in before the first test. */
export function sharedUser(h: { ctx: TestContext }, role: Role): TestUser {
  const user = {} as TestUser;
  beforeAll(() => void Object.assign(user, userOf(h, role)));
  return user;
}

/** A fresh client address on every call, so one test's per-IP limits never trip another's. */
export const nextIp = ipSequence('10.1');

/** `app.inject` from a fresh address as `user` (or signed out), with a JSON payload (a string is sent as it is). */
export function call(
  h: { app: FastifyInstance },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user?: { cookie: string },
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: { ...(user && { cookie: user.cookie }), ...(payload !== undefined && { 'content-type': 'application/json' }), ...headers },
    ...(payload !== undefined && { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
}

/** The paths the service's OpenAPI document describes (`GET /openapi.json`, which answers 200). */
export async function openApiPaths(h: { app: FastifyInstance }): Promise<string[]> {
  const res = await call(h, 'GET', '/openapi.json');
  expect(res.statusCode).toBe(200);
  return Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
}
