import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
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
import { targetCityOf } from '../../domain/service-area.js';
import type { CityRequestDoc } from '../../domain/city-request.js';
import { nearbyServedCities } from '../../nearby-cities.js';
import type { RouteDeps } from '../deps.js';

/**
 * POST /api/city-quote-requests (public, rate limited per IP): finds the companies serving the city in
 * quotes' own read-model (listed in that city and state, or within 25 miles of its centre) that can
 * be reached (an e-mail address or an owner's dashboard), stores the request with the
 * `city-quote.requested.v1` that fans it out into one quote per company, and answers how many. When
 * there is none it answers 422 with the nearest served cities, and stores and sends nothing.
 */
export async function cityQuoteRequestsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { ctx, companies, cityRequests } = deps;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/city-quote-requests',
    {
      schema: {
        tags: ['quotes'],
        summary: 'Send one quote request to every company serving a city',
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
      if (reachable.length === 0) {
        // Nobody would get it: say so instead of a "sent to 0 companies" success, store and send nothing.
        const nearbyCities = target.origin ? await nearbyServedCities(companies, target.origin, NEARBY_CITIES_LIMIT) : [];
        return reply.code(422).send({ message: `No limousine company serves ${target.label} yet.`, nearbyCities });
      }
      await deps.backlog.admit();
      const companyIds = reachable.map((c) => c._id);
      const now = monotonicIsoNow();
      const doc: CityRequestDoc = {
        _id: randomUUID(),
        targetCity: body.targetCity,
        resolvedCity: target.resolved,
        companyIds,
        companiesNotified: companyIds.length,
        customerName: body.customerName,
        customerEmail: body.customerEmail,
        customerPhone: body.customerPhone,
        serviceType: body.serviceType,
        vehicleType: body.vehicleType,
        passengerCount: body.passengerCount,
        pickupLocation: body.pickupLocation,
        dropoffLocation: body.dropoffLocation,
        tripDate: body.tripDate,
        tripTime: body.tripTime,
        specialRequests: body.specialRequests ?? null,
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
          customerName: doc.customerName,
          customerEmail: doc.customerEmail,
          customerPhone: doc.customerPhone,
          serviceType: doc.serviceType,
          vehicleType: doc.vehicleType,
          passengerCount: doc.passengerCount,
          pickupLocation: doc.pickupLocation,
          dropoffLocation: doc.dropoffLocation,
          tripDate: doc.tripDate,
          tripTime: doc.tripTime,
          specialRequests: doc.specialRequests,
          createdAt: now,
        },
      };
      await cityRequests.insert(doc, event);
      return reply.code(201).send({ id: doc._id, companiesNotified: doc.companiesNotified });
    },
  );
}
