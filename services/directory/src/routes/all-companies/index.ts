import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companySchema } from '@limo/contracts';
import { toPublicCompany } from '../../domain/company-view.js';
import type { DirectoryDeps } from '../../deps.js';

/** GET /api/all-companies: every company by name (the claim page searches it), cached like search. */
export async function allCompaniesRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/all-companies',
    { schema: { tags: ['companies'], summary: 'Every company, by name', response: { 200: z.array(companySchema) } } },
    async () =>
      deps.searchCache.getOrCompute('all-companies', null, async () =>
        (await deps.companies.find({}, { sort: { name: 1, _id: 1 } })).map(toPublicCompany),
      ),
  );
}
