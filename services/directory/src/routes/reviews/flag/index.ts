import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParamsSchema, ownerReviewSchema, reviewFlagBodySchema } from '@limo/contracts';
import { notFound } from '@limo/platform';
import type { DirectoryDeps } from '../../../deps.js';
import { toOwnerReview } from '../../../domain/review.js';
import { ownedReview } from '../../../use-cases/owned-review.js';

/** `POST /api/reviews/{id}/flag`: the company's owner tells the admins a review looks fake or abusive. */
export async function reviewFlagRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/reviews/:id/flag',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Flag a review of your company for the admins, with a reason',
        params: idParamsSchema,
        body: reviewFlagBodySchema,
        response: { 201: ownerReviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const review = await ownedReview(deps, request.params.id, user);
      const updated = await deps.reviews.addFlag(review._id, {
        reason: request.body.reason,
        flaggedBy: user.username,
        createdAt: new Date().toISOString(),
      });
      if (!updated) throw notFound('Review not found');
      return reply.code(201).send(toOwnerReview(updated));
    },
  );
}
