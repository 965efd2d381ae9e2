import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mapsKeyConfigResponseSchema } from '@limo/contracts';
import type { BillingDeps } from '../../deps.js';

/** GET /api/config/maps-key: the browser maps key saved in Settings (or GOOGLE_MAPS_API_KEY), or null, and MAP_STYLE_URL. */
export async function configRoutes(app: FastifyInstance, deps: BillingDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/config/maps-key',
    {
      schema: {
        tags: ['billing'],
        summary: 'The public maps key for the browser, or null',
        response: { 200: mapsKeyConfigResponseSchema },
      },
    },
    async () => ({ googleMapsApiKey: (await deps.registry.effectiveKeys()).googleMapsApiKey, mapStyleUrl: deps.settings.MAP_STYLE_URL }),
  );
}
