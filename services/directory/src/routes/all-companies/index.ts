import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allCompaniesQuerySchema, allCompaniesResponseSchema, errorResponses, type ClaimSearchCompany } from '@limo/contracts';
import { toPublicCompany } from '../../domain/company-view.js';
import type { DirectoryDeps } from '../../deps.js';

/** A company of the claim search, with the lower-cased text its search matches. */
interface ClaimEntry {
  company: ClaimSearchCompany;
  text: string[];
}

/**
 * GET /api/all-companies: the claim page's "Find Your Business". One page of the companies, by name,
 * whose name, city, state or e-mail contains `search`, with the number of matches; each company with
 * only the fields its card shows. The slim list of every company is kept in process for the cache's
 * version (computed once however many requests miss it), and each page answer is cached like search.
 */
export async function allCompaniesRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const entries = () =>
    deps.searchCache.shared('claim-search-entries', async (): Promise<ClaimEntry[]> =>
      (await deps.companies.find({}, { sort: { name: 1, _id: 1 } })).map((doc) => {
        const { id, name, city, state, phone, email, claimed, owned, rating, reviewCount } = toPublicCompany(doc);
        const company = { id, name, city, state, phone, email, claimed, owned, rating, reviewCount };
        return { company, text: [name, city, state, email].flatMap((field) => (field ? [field.toLowerCase()] : [])) };
      }),
    );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/all-companies',
    {
      schema: {
        tags: ['companies'],
        summary: 'One page (12 by default, 100 at most) of the companies whose name, city, state or e-mail contains `search`',
        querystring: allCompaniesQuerySchema,
        response: { 200: allCompaniesResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { search, page, limit } = request.query;
      return deps.searchCache.getOrCompute('claim-search', { search, page, limit }, async () => {
        const needle = search.toLowerCase();
        const all = await entries();
        const matches = needle ? all.filter((e) => e.text.some((field) => field.includes(needle))) : all;
        const start = (page - 1) * limit;
        return { items: matches.slice(start, start + limit).map((e) => e.company), total: matches.length };
      });
    },
  );
}
