import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, processPaymentSuccessBodySchema, processPaymentSuccessResponseSchema } from '@limo/contracts';
import type { BillingDeps } from '../../deps.js';

/** POST /api/process-payment-success: the claim of a succeeded payment, created exactly once. */
export async function processPaymentSuccessRoutes(app: FastifyInstance, deps: BillingDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/process-payment-success',
    {
      schema: {
        tags: ['billing'],
        summary: 'Check the payment with the provider and create the business claim (idempotent per payment)',
        body: processPaymentSuccessBodySchema,
        response: {
          200: processPaymentSuccessResponseSchema,
          ...errorResponses(400, 402, 404, 503),
        },
      },
    },
    async (request) => deps.ops.processPaymentSuccess(request.body, request.user),
  );
}
