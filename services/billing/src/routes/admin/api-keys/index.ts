import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeysBodySchema, apiKeysResponseSchema, errorResponses, maskedApiKeysSchema, type MaskedApiKeys } from '@limo/contracts';
import type { BillingDeps } from '../../../deps.js';
import { maskKey } from '../../../domain/mask.js';
import { KEY_FIELDS, type KeyField } from '../../../domain/provider-keys.js';

async function masked(deps: BillingDeps): Promise<MaskedApiKeys> {
  deps.registry.invalidate();
  const keys = await deps.registry.effectiveKeys();
  const saved = await deps.keys.read();
  return {
    stripeSecretKey: maskKey(keys.stripeSecretKey),
    stripePublicKey: maskKey(keys.stripePublicKey),
    stripeWebhookSecret: maskKey(keys.stripeWebhookSecret),
    googleMapsApiKey: maskKey(keys.googleMapsApiKey),
    provider: keys.stripeSecretKey ? 'stripe' : 'simulator',
    updatedAt: saved.updatedAt,
  };
}

/** GET and POST /api/admin/api-keys: provider keys stored encrypted, answered masked, applied at once. */
export async function apiKeysRoutes(app: FastifyInstance, deps: BillingDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = errorResponses(400);

  r.get(
    '/api/admin/api-keys',
    { schema: { tags: ['admin'], summary: 'The keys in force, masked', response: { 200: maskedApiKeysSchema, ...errors } } },
    async () => masked(deps),
  );

  r.post(
    '/api/admin/api-keys',
    {
      schema: {
        tags: ['admin'],
        summary: 'Save the payment and maps keys (absent or empty keeps a key, null removes it); applied without a restart',
        body: apiKeysBodySchema,
        response: { 200: apiKeysResponseSchema, ...errors },
      },
    },
    async (request) => {
      const changes: Partial<Record<KeyField, string | null>> = {};
      for (const field of KEY_FIELDS) {
        const value = request.body[field];
        if (value === null) changes[field] = null;
        else if (value) changes[field] = value;
      }
      await deps.keys.save(changes, request.user!.id);
      request.log.info({ fields: Object.keys(changes), by: request.user!.id }, 'provider keys saved');
      return { message: 'API Keys Saved', keys: await masked(deps) };
    },
  );
}
