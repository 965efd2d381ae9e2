import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUserSchema, errorResponses, registerBodySchema } from '@limo/contracts';
import { enforceRateLimits } from '@limo/platform';
import { toCurrentUser } from '../../repositories/users.repository.js';
import type { RouteDeps } from '../deps.js';
import { registerAccount, signUpLimit } from '../../use-cases/register-account.js';
import { signIn } from '../session/cookie.js';

/** POST /api/register: always creates a business account, then signs it in. */
export async function registerRoutes(app: FastifyInstance, opts: RouteDeps) {
  const { ctx, settings, users } = opts;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/register',
    {
      schema: {
        tags: ['session'],
        summary: 'Create a business account (the role sent is ignored) and sign it in',
        body: registerBodySchema,
        response: { 201: currentUserSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(ctx.limiter, reply, [signUpLimit(request.ip, settings)]);
      const { username, email, password } = request.body;
      const user = await registerAccount(users, { username, email, password });
      signIn(reply, user, ctx.config, settings.SESSION_TTL_HOURS);
      return reply.code(201).send(toCurrentUser(user));
    },
  );
}
