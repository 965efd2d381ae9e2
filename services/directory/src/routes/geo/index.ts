import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { citySuggestionSchema, citySuggestQuerySchema, errorResponses, reverseGeocodeQuerySchema } from '@limo/contracts';
import { nearestCity, nearestZip, suggestCities } from '@limo/geo';
import { notFound } from '@limo/platform';

/**
 * GET /api/geo/cities?q=: "City, ST" suggestions for the location box, and GET /api/geo/reverse: the
 * city at the browser's position ("Find Companies Near Me" without a maps key), both offline.
 */
export async function geoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/geo/cities',
    {
      schema: {
        tags: ['geo'],
        summary: 'US cities starting with q, largest first',
        querystring: citySuggestQuerySchema,
        response: { 200: z.array(citySuggestionSchema), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'public, max-age=86400');
      return suggestCities(request.query.q, request.query.limit).map(({ label, city, state, latitude, longitude }) => ({
        label,
        city,
        state,
        latitude,
        longitude,
        zipCode: nearestZip({ latitude, longitude }, state),
      }));
    },
  );

  r.get(
    '/api/geo/reverse',
    {
      schema: {
        tags: ['geo'],
        summary: 'The US city nearest to a position (within 30 miles)',
        querystring: reverseGeocodeQuerySchema,
        response: { 200: citySuggestionSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const city = nearestCity(request.query);
      if (!city) throw notFound('Unable to determine your city from location');
      return { label: city.label, city: city.city, state: city.state, latitude: city.latitude, longitude: city.longitude };
    },
  );
}
