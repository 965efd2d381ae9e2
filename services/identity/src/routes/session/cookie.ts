import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { Config } from '@limo/platform';
import { SESSION_COOKIE, signSession } from '@limo/platform';
import type { UserDoc } from '../../repositories/users.repository.js';

/** Signs the user in for `ttlHours` (SESSION_TTL_HOURS): a JWT in an HttpOnly, SameSite=Lax cookie. */
export function setSessionCookie(reply: FastifyReply, user: UserDoc, config: Config, ttlHours: number): void {
  const { token, maxAgeSeconds } = signSession(
    { id: user._id, role: user.role, username: user.username, email: user.email },
    config.JWT_SECRET,
    ttlHours,
  );
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.COOKIE_SECURE,
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: config.COOKIE_SECURE, path: '/' });
}
