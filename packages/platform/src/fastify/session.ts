import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { roleSchema, type Role } from '@limo/contracts';

export const SESSION_COOKIE = 'limo_session';
const ISSUER = 'limodirectory';
const ALGORITHMS: jwt.Algorithm[] = ['HS256'];

const claimsSchema = z.object({
  sub: z.string(),
  jti: z.string(),
  role: roleSchema,
  username: z.string(),
  email: z.string(),
  iat: z.number(),
  exp: z.number(),
});

/** The signed-in user, as every service reads it from the session cookie. */
export interface SessionUser {
  id: string;
  role: Role;
  username: string;
  email: string;
  /** Session id, used to revoke it at logout. */
  sessionId: string;
  /** When the session was signed, in ms (to the second). */
  issuedAt: number;
  expiresAt: number;
}

/** Signs a session token (HS256, issuer-bound, expiring). */
export function signSession(
  user: { id: string; role: Role; username: string; email: string },
  secret: string,
  ttlHours: number,
): { token: string; sessionId: string; maxAgeSeconds: number } {
  const sessionId = randomUUID();
  const maxAgeSeconds = ttlHours * 3600;
  const token = jwt.sign({ role: user.role, username: user.username, email: user.email }, secret, {
    algorithm: 'HS256',
    subject: user.id,
    jwtid: sessionId,
    issuer: ISSUER,
    audience: ISSUER,
    expiresIn: maxAgeSeconds,
  });
  return { token, sessionId, maxAgeSeconds };
}

/** Verifies a session token; returns null for anything not signed by us, expired or malformed. */
export function verifySession(token: string, secret: string): SessionUser | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ALGORITHMS, issuer: ISSUER, audience: ISSUER });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return null;
    const c = claims.data;
    return {
      id: c.sub,
      role: c.role,
      username: c.username,
      email: c.email,
      sessionId: c.jti,
      issuedAt: c.iat * 1000,
      expiresAt: c.exp * 1000,
    };
  } catch {
    return null;
  }
}

/** Cache key marking a session as ended (kept until the token would have expired anyway). */
export const revokedSessionKey = (sessionId: string) => `session:revoked:${sessionId}`;

/** Cache key holding the time (ms) before which every session of the user is void, e.g. a password reset. */
export const sessionsValidAfterKey = (userId: string) => `session:valid-after:${userId}`;

/** Whether the session was ended at logout, or signed before its user's sessions were voided. */
export async function isSessionVoid(user: SessionUser, cache: { get<T>(key: string): Promise<T | undefined> }): Promise<boolean> {
  const [revoked, validAfter] = await Promise.all([
    cache.get(revokedSessionKey(user.sessionId)),
    cache.get<number>(sessionsValidAfterKey(user.id)),
  ]);
  // iat has whole seconds: a session signed in the same second as the reset stays valid.
  return Boolean(revoked) || (validAfter !== undefined && user.issuedAt < Math.floor(validAfter / 1000) * 1000);
}
