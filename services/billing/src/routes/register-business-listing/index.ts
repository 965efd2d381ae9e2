import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessListingResponseSchema, currentUserSchema, errorResponses, registerBusinessListingBodySchema } from '@limo/contracts';
import { HttpError, internalCallHeaders } from '@limo/platform';
import type { BillingDeps } from '../../deps.js';

/**
 * POST /api/register-business-listing: a visitor's account (made by identity's own /api/register,
 * whose session cookie is passed on) and their paid listing.
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
          ...errorResponses(400, 402, 404, 409, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const { userData, companyData } = request.body;
      const paymentIntentId = request.body.paymentIntentId ?? companyData.paymentIntentId;
      // Checked before the account is made, so a bad payment leaves nothing half-written.
      if (paymentIntentId) await deps.ops.checkListingPayment(paymentIntentId, { userId: null, email: userData.email });
      let answer: Response;
      try {
        answer = await fetch(`${deps.ctx.config.serviceUrls.identity}/api/register`, {
          method: 'POST',
          // On the visitor's behalf: identity's per-address sign-up limit counts them, not billing.
          headers: { 'content-type': 'application/json', ...internalCallHeaders(deps.ctx.config.INTERNAL_SECRET, request) },
          body: JSON.stringify({
            username: userData.username || userData.email,
            email: userData.email,
            password: userData.password,
            role: 'business',
          }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (err) {
        request.log.error({ err }, 'identity unreachable for register-business-listing');
        throw new HttpError(502, 'Registration Failed: accounts cannot be created right now. Please try again.');
      }
      const text = await answer.text();
      if (!answer.ok) {
        let message = 'Failed to create your business listing. Please try again.';
        try {
          message = (JSON.parse(text) as { message?: string }).message ?? message;
        } catch {
          // keep the generic message
        }
        // Identity's limit is the visitor's own: they are told when to try again, as identity told us.
        const retryAfter = answer.headers.get('retry-after');
        if (answer.status === 429 && retryAfter) void reply.header('retry-after', retryAfter);
        throw new HttpError(answer.status >= 500 ? 502 : answer.status, message);
      }
      const user = currentUserSchema.parse(JSON.parse(text));
      for (const cookie of answer.headers.getSetCookie()) void reply.header('set-cookie', cookie);
      const listing = await deps.ops.registerListing(companyData, { userId: user.id, email: user.email }, paymentIntentId);
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
