import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createPaymentIntentBodySchema, createPaymentIntentResponseSchema, errorResponseSchema } from '@limo/contracts';
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
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          502: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => deps.ops.createPaymentIntent(request.body, request.user, request.log),
  );
}
