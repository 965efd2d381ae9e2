import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { populateResponseSchema } from '@limo/contracts';
import type { DirectoryDeps } from '../../../deps.js';
import { populateDirectory } from '../../../use-cases/populate.js';

/**
 * POST /api/admin/populate-database: 100 generated companies in each of the 19 cities (owner-admin §9),
 * idempotent; answers once they are all searchable.
 */
export async function populateRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/populate-database',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add the 1,900 generated companies that are missing (a second run adds none); answers once all are searchable',
        response: { 200: populateResponseSchema },
      },
    },
    async (request) => {
      const result = await populateDirectory(deps.companies, deps.projection, request.user!.id);
      request.log.info(result, 'populate-database');
      return result;
    },
  );
}
