import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config/config.js';
import { sessionCookie } from './support/index.js';
import { probeApp } from './support/probe.js';

// Issue 22, defect 7b: signed-in JSON answers carried no Cache-Control, so a shared cache or the
// browser's history could show one user's data to the next.
const config = loadConfig({ DATA_DIR: '/tmp/limo-private-answers-test', JWT_SECRET: 'p'.repeat(40) });
let app: FastifyInstance;
beforeAll(async () => {
  app = await probeApp(config);
  app.get('/api/mine', async (request) => ({ user: request.user?.email ?? null }));
  app.get('/api/cached', async (_request, reply) => reply.header('cache-control', 'public, max-age=60').send({ ok: true }));
  app.post('/api/sign-in', async (_request, reply) => reply.header('set-cookie', 'limo_session=abc; HttpOnly').send({ ok: true }));
});
afterAll(() => app.close());

describe('Cache-Control of answers to signed-in requests', () => {
  const cookie = sessionCookie(config.JWT_SECRET, { id: 'u1', role: 'business', username: 'u1', email: 'u1@example.com' });

  it('is no-store with a session, and on the answer setting one', async () => {
    const mine = await app.inject({ method: 'GET', url: '/api/mine', headers: { cookie } });
    expect(mine.json()).toEqual({ user: 'u1@example.com' });
    expect(mine.headers['cache-control']).toBe('no-store');
    const signIn = await app.inject({ method: 'POST', url: '/api/sign-in' });
    expect(signIn.headers['cache-control']).toBe('no-store');
  });

  it('is left alone when signed out, or when the route chose its own', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/mine' })).headers['cache-control']).toBeUndefined();
    const cached = await app.inject({ method: 'GET', url: '/api/cached', headers: { cookie } });
    expect(cached.headers['cache-control']).toBe('public, max-age=60');
  });
});
