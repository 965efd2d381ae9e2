import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What a caller's X-Request-Id may be: a short token, nothing that could forge a log line or header. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId` (with `requestIdHeader: false`): the caller's `X-Request-Id` when it is a
 * safe token (letters, digits, `.`, `_`, `:`, `-`; 1 to 64 characters), else a new UUID.
 */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
