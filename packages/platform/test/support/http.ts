import { SESSION_COOKIE, signSession } from '../../src/fastify/session.js';

/**
 * Fresh client addresses `<prefix>.x.y`, one a call, so the per-IP limits of one test never trip
 * another. Give each test file its own prefix.
 */
export function ipSequence(prefix: string): () => string {
  let counter = 0;
  return () => `${prefix}.${Math.floor(++counter / 250)}.${counter % 250}`;
}

/** The cookie header of a session signed as the identity service signs it (valid one hour). */
export function sessionCookie(user: Parameters<typeof signSession>[0], secret: string): string {
  return `${SESSION_COOKIE}=${signSession(user, secret, 1).token}`;
}
