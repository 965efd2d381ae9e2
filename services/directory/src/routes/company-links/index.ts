import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COMPANY_LINKS_CHUNK_SIZE, companyLinksQuerySchema, companyLinksResponseSchema, errorResponses } from '@limo/contracts';
import { notFound } from '@limo/platform';
import type { DirectoryDeps } from '../../deps.js';

/**
 * GET /api/company-links?chunk=: every company's id and last change, by id, 50,000 at a time (one
 * sitemap each). The list is kept in process for the directory's version, like the places.
 */
export async function companyLinksRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const links = () =>
    deps.searchCache.shared('company-links', async () =>
      (await deps.companies.find({}, { sort: { _id: 1 } })).map((c) => ({ id: c._id, lastModified: c.updatedAt })),
    );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/company-links',
    {
      schema: {
        tags: ['places'],
        summary: "Every company's id and last change, by id, 50,000 at a time (the sitemap's company pages)",
        querystring: companyLinksQuerySchema,
        response: { 200: companyLinksResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const all = await links();
      const chunks = Math.max(1, Math.ceil(all.length / COMPANY_LINKS_CHUNK_SIZE));
      const { chunk } = request.query;
      if (chunk > chunks) throw notFound(`There ${chunks === 1 ? 'is 1 chunk' : `are ${chunks} chunks`} of company links`);
      const start = (chunk - 1) * COMPANY_LINKS_CHUNK_SIZE;
      return { total: all.length, chunks, companies: all.slice(start, start + COMPANY_LINKS_CHUNK_SIZE) };
    },
  );
}
