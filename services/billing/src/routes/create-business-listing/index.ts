import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessListingBodySchema, businessListingResponseSchema, errorResponses } from '@limo/contracts';
import type { BillingDeps } from '../../deps.js';

/** POST /api/create-business-listing: a signed-in owner's paid listing, kept unpaid until its payment succeeds. */
export async function createBusinessListingRoutes(app: FastifyInstance, deps: BillingDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/create-business-listing',
    {
      schema: {
        tags: ['billing'],
        summary: 'Register a paid listing (active once its $75/year payment succeeded)',
        body: businessListingBodySchema,
        response: {
          200: businessListingResponseSchema,
          ...errorResponses(400, 401, 402, 404, 409),
        },
      },
    },
    async (request) => {
      const listing = await deps.ops.registerListing(
        request.body,
        { userId: request.user!.id, email: request.user!.email },
        request.body.paymentIntentId,
      );
      const isPaid = listing.status === 'paid';
      return {
        message: isPaid ? 'Your listing is paid and live.' : 'Listing saved. Complete the payment to publish it.',
        companyId: listing._id,
        name: listing.company.name,
        isPaid,
        paymentRequired: !isPaid,
      };
    },
  );
}
