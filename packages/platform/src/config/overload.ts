import { getHeapStatistics } from 'node:v8';
import { z } from 'zod';

const whole = (max: number, fallback: number) => z.coerce.number().int().min(0).max(max).default(fallback);

/**
 * When a process sheds load (`@fastify/under-pressure`, every service and the gateway): past either
 * threshold it answers 503 with Retry-After at once instead of queueing behind a stalled event loop.
 * 0 turns a check off.
 */
export const overloadEnv = {
  /** Mean event-loop delay over the last sample (ms) beyond which requests are refused. */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: whole(60_000, 1_000),
  /** JavaScript heap in use (MB) beyond which requests are refused; unset: 90% of the heap limit. */
  OVERLOAD_MAX_HEAP_USED_MB: z.coerce.number().int().min(0).max(1_048_576).optional(),
  /** How often the event-loop delay and the heap are sampled (ms). */
  OVERLOAD_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  /** The Retry-After (seconds) of a refused request. */
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3_600).default(5),
};

type OverloadEnv = z.output<z.ZodObject<typeof overloadEnv>>;

/** The thresholds in the units `@fastify/under-pressure` takes (bytes); 0 is off. */
export interface OverloadLimits {
  maxEventLoopDelayMs: number;
  maxHeapUsedBytes: number;
  sampleIntervalMs: number;
  retryAfterSeconds: number;
}

/** The limits of a parsed environment (the heap default: 90% of this process's heap limit). */
export function overloadLimits(env: OverloadEnv): OverloadLimits {
  const heapMb = env.OVERLOAD_MAX_HEAP_USED_MB;
  return {
    maxEventLoopDelayMs: env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes: heapMb === undefined ? Math.floor(getHeapStatistics().heap_size_limit * 0.9) : heapMb * 1024 * 1024,
    sampleIntervalMs: env.OVERLOAD_SAMPLE_INTERVAL_MS,
    retryAfterSeconds: env.OVERLOAD_RETRY_AFTER_SECONDS,
  };
}
