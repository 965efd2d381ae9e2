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
    return { id: c.sub, role: c.role, username: c.username, email: c.email, sessionId: c.jti, expiresAt: c.exp * 1000 };
  } catch {
    return null;
  }
}

/** Cache key marking a session as ended (kept until the token would have expired anyway). */
export const revokedSessionKey = (sessionId: string) => `session:revoked:${sessionId}`;
