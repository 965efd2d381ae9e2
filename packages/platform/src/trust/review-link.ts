import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The single-use link to review a company that quotes mails a customer after a quote request, and
 * that the directory checks when the review is posted: `<claims as base64url JSON>.<HMAC-SHA256>`.
 * Both services derive the key from the shared JWT_SECRET, so no secret is added to the deployment;
 * single use is the directory's business (it records the quote id on the review).
 */
const claimsSchema = z.object({
  /** The quote request the customer made. */
  q: z.string().min(1).max(64),
  /** The company it went to. */
  c: z.string().min(1).max(64),
  /** The customer's name as typed in the request. */
  n: z.string().min(1).max(200),
  /** Expiry, epoch ms. */
  x: z.number().int(),
});

/** What a review link stands for. */
export interface ReviewLinkClaims {
  quoteId: string;
  companyId: string;
  customerName: string;
  expiresAt: Date;
}

/** Why a link was refused. */
export type ReviewLinkCheck = { ok: true; claims: ReviewLinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** The key review links are signed with, derived from the sessions' secret (never the same key). */
export function reviewLinkKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('limo-review-link-v1').digest();
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

/** Signs a link token for the claims. */
export function signReviewLink(claims: ReviewLinkClaims, key: Buffer): string {
  const payload = Buffer.from(
    JSON.stringify({ q: claims.quoteId, c: claims.companyId, n: claims.customerName, x: claims.expiresAt.getTime() }),
  ).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** Checks a token's signature, shape and expiry. */
export function verifyReviewLink(token: string, key: Buffer, now = new Date()): ReviewLinkCheck {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return { ok: false, reason: 'invalid' };
  const sent = Buffer.from(signature, 'base64url');
  const expected = mac(key, payload);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return { ok: false, reason: 'invalid' };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const parsed = claimsSchema.safeParse(decoded);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  const { q, c, n, x } = parsed.data;
  if (x <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { quoteId: q, companyId: c, customerName: n, expiresAt: new Date(x) } };
}

/**
 * A salted hash of a client value (its address, its device id): the same value gives the same hash,
 * so reviews from one client can be told apart, and the raw value is never stored. The salt is
 * derived from the sessions' secret.
 */
export function clientHash(jwtSecret: string, kind: 'ip' | 'device', value: string): string {
  const salt = createHmac('sha256', jwtSecret).update('limo-client-hash-v1').digest();
  return createHmac('sha256', salt).update(`${kind}:${value}`).digest('base64url').slice(0, 32);
}
