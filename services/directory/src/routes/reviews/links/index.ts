import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, reviewLinkSchema } from '@limo/contracts';
import type { DirectoryDeps } from '../../../deps.js';
import { usableReviewLink } from '../../../use-cases/review-links.js';

/** `GET /api/reviews/links?reviewToken=`: what a mailed review link stands for, so the form is prefilled. */
export async function reviewLinkRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/reviews/links',
    {
      schema: {
        tags: ['reviews'],
        summary: "A mailed review link's company and customer name; 410 once expired, 409 once used",
        querystring: z.object({
          reviewToken: z
            .string({ error: 'This review link is not valid' })
            .trim()
            .min(1, 'This review link is not valid')
            .max(2000, 'This review link is not valid'),
        }),
        response: { 200: reviewLinkSchema, ...errorResponses(400, 409, 410) },
      },
    },
    async (request) => {
      const claims = await usableReviewLink(deps, request.query.reviewToken);
      return { companyId: claims.companyId, reviewerName: claims.customerName, expiresAt: claims.expiresAt.toISOString() };
    },
  );
}
