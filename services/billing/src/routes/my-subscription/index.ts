import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  mySubscriptionActionBodySchema,
  mySubscriptionActionResponseSchema,
  mySubscriptionCardBodySchema,
  mySubscriptionCardConfirmBodySchema,
  mySubscriptionCardResponseSchema,
  mySubscriptionQuerySchema,
  mySubscriptionSchema,
} from '@limo/contracts';
import type { BillingDeps } from '../../deps.js';

const errors = errorResponses(400, 401, 404, 409);

/**
 * The owner's self-service (Stripe's customer portal): GET /api/my-subscription, POST …/cancel,
 * …/resume, …/card and …/card/confirm. Only the signed-in user's own subscriptions are found; `companyId` (query or body)
 * picks one of several, else the first live one.
 */
export async function mySubscriptionRoutes(app: FastifyInstance, deps: BillingDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/my-subscription',
    {
      schema: {
        tags: ['billing'],
        summary: "The signed-in owner's subscription: status, plan, amount, renewal or end, card and receipts",
        querystring: mySubscriptionQuerySchema,
        response: { 200: mySubscriptionSchema, ...errors },
      },
    },
    async (request) => deps.mySubscription.view(request.user!, request.query.companyId),
  );

  for (const [action, summary] of [
    ['cancel', 'Cancel at the end of the year paid: the listing stays active until then'],
    ['resume', 'Undo a cancellation before the period ends: the subscription renews again'],
  ] as const) {
    r.post(
      `/api/my-subscription/${action}`,
      {
        schema: {
          tags: ['billing'],
          summary,
          querystring: mySubscriptionQuerySchema,
          body: mySubscriptionActionBodySchema,
          response: { 200: mySubscriptionActionResponseSchema, ...errors },
        },
      },
      async (request) => deps.mySubscription[action](request.user!, request.body?.companyId ?? request.query.companyId),
    );
  }

  r.post(
    '/api/my-subscription/card',
    {
      schema: {
        tags: ['billing'],
        summary:
          'Update the card the renewals charge: with Stripe, answers a SetupIntent clientSecret to confirm with Stripe Elements; with the simulator, takes its test card (a past-due renewal is paid with it)',
        body: mySubscriptionCardBodySchema,
        response: { 200: mySubscriptionCardResponseSchema, ...errorResponses(400, 401, 402, 404, 409) },
      },
    },
    async (request) => deps.mySubscription.updateCard(request.user!, request.body),
  );

  r.post(
    '/api/my-subscription/card/confirm',
    {
      schema: {
        tags: ['billing'],
        summary: "Stripe: the confirmed SetupIntent's card becomes the customer's and the subscription's default (safe to repeat)",
        body: mySubscriptionCardConfirmBodySchema,
        response: { 200: mySubscriptionActionResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => deps.mySubscription.confirmCard(request.user!, request.body),
  );
}
