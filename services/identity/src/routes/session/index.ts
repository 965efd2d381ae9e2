import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUserSchema, errorResponses, loginBodySchema, messageResponseSchema } from '@limo/contracts';
import { enforceRateLimits, unauthorized } from '@limo/platform';
import { verifyAgainstDecoy, verifyPassword } from '../../domain/passwords.js';
import { toCurrentUser } from '../../repositories/users.repository.js';
import type { RouteDeps } from '../deps.js';
import { clearSessionCookie, setSessionCookie } from './cookie.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** POST /api/login, POST /api/logout, GET /api/me. */
export async function sessionRoutes(app: FastifyInstance, opts: RouteDeps) {
  const { ctx, settings, users, revocations } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/login',
    {
      schema: {
        tags: ['session'],
        summary: 'Sign in with e-mail and password; sets the session cookie',
        body: loginBodySchema,
        response: { 200: currentUserSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      await enforceRateLimits(ctx.limiter, reply, [
        {
          key: `login:ip:${request.ip}`,
          limit: settings.LOGIN_RATE_LIMIT_PER_15_MIN,
          windowMs: FIFTEEN_MINUTES,
          message: 'Too many login attempts. Please try again later.',
        },
        {
          key: `login:account:${email}`,
          limit: 10,
          windowMs: FIFTEEN_MINUTES,
          message: 'Too many login attempts for this account. Please try again in 15 minutes.',
        },
      ]);
      const user = await users.findByEmail(email);
      const ok = user ? await verifyPassword(user.passwordHash, request.body.password) : await verifyAgainstDecoy(request.body.password);
      if (!user || !ok) throw unauthorized('Invalid email or password');
      await ctx.limiter.reset(`rl:login:account:${email}`);
      setSessionCookie(reply, user, ctx.config, settings.SESSION_TTL_HOURS);
      return toCurrentUser(user);
    },
  );

  r.post(
    '/api/logout',
    { schema: { tags: ['session'], summary: 'End the session', response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      if (request.user) {
        await revocations.revokeSession(request.user.sessionId, request.user.expiresAt);
      }
      clearSessionCookie(reply, ctx.config);
      return { message: 'Logged out successfully' };
    },
  );

  r.get(
    '/api/me',
    {
      schema: {
        tags: ['session'],
        summary: 'The signed-in user; 401 when signed out',
        response: { 200: currentUserSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized('Not authenticated');
      const user = await users.findById(request.user.id);
      if (!user) throw unauthorized('Not authenticated');
      return toCurrentUser(user);
    },
  );
}
