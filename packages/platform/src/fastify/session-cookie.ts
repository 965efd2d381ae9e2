import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_IN_COOKIE } from '@limo/contracts';
import type { Config } from '../config/config.js';
import { SESSION_COOKIE } from './session.js';

/** A session identity signed (`signSession`): the token and how long it lasts. */
export interface SignedSession {
  token: string;
  maxAgeSeconds: number;
}

/** What the session cookie and the signed-in mark share: where they apply and to which requests they go. */
const scopeOf = (config: Pick<Config, 'COOKIE_SECURE'>) => ({ sameSite: 'lax', secure: config.COOKIE_SECURE, path: '/' }) as const;

/**
 * Sets the session cookie (HttpOnly, SameSite=Lax) for a session identity signed: identity at
 * sign-in, billing for the account identity made for a paid listing; and beside it the signed-in
 * mark the web app reads (`SIGNED_IN_COOKIE`, no secret in it), for as long.
 */
export function setSessionCookie(reply: FastifyReply, session: SignedSession, config: Pick<Config, 'COOKIE_SECURE'>): void {
  const options = { ...scopeOf(config), maxAge: session.maxAgeSeconds };
  void reply.setCookie(SESSION_COOKIE, session.token, { ...options, httpOnly: true });
  void reply.setCookie(SIGNED_IN_COOKIE, '1', { ...options, httpOnly: false });
}

/** Whether a request came with the session cookie or the signed-in mark (either may need ending). */
export function carriesSessionCookies(request: FastifyRequest): boolean {
  return request.cookies[SESSION_COOKIE] !== undefined || request.cookies[SIGNED_IN_COOKIE] !== undefined;
}

/** Ends the session cookie and the signed-in mark. */
export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'COOKIE_SECURE'>): void {
  void reply.clearCookie(SESSION_COOKIE, { ...scopeOf(config), httpOnly: true });
  void reply.clearCookie(SIGNED_IN_COOKIE, { ...scopeOf(config), httpOnly: false });
}

/**
 * The Set-Cookie value of the signed-in mark, for a page served to a browser whose session cookie came
 * without it (a session from before the mark existed): the web app then asks who is signed in.
 */
export function signedInMarkCookie(config: Pick<Config, 'COOKIE_SECURE'>): string {
  return `${SIGNED_IN_COOKIE}=1; Path=/; SameSite=Lax${config.COOKIE_SECURE ? '; Secure' : ''}`;
}
