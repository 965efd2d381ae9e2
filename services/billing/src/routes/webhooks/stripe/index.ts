import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, webhookResponseSchema } from '@limo/contracts';
import { HttpError } from '@limo/platform';
import type { BillingDeps } from '../../../deps.js';
import { WebhookSignatureError } from '../../../payments/payments.port.js';

/**
 * POST /api/webhooks/stripe: the signature is checked over the raw body first (401, nothing read);
 * the event is stored once by its id (a replay answers 200 `duplicate: true` and changes nothing)
 * and handled by billing's consumer through the bus, so the answer is fast.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, deps: BillingDeps) {
  // The raw body is needed for the signature: a parser for this plugin's scope only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/webhooks/stripe',
    {
      bodyLimit: 1024 * 1024,
      schema: {
        tags: ['billing'],
        summary: 'Payment provider webhooks (Stripe-Signature checked, de-duplicated by event id)',
        response: { 200: webhookResponseSchema, ...errorResponses(401, 503) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      const provider = await deps.registry.current();
      let event;
      try {
        event = provider.verifyWebhook(raw, typeof header === 'string' ? header : undefined);
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          request.log.warn({ reason: err.message }, 'webhook refused: bad signature');
          throw new HttpError(401, 'Invalid webhook signature');
        }
        // Signed correctly but not an event billing can read: acknowledged so the provider stops retrying.
        request.log.warn({ err }, 'signed webhook with an unreadable event, ignored');
        return { received: true as const, duplicate: false };
      }
      const stored = await deps.webhookEvents.record(provider.name, event);
      return { received: true as const, duplicate: !stored };
    },
  );
}
