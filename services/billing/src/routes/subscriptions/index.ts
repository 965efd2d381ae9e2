import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancelSubscriptionResponseSchema,
  errorResponses,
  idParamsSchema,
  subscriptionListQuerySchema,
  subscriptionListResponseSchema,
} from '@limo/contracts';
import { notFound } from '@limo/platform';
import type { BillingDeps } from '../../deps.js';
import { toSubscriptionView } from '../../repositories/subscriptions.repository.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** GET /api/subscriptions: status and end date per company and user. */
export async function subscriptionsRoutes(app: FastifyInstance, deps: BillingDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/subscriptions',
    {
      schema: {
        tags: ['billing'],
        summary: "The signed-in user's subscriptions (admins: any company's with ?companyId=)",
        querystring: subscriptionListQuerySchema,
        response: { 200: subscriptionListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.user!;
      const { companyId } = request.query;
      if (user.role === 'admin') return (await deps.subscriptions.find(companyId ? { companyId } : {})).map(toSubscriptionView);
      const own = await deps.subscriptions.find({ userId: user.id });
      return own.filter((s) => !companyId || s.companyId === companyId).map(toSubscriptionView);
    },
  );
}

/** POST /api/subscriptions/{id}/cancel: admins only, registered in billing's admin scope. */
export async function cancelSubscriptionRoutes(app: FastifyInstance, deps: BillingDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/subscriptions/:id/cancel',
    {
      schema: {
        tags: ['billing'],
        summary: 'Cancel at the end of the paid year (cancellation goes through support); the listing stays premium until then',
        params: idParamsSchema,
        response: { 200: cancelSubscriptionResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deps.ops.cancelSubscription(request.params.id);
      await deps.audit.recordBy(request.user!, 'subscription.cancel-scheduled', { type: 'subscription', id: request.params.id });
      const sub = await deps.subscriptions.findById(request.params.id);
      if (!sub) throw notFound('Subscription not found');
      const view = toSubscriptionView(sub);
      return {
        message:
          view.cancelAtPeriodEnd && view.status === 'active'
            ? `Canceled: the listing stays active until ${view.currentPeriodEnd}`
            : 'Subscription canceled',
        subscription: view,
      };
    },
  );
}
