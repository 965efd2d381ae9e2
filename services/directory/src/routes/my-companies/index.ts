import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ownerCompanySchema } from '@limo/contracts';
import { toOwnerCompany } from '../../domain/company-view.js';
import type { DirectoryDeps } from '../../deps.js';

/** GET /api/my-companies: the caller's companies, oldest first (the dashboard uses the first). */
export async function myCompaniesRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/my-companies',
    {
      schema: {
        tags: ['companies'],
        summary: "The signed-in user's companies",
        response: { 200: z.array(ownerCompanySchema), ...errorResponses(401) },
      },
    },
    async (request) => (await deps.companies.find({ userId: request.user!.id }, { sort: { createdAt: 1, _id: 1 } })).map(toOwnerCompany),
  );
}
