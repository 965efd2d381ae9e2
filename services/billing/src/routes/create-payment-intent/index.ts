import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createPaymentIntentBodySchema, createPaymentIntentResponseSchema, errorResponses } from '@limo/contracts';
import type { BillingDeps } from '../../deps.js';

/** POST /api/create-payment-intent: the claim and paid-listing checkouts (amount from the plan table). */
export async function createPaymentIntentRoutes(app: FastifyInstance, deps: BillingDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/create-payment-intent',
    {
      schema: {
        tags: ['billing'],
        summary: 'Start the $75/year subscription; answers the first payment’s client secret (a sent amount is ignored)',
        body: createPaymentIntentBodySchema,
        response: {
          200: createPaymentIntentResponseSchema,
          ...errorResponses(400, 403, 404, 409, 502, 503),
        },
      },
    },
    async (request) => deps.ops.createPaymentIntent(request.body, request.user, request.log),
  );
}
