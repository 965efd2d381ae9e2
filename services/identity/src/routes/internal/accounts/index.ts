import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, internalAccountBodySchema, internalAccountRemovedSchema, internalAccountResponseSchema } from '@limo/contracts';
import { enforceRateLimits, requireInternal } from '@limo/platform';
import { toCurrentUser } from '../../../repositories/users.repository.js';
import { registerAccount, signUpLimit } from '../../../use-cases/register-account.js';
import type { RouteDeps } from '../../deps.js';
import { sessionFor } from '../../session/cookie.js';

/**
 * Billing's `IdentityAccounts` port (internal secret only; the gateway never routes `/internal`):
 * POST /internal/accounts makes the business account of a paid-listing sign-up and answers a session
 * for it, which billing sets as the visitor's cookie; DELETE /internal/accounts/by-sign-up/{signUpId}
 * removes that account again when the sign-up's listing could not be made (billing's compensation).
 */
export async function internalAccountRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { ctx, settings, users } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const internalOnly = requireInternal(ctx.config.INTERNAL_SECRET);

  r.post(
    '/internal/accounts',
    {
      schema: {
        hide: true,
        body: internalAccountBodySchema,
        response: { 201: internalAccountResponseSchema, ...errorResponses(400, 403, 409, 429) },
      },
      preHandler: internalOnly,
    },
    async (request, reply) => {
      // Billing calls on the visitor's behalf (their address forwarded): the same limit as /api/register.
      await enforceRateLimits(ctx.limiter, reply, [signUpLimit(request.ip, settings)]);
      const user = await registerAccount(users, request.body);
      return reply.code(201).send({ user: toCurrentUser(user), session: sessionFor(user, ctx.config, settings.SESSION_TTL_HOURS) });
    },
  );

  r.delete(
    '/internal/accounts/by-sign-up/:signUpId',
    {
      schema: {
        hide: true,
        params: z.object({ signUpId: z.string().uuid() }),
        response: { 200: internalAccountRemovedSchema, ...errorResponses(400, 403) },
      },
      preHandler: internalOnly,
    },
    async (request) => {
      const removed = await users.removeSignUpAccount(request.params.signUpId);
      if (removed) request.log.info({ userId: removed._id, signUpId: request.params.signUpId }, 'sign-up account removed');
      return { removed: removed !== null };
    },
  );
}
