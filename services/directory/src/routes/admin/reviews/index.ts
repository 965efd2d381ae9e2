import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminReviewSchema, errorResponses, idParamsSchema, messageResponseSchema, type AdminReview } from '@limo/contracts';
import { byUser, notFound } from '@limo/platform';
import type { DirectoryDeps } from '../../../deps.js';
import { toReview, type ReviewDoc } from '../../../domain/review.js';

/** Review moderation (owner-admin §2.9 tab 3). Admins only. */
export async function adminReviewRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const { companies, reviews, audit } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Reviews with their company's name. */
  async function withCompanyNames(list: ReviewDoc[]): Promise<AdminReview[]> {
    const docs = await companies.findByIds([...new Set(list.map((r) => r.companyId))]);
    const names = new Map(docs.map((c) => [c._id, c.name]));
    return list.map((review) => ({ ...toReview(review), companyName: names.get(review.companyId) ?? null }));
  }

  r.get(
    '/api/admin/pending-reviews',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reviews waiting for moderation, newest first',
        response: { 200: z.array(adminReviewSchema) },
      },
    },
    async () => withCompanyNames(await reviews.list({ status: 'pending' })),
  );

  r.get(
    '/api/admin/all-reviews',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every review, whatever its status, newest first',
        response: { 200: z.array(adminReviewSchema) },
      },
    },
    async () => withCompanyNames(await reviews.list({})),
  );

  for (const [action, status] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    r.post(
      `/api/admin/reviews/:id/${action}`,
      {
        schema: {
          tags: ['admin'],
          summary:
            status === 'approved'
              ? 'Approve a review: it counts in the rating and shows publicly'
              : 'Reject a review: stored as rejected, never shown',
          params: idParamsSchema,
          response: { 200: z.object({ message: z.string(), review: adminReviewSchema }), ...errorResponses(404) },
        },
      },
      async (request) => {
        const review = await reviews.decide(request.params.id, status, request.user!.id);
        if (!review) throw notFound('Review not found');
        await audit.record({
          ...byUser(request.user!),
          action: `review.${status}`,
          targetType: 'review',
          targetId: review._id,
          details: { companyId: review.companyId },
        });
        const [withName] = await withCompanyNames([review]);
        return { message: `Review ${status}`, review: withName! };
      },
    );
  }

  r.delete(
    '/api/admin/reviews/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a review for good',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const review = await reviews.delete(request.params.id);
      if (!review) throw notFound('Review not found');
      await audit.record({
        ...byUser(request.user!),
        action: 'review.deleted',
        targetType: 'review',
        targetId: review._id,
        details: { companyId: review.companyId },
      });
      return { message: 'Review deleted' };
    },
  );
}
