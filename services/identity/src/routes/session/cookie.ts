import type { FastifyReply } from 'fastify';
import type { Config } from '@limo/platform';
import { setSessionCookie, signSession, type SignedSession } from '@limo/platform';
import type { UserDoc } from '../../repositories/users.repository.js';

/** A session for `user`, valid `ttlHours` (SESSION_TTL_HOURS): a signed JWT. */
export function sessionFor(user: UserDoc, config: Config, ttlHours: number): SignedSession {
  const { token, maxAgeSeconds } = signSession(
    { id: user._id, role: user.role, username: user.username, email: user.email },
    config.JWT_SECRET,
    ttlHours,
  );
  return { token, maxAgeSeconds };
}

/** Signs the user in for `ttlHours` (SESSION_TTL_HOURS): a JWT in an HttpOnly, SameSite=Lax cookie. */
export function signIn(reply: FastifyReply, user: UserDoc, config: Config, ttlHours: number): void {
  setSessionCookie(reply, sessionFor(user, config, ttlHours), config);
}
