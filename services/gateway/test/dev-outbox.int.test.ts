import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutboxRoutes } from '../src/dev-outbox.js';

// Issue 22, defect 7b: the outbox (password-reset links) was served without Cache-Control: no-store.
let identity: FastifyInstance;
let gateway: FastifyInstance;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'limo-outbox-'));
  identity = Fastify();
  identity.get('/api/me', async (request, reply) =>
    request.headers.cookie === 'limo_session=admin' ? { role: 'admin' } : reply.code(401).send({ message: 'Not authenticated' }),
  );
  const identityUrl = await identity.listen({ host: '127.0.0.1', port: 0 });
  gateway = Fastify();
  await gateway.register(devOutboxRoutes, { dir, identityUrl, internalSecret: 's'.repeat(40) });
});
afterAll(async () => {
  await gateway?.close();
  await identity?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('/dev/outbox', () => {
  it('is never stored by a cache, for the admin or anyone refused', async () => {
    const admin = await gateway.inject({ method: 'GET', url: '/dev/outbox', headers: { cookie: 'limo_session=admin' } });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['cache-control']).toBe('no-store');
    const refused = await gateway.inject({ method: 'GET', url: '/dev/outbox', headers: { cookie: 'limo_session=other' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
