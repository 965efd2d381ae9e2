import type { FastifyBaseLogger } from 'fastify';
import { httpClientClosed } from '../metrics/metrics.js';

/** The status logged for a request its client gave up on (nginx's "client closed request"). */
export const CLIENT_CLOSED_STATUS = 499;

/** Whether the client closed the connection before its answer: its own doing, not a failure of ours. */
export function clientClosed(request: { raw: { socket: { destroyed: boolean } | null; destroyed: boolean; complete: boolean } }): boolean {
  return request.raw.socket?.destroyed === true || (request.raw.destroyed && !request.raw.complete);
}

/**
 * Ends a request its client gave up on: logged at info as 499 and counted apart
 * (`limo_http_client_closed_total{service}` on `/metrics`), never an error nor a 5xx.
 */
export function endClientClosed(reply: { log: FastifyBaseLogger; code(statusCode: number): { send(): unknown } }, service: string): void {
  httpClientClosed.inc({ service });
  reply.log.info({ statusCode: CLIENT_CLOSED_STATUS }, 'client closed the request');
  void reply.code(CLIENT_CLOSED_STATUS).send();
}
