import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUserSchema, errorResponses, registerBodySchema } from '@limo/contracts';
import { conflict, DuplicateKeyError, enforceRateLimits } from '@limo/platform';
import { hashPassword } from '../../domain/passwords.js';
import { toCurrentUser } from '../../repositories/users.repository.js';
import type { RouteDeps } from '../deps.js';
import { setSessionCookie } from '../session/cookie.js';

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
      await enforceRateLimits(ctx.limiter, reply, [
        {
          key: `register:ip:${request.ip}`,
          limit: settings.REGISTER_RATE_LIMIT_PER_HOUR,
          windowMs: 60 * 60 * 1000,
          message: 'Too many accounts created from this address. Please try again later.',
        },
      ]);
      const { username, email, password } = request.body;
      if (await users.findByEmail(email)) throw conflict('An account with this email already exists');
      if (await users.findByUsername(username)) throw conflict('This username is already taken');
      const passwordHash = await hashPassword(password);
      let user;
      try {
        user = await users.insert({ username, email, passwordHash, role: 'business' });
      } catch (err) {
        if (err instanceof DuplicateKeyError) {
          // Lost a race with a concurrent registration of the same name or e-mail.
          throw conflict((await users.findByEmail(email)) ? 'An account with this email already exists' : 'This username is already taken');
        }
        throw err;
      }
      setSessionCookie(reply, user, ctx.config, settings.SESSION_TTL_HOURS);
      return reply.code(201).send(toCurrentUser(user));
    },
  );
}
