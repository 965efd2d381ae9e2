import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReviewSchema,
  adminReviewsQuerySchema,
  errorResponses,
  idParamsSchema,
  messageResponseSchema,
  type AdminReview,
  type AdminReviewsQuery,
} from '@limo/contracts';
import { notFound, type Filter } from '@limo/platform';
import type { DirectoryDeps } from '../../../deps.js';
import { abuseSignalsOf, cityKey } from '../../../domain/abuse-signals.js';
import { toOwnerReview, type ReviewDoc } from '../../../domain/review.js';

/** Review moderation (owner-admin §2.9 tab 3), with owners' replies, flags and abuse signals. Admins only. */
export async function adminReviewRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const { companies, reviews, audit } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Reviews with their company's name, flags, reply and abuse signals. */
  async function forAdmins(list: ReviewDoc[]): Promise<AdminReview[]> {
    const related = await reviews.related(list);
    const docs = await companies.findByIds([...new Set([...list, ...related].map((r) => r.companyId))]);
    const byId = new Map(docs.map((c) => [c._id, c]));
    const cities = new Map(docs.map((c) => [c._id, cityKey(c)]));
    const signals = abuseSignalsOf(list, related, (id) => cities.get(id) ?? null);
    return list.map((review) => ({
      ...toOwnerReview(review),
      companyName: byId.get(review.companyId)?.name ?? null,
      abuseSignals: signals.get(review._id) ?? [],
    }));
  }

  /** The list narrowed by the admin's filters and search. */
  async function listed(filter: Filter, query: AdminReviewsQuery): Promise<AdminReview[]> {
    const { signal, flagged, verifiedCustomer, pendingReply, q } = query;
    const narrowed: Filter = {
      ...filter,
      ...(pendingReply && { 'reply.status': 'pending' }),
    };
    const all = await forAdmins(await reviews.list(narrowed));
    const needle = q?.toLowerCase();
    return all.filter(
      (review) =>
        (signal === undefined || (signal === 'any' ? review.abuseSignals.length > 0 : review.abuseSignals.includes(signal))) &&
        (flagged === undefined || review.flags.length > 0 === flagged) &&
        (verifiedCustomer === undefined || review.verifiedCustomer === verifiedCustomer) &&
        (!needle ||
          [review.reviewerName, review.comment, review.companyName, review.ownerReply?.text].some((text) =>
            text?.toLowerCase().includes(needle),
          )),
    );
  }

  r.get(
    '/api/admin/pending-reviews',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reviews waiting for moderation, newest first (filters: signal, flagged, verifiedCustomer, q)',
        querystring: adminReviewsQuerySchema,
        response: { 200: z.array(adminReviewSchema), ...errorResponses(400) },
      },
    },
    async (request) => listed({ status: 'pending' }, request.query),
  );

  r.get(
    '/api/admin/all-reviews',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every review, whatever its status, newest first (filters: signal, flagged, verifiedCustomer, pendingReply, q)',
        querystring: adminReviewsQuerySchema,
        response: { 200: z.array(adminReviewSchema), ...errorResponses(400) },
      },
    },
    async (request) => listed({}, request.query),
  );

  /** A review and its owner's reply are decided alike: the decision, its audit entry, the review as admins see it. */
  const decided = [
    {
      url: '/api/admin/reviews/:id',
      name: 'Review',
      audited: 'review',
      decide: (id: string, status: 'approved' | 'rejected', adminId: string) => reviews.decide(id, status, adminId),
      summary: {
        approved: 'Approve a review: it counts in the rating and shows publicly',
        rejected: 'Reject a review: stored as rejected, never shown',
      },
    },
    {
      url: '/api/admin/reviews/:id/reply',
      name: 'Reply',
      audited: 'review-reply',
      decide: (id: string, status: 'approved' | 'rejected', adminId: string) => reviews.decideReply(id, status, adminId),
      summary: {
        approved: "Approve the owner's reply: it shows under the review",
        rejected: "Reject the owner's reply: kept for the owner, never shown",
      },
    },
  ];
  for (const [action, status] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    for (const { url, name, audited, decide, summary } of decided) {
      r.post(
        `${url}/${action}`,
        {
          schema: {
            tags: ['admin'],
            summary: summary[status],
            params: idParamsSchema,
            response: { 200: z.object({ message: z.string(), review: adminReviewSchema }), ...errorResponses(404) },
          },
        },
        async (request) => {
          const review = await decide(request.params.id, status, request.user!.id);
          if (!review) throw notFound(`${name} not found`);
          await audit.recordBy(request.user!, `${audited}.${status}`, { type: 'review', id: review._id }, { companyId: review.companyId });
          const [withName] = await forAdmins([review]);
          return { message: `${name} ${status}`, review: withName };
        },
      );
    }
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
      await audit.recordBy(request.user!, 'review.deleted', { type: 'review', id: review._id }, { companyId: review.companyId });
      return { message: 'Review deleted' };
    },
  );
}
