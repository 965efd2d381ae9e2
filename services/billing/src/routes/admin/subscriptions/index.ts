import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCancelSubscriptionBodySchema,
  adminCancelSubscriptionResponseSchema,
  adminSubscriptionListResponseSchema,
  idParamsSchema,
} from '@limo/contracts';
import type { BillingDeps } from '../../../deps.js';
import { adminSchema } from '../schema.js';

/** GET /api/admin/subscriptions and POST /api/admin/subscriptions/{id}/cancel (admin; guarded by the admin scope). */
export async function adminSubscriptionsRoutes(app: FastifyInstance, deps: BillingDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/subscriptions',
    {
      schema: adminSchema(
        'Every subscription with its company, payer, amount, status and renewal, newest first',
        adminSubscriptionListResponseSchema,
      ),
    },
    async () => deps.adminPayments.subscriptions(),
  );

  r.post(
    '/api/admin/subscriptions/:id/cancel',
    {
      schema: adminSchema(
        'Cancel now, or at the end of the paid period ({ atPeriodEnd: true }: the listing stays active until then)',
        adminCancelSubscriptionResponseSchema,
        { params: idParamsSchema, body: adminCancelSubscriptionBodySchema },
      ),
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
