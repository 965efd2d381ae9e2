import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allCompaniesQuerySchema,
  CLAIM_SEARCH_PAGE_SIZE,
  companySchema,
  errorResponses,
  TOTAL_COUNT_HEADER,
  type Company,
} from '@limo/contracts';
import { toPublicCompany } from '../../domain/company-view.js';
import type { DirectoryDeps } from '../../deps.js';

/** Whether a company's name, city, state or e-mail contains `needle` (already lower-cased). */
function matchesClaimSearch(company: Pick<Company, 'name' | 'city' | 'state' | 'email'>, needle: string): boolean {
  return [company.name, company.city, company.state, company.email].some((field) => field?.toLowerCase().includes(needle));
}

/**
 * GET /api/all-companies: every company by name (the claim page searches it), cached like search;
 * `search`/`page`/`limit` answer one page of the matches so the page never renders 1,900 cards.
 */
export async function allCompaniesRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/all-companies',
    {
      schema: {
        tags: ['companies'],
        summary: 'Every company, by name; or a page of those whose name, city, state or e-mail contains `search`',
        querystring: allCompaniesQuerySchema,
        response: { 200: z.array(companySchema), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const all = await deps.searchCache.getOrCompute('all-companies', null, async () =>
        (await deps.companies.find({}, { sort: { name: 1, _id: 1 } })).map(toPublicCompany),
      );
      const { search, page, limit } = request.query;
      if (search === undefined && page === undefined && limit === undefined) return all;
      const needle = (search ?? '').toLowerCase();
      const matches = needle ? all.filter((c) => matchesClaimSearch(c, needle)) : all;
      const size = limit ?? CLAIM_SEARCH_PAGE_SIZE;
      const start = ((page ?? 1) - 1) * size;
      return reply.header(TOTAL_COUNT_HEADER, String(matches.length)).send(matches.slice(start, start + size));
    },
  );
}
