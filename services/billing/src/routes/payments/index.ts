import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CLAIM_PLAN,
  errorResponses,
  paymentsConfigResponseSchema,
  simulatorConfirmBodySchema,
  simulatorConfirmResponseSchema,
} from '@limo/contracts';
import { HttpError, notFound } from '@limo/platform';
import type { BillingDeps } from '../../deps.js';
import { CardDeclinedError } from '../../payments/payments.port.js';
import { SIMULATOR_TEST_CARDS } from '../../payments/test-cards.js';

/** GET /api/payments/config and POST /api/payments/simulator/confirm. */
export async function paymentsRoutes(app: FastifyInstance, deps: BillingDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/payments/config',
    {
      schema: {
        tags: ['billing'],
        summary: 'Which payment provider is active, its publishable key and the plan',
        response: { 200: paymentsConfigResponseSchema, ...errorResponses(503) },
      },
    },
    async () => {
      const provider = await deps.registry.current();
      return {
        provider: provider.name,
        publishableKey: provider.publishableKey,
        testMode: provider.testMode,
        plan: {
          id: CLAIM_PLAN.id,
          name: CLAIM_PLAN.name,
          amount: CLAIM_PLAN.amount,
          currency: CLAIM_PLAN.currency,
          interval: CLAIM_PLAN.interval,
        },
        testCards: provider.name === 'simulator' ? SIMULATOR_TEST_CARDS.map((c) => ({ number: c.number, outcome: c.outcome })) : [],
      };
    },
  );

  r.post(
    '/api/payments/simulator/confirm',
    {
      schema: {
        tags: ['billing'],
        summary: 'Test mode: confirm a payment with a simulator test card (4242… succeeds, …0002 declines, …3155 needs authentication)',
        body: simulatorConfirmBodySchema,
        response: {
          200: simulatorConfirmResponseSchema,
          ...errorResponses(400, 402, 404, 409, 503),
        },
      },
    },
    async (request, reply) => {
      void reply.header('x-payments-mode', 'test');
      const provider = await deps.registry.current();
      const simulator = deps.registry.simulator();
      if (provider.name !== 'simulator' || !simulator)
        throw new HttpError(409, 'The payment simulator is not active: payments go through Stripe');
      try {
        const result = simulator.confirm(request.body);
        if (!result) throw notFound('Payment session not found. Please refresh the page to start a new one (test mode).');
        return {
          status: result.status,
          paymentIntentId: result.paymentIntentId,
          testMode: true as const,
          nextAction:
            result.status === 'requires_action' ? 'Authentication required: confirm again with authenticate: true (test mode)' : null,
        };
      } catch (err) {
        if (err instanceof CardDeclinedError) throw new HttpError(402, `${err.message} (test mode)`);
        throw err;
      }
    },
  );
}
