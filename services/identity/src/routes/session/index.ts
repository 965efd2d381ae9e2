import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUserSchema, errorResponses, loginBodySchema, messageResponseSchema } from '@limo/contracts';
import { carriesSessionCookies, clearSessionCookie, unauthorized } from '@limo/platform';
import { verifyAgainstDecoy, verifyPassword } from '../../domain/passwords.js';
import { toCurrentUser } from '../../repositories/users.repository.js';
import type { RouteDeps } from '../deps.js';
import { signIn } from './cookie.js';
import { LoginThrottle } from './login-throttle.js';

/** POST /api/login, POST /api/logout, GET /api/me. */
export async function sessionRoutes(app: FastifyInstance, opts: RouteDeps) {
  const { ctx, settings, users, revocations } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const throttle = new LoginThrottle(ctx.limiter, ctx.cache, settings);

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
      await throttle.beforeCheck(email, request.ip, reply);
      const user = await users.findByEmail(email);
      const ok = user ? await verifyPassword(user.passwordHash, request.body.password) : await verifyAgainstDecoy(request.body.password);
      if (!user || !ok) {
        await throttle.failed(email);
        throw unauthorized('Invalid email or password');
      }
      await throttle.succeeded(email, request.ip);
      signIn(reply, user, ctx.config, settings.SESSION_TTL_HOURS);
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
    async (request, reply) => {
      const user = request.user ? await users.findById(request.user.id) : null;
      if (!user) {
        // A session cookie that no longer signs anyone in (expired, revoked, its account gone) and the
        // signed-in mark go, so the next page does not ask again.
        if (carriesSessionCookies(request)) clearSessionCookie(reply, ctx.config);
        throw unauthorized('Not authenticated');
      }
      return toCurrentUser(user);
    },
  );
}
