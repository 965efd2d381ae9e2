import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessListingResponseSchema, errorResponses, registerBusinessListingBodySchema } from '@limo/contracts';
import { setSessionCookie } from '@limo/platform';
import { AccountRefused } from '../../identity/identity-accounts.port.js';
import type { BillingDeps } from '../../deps.js';

/**
 * POST /api/register-business-listing: a visitor's account (made by identity through billing's
 * IdentityAccounts port, signed in by the session identity answers) and their paid listing, as one
 * saga (use-cases/listing-sign-up.ts).
 */
export async function registerBusinessListingRoutes(app: FastifyInstance, deps: BillingDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/register-business-listing',
    {
      schema: {
        tags: ['billing'],
        summary: 'Create a business account and its paid listing (active once paid)',
        body: registerBusinessListingBodySchema,
        response: {
          200: businessListingResponseSchema,
          ...errorResponses(400, 402, 404, 409, 429, 502, 503),
        },
      },
    },
    async (request, reply) => {
      let signedUp;
      try {
        signedUp = await deps.listingSignUps.signUp(request.body, request);
      } catch (err) {
        // Identity's limit is the visitor's own: they are told when to try again, as identity told us.
        if (err instanceof AccountRefused && err.statusCode === 429 && err.retryAfter) void reply.header('retry-after', err.retryAfter);
        throw err;
      }
      const { listing, user, session } = signedUp;
      setSessionCookie(reply, session, deps.ctx.config);
      const isPaid = listing.status === 'paid';
      return {
        message: isPaid
          ? 'Registration Complete! Your listing is paid and live.'
          : 'Account created. Complete the payment to publish your listing.',
        companyId: listing._id,
        name: listing.company.name,
        isPaid,
        paymentRequired: !isPaid,
        user,
      };
    },
  );
}
