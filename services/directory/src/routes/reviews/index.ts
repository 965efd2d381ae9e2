import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, reviewCreateBodySchema, reviewSchema } from '@limo/contracts';
import { badRequest, enforceRateLimits, notFound } from '@limo/platform';
import type { DirectoryDeps } from '../../deps.js';
import { toReview } from '../../domain/review.js';
import { clientHashes, usableReviewLink } from '../../use-cases/review-links.js';
import { submitReview } from '../../use-cases/review-submission.js';
import { reviewFlagRoutes } from './flag/index.js';
import { reviewLinkRoutes } from './links/index.js';

/**
 * POST /api/reviews: anyone may post; the review waits for an admin (status pending). Through the
 * link mailed after a quote request (`reviewToken`) it is a verified customer's, named as in the quote.
 */
export async function reviewRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const { ctx, companies } = deps;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Post a review; it is shown once an admin approved it',
        body: reviewCreateBodySchema,
        response: {
          201: reviewSchema,
          ...errorResponses(400, 404, 409, 410, 429),
        },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(ctx.limiter, reply, [
        {
          key: `review:ip:${request.ip}`,
          limit: deps.settings.REVIEW_RATE_LIMIT_PER_HOUR,
          windowMs: 60 * 60 * 1000,
          message: 'Too many reviews from this address. Please try again later.',
        },
      ]);
      const { companyId, rating, comment, website, reviewToken } = request.body;
      const link = reviewToken === undefined ? null : await usableReviewLink(deps, reviewToken);
      if (link && link.companyId !== companyId) throw badRequest('This review link is for another company', 'reviewToken');
      // The schema asks for a name when there is no link.
      const reviewerName = link ? link.customerName : request.body.reviewerName!;
      const company = await companies.findById(companyId);
      if (!company) throw notFound('Company not found');
      const now = new Date();
      if (website) {
        // Only robots fill the hidden field: they get the answer a person would, and nothing is stored.
        request.log.info({ companyId }, 'review honeypot filled: dropped');
        return reply.code(201).send({
          id: randomUUID(),
          companyId,
          rating,
          comment: comment ?? null,
          reviewerName,
          status: 'pending',
          createdAt: now.toISOString(),
          verifiedCustomer: false,
          reply: null,
        });
      }
      const review = await submitReview(
        deps,
        {
          companyId,
          userId: request.user?.id ?? null,
          rating,
          comment: comment ?? null,
          reviewerName,
          ...clientHashes(deps, request, reply),
          ...(link && { quoteId: link.quoteId }),
        },
        now,
      );
      return reply.code(201).send(toReview(review));
    },
  );
  await reviewFlagRoutes(app, deps);
  await reviewLinkRoutes(app, deps);
}
