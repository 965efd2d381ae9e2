import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stateCountsResponseSchema } from '@limo/contracts';
import type { DirectoryDeps } from '../../../deps.js';

/** GET /api/admin/companies-by-state: `[{state, count}]`, most companies first (the overview's state chart). */
export async function companiesByStateRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/companies-by-state',
    {
      schema: {
        tags: ['admin'],
        summary: 'Company count per state',
        response: { 200: stateCountsResponseSchema },
      },
    },
    async () => {
      const counts = new Map<string, number>();
      for (const { state } of await deps.companies.find({})) {
        const key = state ?? 'Unknown';
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return [...counts].map(([state, count]) => ({ state, count })).sort((a, b) => b.count - a.count || a.state.localeCompare(b.state));
    },
  );
}
