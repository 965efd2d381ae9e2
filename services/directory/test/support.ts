import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Role } from '@limo/contracts';
import type { Service } from '@limo/platform';
import { createTestContext, ipSequence, sessionCookie, type TestContext } from '@limo/platform/testing';
import { createDirectoryService, type DirectoryOptions } from '../src/app.js';

/** A running directory on the embedded adapters, with helpers to act as a given user. */
export interface Harness {
  ctx: TestContext;
  service: Service;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Starts the directory on a fresh test context; demo data off unless `env` turns it on. */
export async function startDirectory(env: Record<string, string> = {}, options: DirectoryOptions = {}): Promise<Harness> {
  const ctx = await createTestContext({ SEED_DEMO_DATA: 'false', PUBLIC_URL: 'http://limo.test', ...env });
  const service = await createDirectoryService(ctx, options);
  await service.start();
  return {
    ctx,
    service,
    app: service.app,
    async close() {
      await service.app.close();
      await service.stop();
      await ctx.close();
    },
  };
}

/** A signed-in user: its id and the cookie header that carries its session. */
export interface TestUser {
  id: string;
  role: Role;
  cookie: string;
}

/** Signs a session as the identity service would, for a new user of `role`. */
export function userOf(h: Harness, role: Role, id: string = randomUUID()): TestUser {
  const cookie = sessionCookie(
    { id, role, username: `${role}-${id.slice(0, 6)}`, email: `${id.slice(0, 6)}@example.com` },
    h.ctx.config.JWT_SECRET,
  );
  return { id, role, cookie };
}

/** A fresh client address, so one test's per-IP limits never trip another. */
export const nextIp = ipSequence('10.1');

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `app.inject` as `user` (or signed out), with a JSON payload. */
export function call(h: Harness, method: Method, url: string, user?: TestUser, payload?: unknown): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    ...(user && { headers: { cookie: user.cookie } }),
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

/** Creates a company as an admin and returns its JSON. */
export async function adminCreate(
  h: Harness,
  admin: TestUser,
  body: Record<string, unknown>,
): Promise<{ id: string } & Record<string, unknown>> {
  const res = await call(h, 'POST', '/api/admin/companies', admin, body);
  if (res.statusCode !== 201) throw new Error(`admin create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Waits until the outbox relay and every consumer have nothing left to do. */
export async function settle(h: Harness): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await h.ctx.relay.flush();
    await new Promise((r) => setTimeout(r, 60));
  }
  await h.ctx.relay.flush();
}

/** A real PNG of the given size, drawn by sharp. */
export function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();
}

/** A multipart/form-data body with one file field (and optional text fields). */
export function multipart(
  file: { field?: string; name: string; type: string; data: Buffer },
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----limo${randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
  );
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
