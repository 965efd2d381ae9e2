import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../src/config/config.js';
import { ownerScope } from '../src/fastify/owner-scope.js';
import { documentedPostAnswers, probeApp, useProbeApp } from './support/probe.js';
import { sessionCookie } from './support/service-harness.js';

const config = loadConfig({ DATA_DIR: '/tmp/limo-owner-scope-test', JWT_SECRET: 'a'.repeat(40) });
const owner = sessionCookie(config.JWT_SECRET, { id: 'owner-1', role: 'business', username: 'owner', email: 'owner@example.com' });

async function notesRoutes(app: FastifyInstance, deps: { name: string }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/my-companies/:id/notes',
    {
      schema: {
        params: z.object({ id: z.string() }),
        body: z.object({ text: z.string() }),
        response: { 200: z.object({ name: z.string(), by: z.string(), text: z.string() }) },
      },
    },
    async (request) => ({ name: deps.name, by: request.user!.id, text: request.body.text }),
  );
}

describe('the owner scope', () => {
  const probe = useProbeApp(config, ownerScope(notesRoutes), { name: 'notes' });

  it('answers 401 signed out before the body is validated, and lets any signed-in user through to the route', async () => {
    const post = (headers: Record<string, string>, payload: Record<string, unknown>) =>
      probe().inject({ method: 'POST', url: '/api/my-companies/c1/notes', headers, payload });
    expect((await post({}, { text: 1 })).statusCode).toBe(401);
    expect((await post({ cookie: owner }, { text: 1 })).statusCode).toBe(400);
    expect((await post({ cookie: owner }, { text: 'hi' })).json()).toEqual({ name: 'notes', by: 'owner-1', text: 'hi' });
  });

  it('documents 401 next to the answers the route documents', () => {
    expect(documentedPostAnswers(probe(), '/api/my-companies/{id}/notes')).toEqual(['200', '401']);
  });
});

describe('an /api/my-companies route outside the owner scope', () => {
  it('fails at start-up', async () => {
    const app = await probeApp(config);
    await expect(app.register(notesRoutes, { name: 'open' }).ready()).rejects.toThrow(/outside the owner scope/);
    await app.close();
  });
});
