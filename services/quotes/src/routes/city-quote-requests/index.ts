import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cityQuotePreviewQuerySchema,
  cityQuotePreviewSchema,
  cityQuoteRequestBodySchema,
  cityQuoteRequestCreatedSchema,
  cityQuoteUnservedSchema,
  errorResponses,
  NEARBY_CITIES_LIMIT,
  type CityQuoteRequestedV1,
} from '@limo/contracts';
import { enforceRateLimits } from '@limo/platform';
import { monotonicIsoNow } from '../../domain/clock.js';
import { isReachable } from '../../domain/company-contact.js';
import { bestMatched, countKinds } from '../../domain/lead-matching.js';
import { targetCityOf } from '../../domain/service-area.js';
import type { CityRequestDoc } from '../../domain/city-request.js';
import { quoteDetails } from '../../domain/quote.js';
import { nearbyServedCities } from '../../use-cases/nearby-cities.js';
import type { RouteDeps } from '../deps.js';

/**
 * POST /api/city-quote-requests (public, rate limited per IP): finds the companies serving the city in
 * quotes' own read-model (listed in that city and state, or within 25 miles of its centre) that can
 * be reached (an e-mail address or an owner's dashboard), keeps the best-matched
 * CITY_QUOTE_MAX_COMPANIES of them (lead-matching.ts, docs/directory.md), stores the request with the
 * `city-quote.requested.v1` that fans it out (a quote for each owned company, an invitation to claim
 * the listing for each unclaimed one), and answers which. When there is none it answers 422 with the
 * nearest served cities, and stores and sends nothing.
 *
 * GET /api/city-quote-requests/preview: how many (and which kind of) companies a request would reach now.
 */
export async function cityQuoteRequestsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { ctx, companies, cityRequests } = deps;
  const max = deps.settings.CITY_QUOTE_MAX_COMPANIES;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/city-quote-requests/preview',
    {
      schema: {
        tags: ['quotes'],
        summary: 'How many companies a city-wide quote request would reach, and which kind',
        querystring: cityQuotePreviewQuerySchema,
        response: { 200: cityQuotePreviewSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { targetCity, serviceType, vehicleType } = request.query;
      const target = targetCityOf(targetCity);
      const serving = (await companies.serving(target.area)).filter(isReachable);
      const matched = bestMatched(serving, { serviceType, vehicleType, center: target.area.center }, max);
      const kinds = countKinds(matched);
      return {
        city: target.label,
        companiesNotified: matched.length,
        companiesServing: serving.length,
        verifiedOwners: kinds['verified-owner'],
        owners: kinds.owner,
        unclaimed: kinds.unclaimed,
        maxCompanies: max,
      };
    },
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/city-quote-requests',
    {
      schema: {
        tags: ['quotes'],
        summary: 'Send one quote request to the best-matched companies serving a city',
        body: cityQuoteRequestBodySchema,
        response: { 201: cityQuoteRequestCreatedSchema, 422: cityQuoteUnservedSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(ctx.limiter, reply, [
        {
          key: `city-quote:ip:${request.ip}`,
          limit: deps.settings.CITY_QUOTE_RATE_LIMIT_PER_HOUR,
          windowMs: 60 * 60 * 1000,
          message: 'Too many city-wide quote requests from this address. Please try again later.',
        },
      ]);
      const body = request.body;
      const target = targetCityOf(body.targetCity);
      const reachable = (await companies.serving(target.area)).filter(isReachable);
      const matched = bestMatched(
        reachable,
        { serviceType: body.serviceType, vehicleType: body.vehicleType, center: target.area.center },
        max,
      );
      if (matched.length === 0) {
        // Nobody would get it: say so instead of a "sent to 0 companies" success, store and send nothing.
        const nearbyCities = target.origin ? await nearbyServedCities(companies, target.origin, NEARBY_CITIES_LIMIT) : [];
        return reply.code(422).send({ message: `No limousine company serves ${target.label} yet.`, nearbyCities });
      }
      await deps.backlog.admit();
      const companyIds = matched.map((m) => m.company._id);
      const now = monotonicIsoNow();
      const doc: CityRequestDoc = {
        _id: randomUUID(),
        targetCity: body.targetCity,
        resolvedCity: target.resolved,
        companyIds,
        companiesNotified: companyIds.length,
        companies: matched.map((m) => ({ id: m.company._id, name: m.company.name, invited: m.kind === 'unclaimed' })),
        ...quoteDetails(body),
        createdAt: now,
        fanOut: companyIds.length > 0 ? 'pending' : 'done',
        confirmation: 'pending',
        confirmedAt: null,
        confirmationAttempts: 0,
        confirmationLeaseUntil: 0,
      };
      const event: CityQuoteRequestedV1 = {
        id: randomUUID(),
        type: 'city-quote.requested.v1',
        occurredAt: now,
        key: doc._id,
        data: {
          requestId: doc._id,
          targetCity: doc.targetCity,
          resolvedCity: doc.resolvedCity,
          companyIds,
          companiesNotified: doc.companiesNotified,
          ...quoteDetails(doc),
          createdAt: now,
        },
      };
      await cityRequests.insert(doc, event);
      return reply.code(201).send({
        id: doc._id,
        companiesNotified: doc.companiesNotified,
        companies: matched.map((m) => ({ id: m.company._id, name: m.company.name })),
      });
    },
  );
}
