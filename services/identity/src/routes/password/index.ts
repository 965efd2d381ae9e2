import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  forgotPasswordBodySchema,
  messageResponseSchema,
  resetPasswordBodySchema,
  type PasswordResetRequestedV1,
} from '@limo/contracts';
import { badRequest, enforceRateLimits } from '@limo/platform';
import { hashPassword } from '../../domain/passwords.js';
import { hashResetToken, newResetToken, RESET_TOKEN_TTL_MS } from '../../domain/reset-token.js';
import type { RouteDeps } from '../deps.js';

const FORGOT_PASSWORD_MESSAGE = "If an account with that email exists, we've sent a password reset link.";
const INVALID_TOKEN_MESSAGE = 'Invalid or expired reset token';

/** POST /api/forgot-password and POST /api/reset-password. */
export async function passwordRoutes(app: FastifyInstance, opts: RouteDeps) {
  const { ctx, settings, users, revocations } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/forgot-password',
    {
      schema: {
        tags: ['password'],
        summary: 'Mail a one-hour reset link; answers the same whether or not the e-mail exists',
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      await enforceRateLimits(ctx.limiter, reply, [
        {
          key: `forgot:ip:${request.ip}`,
          limit: 20,
          windowMs: 60 * 60 * 1000,
          message: 'Too many reset requests. Please try again later.',
        },
      ]);
      // Per address the limit is silent: the answer must not reveal whether the account exists.
      const perAccount = await ctx.limiter.hit(`rl:forgot:account:${email}`, 5, 60 * 60 * 1000);
      const user = await users.findByEmail(email);
      if (user && perAccount.allowed) {
        const { token, tokenHash } = newResetToken();
        const now = new Date();
        const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString();
        const resetUrl = `${ctx.config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
        const event: PasswordResetRequestedV1 = {
          id: randomUUID(),
          type: 'password-reset.requested.v1',
          occurredAt: now.toISOString(),
          key: user._id,
          data: { userId: user._id, email: user.email, username: user.username, resetUrl, expiresAt },
        };
        await users.setResetToken(user._id, tokenHash, expiresAt, event);
      }
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  r.post(
    '/api/reset-password',
    {
      schema: {
        tags: ['password'],
        summary: 'Set a new password with the token from the reset mail (single use, one hour)',
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(ctx.limiter, reply, [
        { key: `reset:ip:${request.ip}`, limit: 30, windowMs: 15 * 60 * 1000, message: 'Too many attempts. Please try again later.' },
      ]);
      const tokenHash = hashResetToken(request.body.token);
      const user = await users.findByValidResetToken(tokenHash, new Date());
      if (!user) throw badRequest(INVALID_TOKEN_MESSAGE, 'token');
      const passwordHash = await hashPassword(request.body.newPassword);
      const updated = await users.consumeResetToken(user._id, tokenHash, passwordHash);
      if (!updated) throw badRequest(INVALID_TOKEN_MESSAGE, 'token');
      // Whoever knew the old password is signed out everywhere.
      await revocations.voidSessionsBefore(user._id, Date.now(), settings.SESSION_TTL_HOURS * 3600 * 1000);
      return { message: 'Your password has been reset. You can now log in.' };
    },
  );
}
