import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParamsSchema, messageResponseSchema, ownerReviewSchema, reviewReplyBodySchema } from '@limo/contracts';
import { conflict, notFound } from '@limo/platform';
import type { DirectoryDeps } from '../../../deps.js';
import { toOwnerReview } from '../../../domain/review.js';
import { ownedReview } from '../../../use-cases/owned-review.js';

/**
 * `/api/reviews/{id}/reply`: the company's owner replies once to an approved review (POST), edits
 * (PUT) or deletes (DELETE) the reply. A new or edited reply waits for an admin like a review.
 */
export async function reviewReplyRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const { reviews } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const path = '/api/reviews/:id/reply';

  r.post(
    path,
    {
      schema: {
        tags: ['reviews'],
        summary: 'Reply to a review of your company (once); shown under the review once an admin approved it',
        params: idParamsSchema,
        body: reviewReplyBodySchema,
        response: { 201: ownerReviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const review = await ownedReview(deps, request.params.id, user);
      if (review.status !== 'approved') throw conflict('You can reply once the review is approved');
      if (review.reply) throw conflict('You already replied to this review. Edit your reply instead.');
      const now = new Date().toISOString();
      const updated = await reviews.setReply(review._id, {
        text: request.body.text,
        status: 'pending',
        userId: user.id,
        createdAt: now,
        updatedAt: now,
        decidedAt: null,
        decidedBy: null,
      });
      if (!updated) throw notFound('Review not found');
      return reply.code(201).send(toOwnerReview(updated));
    },
  );

  r.put(
    path,
    {
      schema: {
        tags: ['reviews'],
        summary: 'Edit your reply: it waits for an admin again',
        params: idParamsSchema,
        body: reviewReplyBodySchema,
        response: { 200: ownerReviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const review = await ownedReview(deps, request.params.id, request.user!);
      if (!review.reply) throw notFound('There is no reply to edit');
      const updated = await reviews.setReply(review._id, {
        ...review.reply,
        text: request.body.text,
        status: 'pending',
        updatedAt: new Date().toISOString(),
        decidedAt: null,
        decidedBy: null,
      });
      if (!updated) throw notFound('Review not found');
      return toOwnerReview(updated);
    },
  );

  r.delete(
    path,
    {
      schema: {
        tags: ['reviews'],
        summary: 'Delete your reply',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const review = await ownedReview(deps, request.params.id, request.user!);
      if (!review.reply) throw notFound('There is no reply to delete');
      await reviews.setReply(review._id, null);
      return { message: 'Reply deleted' };
    },
  );
}
