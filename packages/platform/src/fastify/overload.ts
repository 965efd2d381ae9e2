import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { OverloadLimits } from '../config/overload.js';
import { metrics } from '../metrics.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers even under pressure (`/healthz`: it says so instead). */
    answersUnderPressure?: boolean;
  }
}

/** The message of a request refused because the process is overloaded. */
export const OVERLOADED_MESSAGE = 'The server is busy right now. Please try again in a few seconds.';

/**
 * Load shedding: past the event-loop delay or heap threshold every request is answered at once with
 * 503, `Retry-After` and the shared error body, instead of waiting behind a stalled event loop; a route
 * whose config says `answersUnderPressure` (health) still runs. Register it before anything else that
 * does work on a request. `app.isUnderPressure()` tells a health route.
 */
export async function registerOverloadProtection(app: FastifyInstance, name: string, limits: OverloadLimits): Promise<void> {
  let lastLog = 0;
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    sampleInterval: limits.sampleIntervalMs,
    retryAfter: limits.retryAfterSeconds,
    // Sending here ends the request (Fastify runs no later hook once a reply is sent); returning
    // without sending lets it through.
    pressureHandler: (request, reply, type, value) => {
      if (request.routeOptions.config.answersUnderPressure) return;
      metrics.inc('http_overload_refused_total', { service: name, type });
      const now = Date.now();
      if (now - lastLog > 10_000) {
        lastLog = now;
        request.log.warn({ type, value }, 'overloaded: refusing requests with 503 until it passes');
      }
      void reply.code(503).header('retry-after', limits.retryAfterSeconds).send({ message: OVERLOADED_MESSAGE });
    },
  });
}

/** Whether the process is past a threshold now (for `/healthz`); false before protection is registered. */
export function isUnderPressure(app: FastifyInstance): boolean {
  return app.hasDecorator('isUnderPressure') ? app.isUnderPressure() : false;
}
