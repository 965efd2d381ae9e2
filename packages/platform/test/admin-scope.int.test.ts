import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Role } from '@limo/contracts';
import { loadConfig } from '../src/config/config.js';
import { adminScope } from '../src/fastify/admin-scope.js';
import { documentedPostAnswers, probeApp, useProbeApp } from './support/probe.js';
import { sessionCookie } from './support/service-harness.js';

const config = loadConfig({ DATA_DIR: '/tmp/limo-admin-scope-test', JWT_SECRET: 'a'.repeat(40) });
const cookieOf = (role: Role) => sessionCookie(config.JWT_SECRET, { id: `${role}-1`, role, username: role, email: `${role}@example.com` });

async function thingsRoutes(app: FastifyInstance, deps: { name: string }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/things',
    {
      schema: {
        body: z.object({ count: z.number() }),
        response: { 200: z.object({ name: z.string(), count: z.number() }) },
      },
    },
    async (request) => ({ name: deps.name, count: request.body.count }),
  );
}

describe('the admin scope', () => {
  const probe = useProbeApp(config, adminScope(thingsRoutes), { name: 'things' });

  it('answers 401 signed out and 403 for other roles before the body is validated', async () => {
    const post = (headers: Record<string, string>) =>
      probe().inject({ method: 'POST', url: '/api/admin/things', headers, payload: { count: 'x' } });
    expect((await post({})).statusCode).toBe(401);
    expect((await post({ cookie: cookieOf('business') })).statusCode).toBe(403);
    expect((await post({ cookie: cookieOf('admin') })).statusCode).toBe(400);
  });

  it('hands the routes their dependencies and lets the admin through', async () => {
    const res = await probe().inject({
      method: 'POST',
      url: '/api/admin/things',
      headers: { cookie: cookieOf('admin') },
      payload: { count: 2 },
    });
    expect(res.json()).toEqual({ name: 'things', count: 2 });
  });

  it('documents 401 and 403 next to the answers the route documents', () => {
    expect(documentedPostAnswers(probe(), '/api/admin/things')).toEqual(['200', '401', '403']);
  });
});

describe('an /api/admin route outside the admin scope', () => {
  it('fails at start-up', async () => {
    const app = await probeApp(config);
    await expect(app.register(thingsRoutes, { name: 'open' }).ready()).rejects.toThrow(/outside the admin scope/);
    await app.close();
  });
});
