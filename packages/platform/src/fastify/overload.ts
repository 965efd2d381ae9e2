import { monitorEventLoopDelay } from 'node:perf_hooks';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { OverloadLimits } from '../config/overload.js';
import { httpOverloadRefused } from '../metrics/metrics.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers even under pressure (`/healthz`: it says so instead). */
    answersUnderPressure?: boolean;
  }
}

/** The message of a request refused because the process is overloaded. */
export const OVERLOADED_MESSAGE = 'The server is busy right now. Please try again in a few seconds.';

/** Consecutive samples over the event-loop delay threshold before requests are refused. */
const DELAY_STRIKES = 2;

/**
 * Load shedding: past the heap threshold, or past the event-loop delay threshold for two samples in a
 * row, every request is answered at once with 503, `Retry-After` and the shared error body, instead of
 * waiting behind a stalled event loop; a route whose config says `answersUnderPressure` (health) still
 * runs. One long synchronous job (a bulk import) is a single late sample and sheds nothing: the loop is
 * free again by then. Register it before anything else that does work on a request.
 */
export async function registerOverloadProtection(app: FastifyInstance, name: string, limits: OverloadLimits): Promise<void> {
  let lastLog = 0;
  // The event-loop delay is judged here rather than by under-pressure's own check, which refuses
  // after a single late sample: the mean delay of each sample, as it computes it (less the resolution).
  const resolution = 10;
  const delays = monitorEventLoopDelay({ resolution });
  delays.enable();
  let strikes = 0;
  app.addHook('onClose', async () => delays.disable());
  const loopResponsive = async (): Promise<boolean> => {
    if (limits.maxEventLoopDelayMs === 0) return true;
    // No sample yet (just started, or the loop has not turned since): nothing learnt.
    if (Number.isNaN(delays.mean) || delays.count === 0) return strikes < DELAY_STRIKES;
    const mean = delays.mean / 1e6 - resolution;
    delays.reset();
    strikes = mean > limits.maxEventLoopDelayMs ? strikes + 1 : 0;
    return strikes < DELAY_STRIKES;
  };
  await app.register(underPressure, {
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    sampleInterval: limits.sampleIntervalMs,
    healthCheck: loopResponsive,
    healthCheckInterval: limits.sampleIntervalMs,
    retryAfter: limits.retryAfterSeconds,
    // Sending here ends the request (Fastify runs no later hook once a reply is sent); returning
    // without sending lets it through.
    pressureHandler: (request, reply, type, value) => {
      if (request.routeOptions.config.answersUnderPressure) return;
      httpOverloadRefused.inc({ service: name, type: type === 'healthCheck' ? 'eventLoopDelay' : type });
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
