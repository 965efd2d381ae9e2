import type { FastifyReply } from 'fastify';
import { HttpError } from '../errors.js';
import type { RateLimiter } from '../ports/cache.port.js';

export interface RateLimitRule {
  /** Bucket name plus the subject, e.g. `login:ip:1.2.3.4`. */
  key: string;
  limit: number;
  windowMs: number;
  /** What the client is told when refused. */
  message: string;
  /** How many hits this request counts for (default 1): an expensive request weighs more. */
  cost?: number;
}

/** Counts a hit against each rule; the first one over its limit answers 429 with Retry-After. */
export async function enforceRateLimits(limiter: RateLimiter, reply: FastifyReply, rules: RateLimitRule[]): Promise<void> {
  for (const rule of rules) {
    const result = await limiter.hit(`rl:${rule.key}`, rule.limit, rule.windowMs, rule.cost);
    if (!result.allowed) {
      void reply.header('retry-after', Math.max(1, Math.ceil(result.resetMs / 1000)));
      throw new HttpError(429, rule.message);
    }
  }
}
