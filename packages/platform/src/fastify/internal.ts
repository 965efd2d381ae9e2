import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';
import { traceHeaders } from '../tracing/tracing.js';

/** Header carrying INTERNAL_SECRET: set by the gateway on what it proxies and by services calling each other. */
export const INTERNAL_HEADER = 'x-limo-internal';

/** Whether the request carries the shared internal secret (compared in constant time). */
export function hasInternalSecret(request: FastifyRequest, secret: string): boolean {
  const given = request.headers[INTERNAL_HEADER];
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** preHandler for `/internal/*` routes: 403 unless the caller holds the internal secret. */
export const requireInternal = (secret: string) => async (request: FastifyRequest) => {
  if (!hasInternalSecret(request, secret)) throw new HttpError(403, 'Internal route');
};

/**
 * Headers of a call from one of our services to another. The internal secret proves the caller is
 * ours; with `onBehalfOf`, the client's address (its `request.ip`, believed only from the gateway)
 * and request id travel along, so the callee's per-IP limits count that client, not the caller.
 */
export function internalCallHeaders(secret: string, onBehalfOf?: Pick<FastifyRequest, 'ip' | 'id'>): Record<string, string> {
  return {
    [INTERNAL_HEADER]: secret,
    ...traceHeaders(),
    ...(onBehalfOf ? { 'x-forwarded-for': onBehalfOf.ip, 'x-request-id': onBehalfOf.id } : {}),
  };
}
