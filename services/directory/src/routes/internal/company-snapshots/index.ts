import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companySnapshotSchema } from '@limo/contracts';
import { requireInternal } from '@limo/platform';
import { toSnapshot } from '../../../domain/company.js';
import type { DirectoryDeps } from '../../../deps.js';

const querySchema = z.object({
  /** Keyset paging: the last id of the previous page. */
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(5_000).default(2_000),
});

/**
 * GET /internal/company-snapshots: every company as its events carry it, by id, a page at a time.
 * Other services reconcile their read-models against it at start-up; the gateway never routes
 * `/internal`, and the route wants the internal secret.
 */
export async function internalCompanySnapshotRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/internal/company-snapshots',
    {
      schema: {
        hide: true,
        querystring: querySchema,
        response: { 200: z.object({ items: z.array(companySnapshotSchema), next: z.string().nullable() }) },
      },
      preHandler: requireInternal(deps.ctx.config.INTERNAL_SECRET),
    },
    async (request) => {
      const { after, limit } = request.query;
      const batch = await deps.companies.find(after ? { _id: { $gt: after } } : {}, { sort: { _id: 1 }, limit });
      return { items: batch.map(toSnapshot), next: batch.length === limit ? batch.at(-1)!._id : null };
    },
  );
}
