import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { citySuggestionSchema, citySuggestQuerySchema, errorResponseSchema } from '@limo/contracts';
import { suggestCities } from '@limo/geo';

/** GET /api/geo/cities?q=: "City, ST" suggestions for the location box, from the offline gazetteer. */
export async function geoRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/geo/cities',
    {
      schema: {
        tags: ['geo'],
        summary: 'US cities starting with q, largest first',
        querystring: citySuggestQuerySchema,
        response: { 200: z.array(citySuggestionSchema), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'public, max-age=86400');
      return suggestCities(request.query.q, request.query.limit).map(({ label, city, state, latitude, longitude }) => ({ label, city, state, latitude, longitude }));
    },
  );
}
