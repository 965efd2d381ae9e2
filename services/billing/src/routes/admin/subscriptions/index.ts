import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCancelSubscriptionBodySchema,
  adminCancelSubscriptionResponseSchema,
  adminSubscriptionListResponseSchema,
  errorResponses,
  idParamsSchema,
} from '@limo/contracts';
import type { BillingDeps } from '../../../deps.js';

const errors = errorResponses(400, 404, 409);

/** GET /api/admin/subscriptions and POST /api/admin/subscriptions/{id}/cancel (admin; guarded by the admin scope). */
export async function adminSubscriptionsRoutes(app: FastifyInstance, deps: BillingDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/subscriptions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every subscription with its company, payer, amount, status and renewal, newest first',
        response: { 200: adminSubscriptionListResponseSchema, ...errors },
      },
    },
    async () => deps.adminPayments.subscriptions(),
  );

  r.post(
    '/api/admin/subscriptions/:id/cancel',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cancel now, or at the end of the paid period ({ atPeriodEnd: true }: the listing stays active until then)',
        params: idParamsSchema,
        body: adminCancelSubscriptionBodySchema,
        response: { 200: adminCancelSubscriptionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const answer = await deps.adminPayments.cancelSubscription(request.params.id, request.body.atPeriodEnd);
      await deps.audit.recordBy(
        request.user!,
        request.body.atPeriodEnd ? 'subscription.cancel-scheduled' : 'subscription.cancelled',
        { type: 'subscription', id: request.params.id },
        { atPeriodEnd: request.body.atPeriodEnd },
      );
      return answer;
    },
  );
}
