import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminQuoteListQuerySchema,
  adminQuoteListSchema,
  errorResponses,
  idParamsSchema,
  quoteRequestSchema,
  quoteStatusBodySchema,
} from '@limo/contracts';
import { notFound } from '@limo/platform';
import { toQuoteRequest } from '../../../domain/quote.js';
import type { RouteDeps } from '../../deps.js';

/** GET /api/admin/quote-requests and PUT /api/admin/quote-requests/{id} (admin only). */
export async function adminQuoteRequestsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { quotes, leads } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/quote-requests',
    {
      schema: {
        tags: ['admin', 'quotes'],
        summary: 'Every quote request, newest first, by status and a search over customer, company and places',
        querystring: adminQuoteListQuerySchema,
        response: { 200: adminQuoteListSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { page, limit, status, search } = request.query;
      const { quotes: found, total } = await quotes.search({ page, limit, status, search });
      return { quoteRequests: found.map(toQuoteRequest), total, page, totalPages: Math.ceil(total / limit) };
    },
  );

  r.put(
    '/api/admin/quote-requests/:id',
    {
      schema: {
        tags: ['admin', 'quotes'],
        summary: 'Set a quote request to pending, contacted or completed',
        params: idParamsSchema,
        body: quoteStatusBodySchema,
        response: {
          200: quoteRequestSchema,
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const quote = await quotes.findById(request.params.id);
      if (!quote) throw notFound('Quote request not found');
      const updated = await leads.changeStatus(quote, request.body.status);
      if (!updated) throw notFound('Quote request not found');
      return toQuoteRequest(updated);
    },
  );
}
