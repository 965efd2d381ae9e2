import { randomUUID } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientHash, HttpError, reviewLinkKey, verifyReviewLink, type ReviewLinkClaims } from '@limo/platform';
import type { DirectoryDeps } from '../deps.js';

/** The cookie that tells one browser's reviews apart (a random id; only its salted hash is stored). */
const DEVICE_COOKIE = 'limo_device';
/** A client that is not a browser may send its device id in this header instead. */
const DEVICE_HEADER = 'x-device-id';

/**
 * The claims of a mailed review link that may still be used: 400 when it is not one of ours, 410 when
 * it expired, 409 when a review was already posted through it.
 */
export async function usableReviewLink(deps: DirectoryDeps, token: string): Promise<ReviewLinkClaims> {
  const check = verifyReviewLink(token, reviewLinkKey(deps.ctx.config.JWT_SECRET));
  if (!check.ok) {
    if (check.reason === 'expired') throw new HttpError(410, 'This review link has expired');
    throw new HttpError(400, 'This review link is not valid', [{ field: 'reviewToken', message: 'This review link is not valid' }]);
  }
  if (await deps.reviews.findByQuote(check.claims.quoteId)) throw new HttpError(409, 'This review link was already used');
  return check.claims;
}

/**
 * Salted hashes of the client's address and device id. A browser without a device cookie gets one
 * (a random id, for a year), so its next reviews can be told apart.
 */
export function clientHashes(
  deps: DirectoryDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): { ipHash: string | null; deviceHash: string | null } {
  const secret = deps.ctx.config.JWT_SECRET;
  const header = request.headers[DEVICE_HEADER];
  let device = (typeof header === 'string' && header.trim().slice(0, 200)) || request.cookies[DEVICE_COOKIE] || null;
  if (!device) {
    device = randomUUID();
    void reply.setCookie(DEVICE_COOKIE, device, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.ctx.config.COOKIE_SECURE,
      maxAge: 365 * 24 * 60 * 60,
    });
  }
  return {
    ipHash: request.ip ? clientHash(secret, 'ip', request.ip) : null,
    deviceHash: clientHash(secret, 'device', device),
  };
}
