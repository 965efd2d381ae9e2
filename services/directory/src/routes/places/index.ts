import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CITY_PAGE_SIZE,
  cityPageQuerySchema,
  cityPageResponseSchema,
  cityParamsSchema,
  errorResponses,
  placesResponseSchema,
  stateParamsSchema,
  stateSummarySchema,
} from '@limo/contracts';
import { notFound } from '@limo/platform';
import { toPublicCompany } from '../../domain/company-view.js';
import type { DirectoryDeps } from '../../deps.js';
import { buildPlacesIndex, cityFigures, cityPages, nearbyCities, type PlacesIndex } from '../../use-cases/places.js';

/**
 * The landing pages' data: `GET /api/places` (every state with its cities and counts, for the
 * sitemap), `/api/places/{state}` (a state page) and `/api/places/{state}/{city}?page=` (a city page:
 * its companies ranked, its figures, the nearest cities). Computed from every company once per
 * directory version (any company or review change makes a new one), in process.
 */
export async function placesRoutes(app: FastifyInstance, deps: DirectoryDeps) {
  const index = () => deps.searchCache.shared('places', async (): Promise<PlacesIndex> => buildPlacesIndex(await deps.companies.find({})));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/places',
    {
      schema: {
        tags: ['places'],
        summary: 'Every state with companies, with its cities and their counts and last change',
        response: { 200: placesResponseSchema },
      },
    },
    async () => ({ states: (await index()).states }),
  );

  r.get(
    '/api/places/:state',
    {
      schema: {
        tags: ['places'],
        summary: "A state's cities with companies, most companies first",
        params: stateParamsSchema,
        response: { 200: stateSummarySchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const state = (await index()).states.find((s) => s.slug === request.params.state);
      if (!state) throw notFound('No companies are listed in this state');
      return state;
    },
  );

  r.get(
    '/api/places/:state/:city',
    {
      schema: {
        tags: ['places'],
        summary: "A city's companies ranked (premium first, then best rated), a page at a time, with its figures and nearby cities",
        params: cityParamsSchema,
        querystring: cityPageQuerySchema,
        response: { 200: cityPageResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const places = await index();
      const city = places.cities.get(`${request.params.state}/${request.params.city}`);
      if (!city) throw notFound('No companies are listed in this city');
      const pages = cityPages(city.companies.length);
      const { page } = request.query;
      if (page > pages) throw notFound(`This city has ${pages} page${pages === 1 ? '' : 's'} of companies`);
      const ids = city.companies.slice((page - 1) * CITY_PAGE_SIZE, page * CITY_PAGE_SIZE).map((c) => c.id);
      const docs = await deps.companies.findByIds(ids);
      return {
        city: city.city,
        state: city.state,
        stateName: places.states.find((s) => s.state === city.state)?.name ?? city.state,
        page,
        pages,
        pageSize: CITY_PAGE_SIZE,
        lastModified: city.lastModified,
        figures: cityFigures(city.companies),
        companies: docs.map((doc) => toPublicCompany(doc, deps.now())),
        nearby: nearbyCities(places, city),
      };
    },
  );
}
