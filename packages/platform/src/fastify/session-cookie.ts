import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config/config.js';
import { SESSION_COOKIE } from './session.js';

/** A session identity signed (`signSession`): the token and how long it lasts. */
export interface SignedSession {
  token: string;
  maxAgeSeconds: number;
}

/**
 * Sets the session cookie (HttpOnly, SameSite=Lax) for a session identity signed: identity at
 * sign-in, billing for the account identity made for a paid listing.
 */
export function setSessionCookie(reply: FastifyReply, session: SignedSession, config: Pick<Config, 'COOKIE_SECURE'>): void {
  void reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.COOKIE_SECURE,
    path: '/',
    maxAge: session.maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'COOKIE_SECURE'>): void {
  void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: config.COOKIE_SECURE, path: '/' });
}
