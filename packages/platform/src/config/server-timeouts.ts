import type { ServerOptions } from 'node:http';
import { z } from 'zod';

/**
 * How long the gateway keeps an idle pooled connection to a service at most (its undici pools, whatever
 * Keep-Alive hint the service sends). A service keeps an idle connection open longer
 * (HTTP_KEEP_ALIVE_TIMEOUT_MS), so the gateway always closes it first and never sends a request on a
 * socket the service is closing.
 */
export const UPSTREAM_IDLE_TIMEOUT_MS = 60_000;

const ms = (min: number, fallback: number, tooShort?: string) =>
  z.coerce.number().int().min(min, tooShort).max(3_600_000).default(fallback);

/** The HTTP server timeouts of the gateway and every service, from the environment (milliseconds). */
export const serverTimeoutsEnv = {
  /** A connection with no bytes either way for this long is closed (a stalled client or handler). */
  HTTP_CONNECTION_TIMEOUT_MS: ms(1_000, 120_000),
  /** The whole request, headers and body, must arrive within this (a 5 MB upload over a slow line fits). */
  HTTP_REQUEST_TIMEOUT_MS: ms(1_000, 120_000),
  /** The request headers must arrive within this: a client trickling them (slow loris) is cut off. */
  HTTP_HEADERS_TIMEOUT_MS: ms(100, 15_000),
  /** An idle keep-alive connection is closed after this; longer than the gateway's upstream pool idle time. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: ms(
    UPSTREAM_IDLE_TIMEOUT_MS + 1_000,
    72_000,
    `must be at least ${UPSTREAM_IDLE_TIMEOUT_MS + 1_000}: longer than the gateway keeps an idle connection to a service`,
  ),
};

type ServerTimeoutsEnv = { [K in keyof typeof serverTimeoutsEnv]: number };

/** The rule between two timeouts, reported on the variable to change (Node refuses the pair otherwise). */
export function checkServerTimeouts(env: ServerTimeoutsEnv, ctx: z.RefinementCtx): void {
  if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
    ctx.addIssue({
      code: 'custom',
      path: ['HTTP_HEADERS_TIMEOUT_MS'],
      message: `must not be longer than HTTP_REQUEST_TIMEOUT_MS (${env.HTTP_REQUEST_TIMEOUT_MS})`,
    });
  }
}

/**
 * Fastify's server options for those timeouts. Node checks the headers and request deadlines on a
 * timer (every 30 s by default): here a few times within the headers deadline, so a slow client is
 * cut off close to it.
 */
export function serverTimeouts(env: ServerTimeoutsEnv): {
  connectionTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  return {
    connectionTimeout: env.HTTP_CONNECTION_TIMEOUT_MS,
    requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: env.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(env.HTTP_HEADERS_TIMEOUT_MS / 4))),
    },
  };
}
