import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { enforceRateLimits, type Cache, type RateLimiter } from '@limo/platform';
import type { IdentitySettings } from '../../settings.js';

const WINDOW_MS = 15 * 60 * 1000;
/** The first delay once an account is under attack; each further failure doubles it, up to the cap. */
const FIRST_DELAY_MS = 250;

/**
 * How password guessing is slowed without handing anyone a way to lock an account:
 * - per address: LOGIN_RATE_LIMIT_PER_15_MIN attempts, whatever the accounts;
 * - per (account, address) pair: LOGIN_PAIR_LIMIT_PER_15_MIN attempts, then 429 with Retry-After;
 *   a successful sign-in clears the pair;
 * - per account: past LOGIN_SLOWDOWN_AFTER_FAILURES failures (from everyone) in 15 minutes, every
 *   attempt on it waits before its password is checked, 250 ms doubling with each further failure up
 *   to LOGIN_MAX_DELAY_MS. Never a refusal: the owner's right password from an address that has not
 *   failed still gets in. Waiting before the check (right password or wrong) gives no timing hint.
 */
export class LoginThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly cache: Cache,
    private readonly settings: Pick<
      IdentitySettings,
      'LOGIN_RATE_LIMIT_PER_15_MIN' | 'LOGIN_PAIR_LIMIT_PER_15_MIN' | 'LOGIN_SLOWDOWN_AFTER_FAILURES' | 'LOGIN_MAX_DELAY_MS'
    >,
  ) {}

  /** Before the password is checked: 429 past the address's or the pair's limit, else the account's delay. */
  async beforeCheck(email: string, ip: string, reply: FastifyReply): Promise<void> {
    await enforceRateLimits(this.limiter, reply, [
      {
        key: `login:ip:${ip}`,
        limit: this.settings.LOGIN_RATE_LIMIT_PER_15_MIN,
        windowMs: WINDOW_MS,
        message: 'Too many login attempts. Please try again later.',
      },
      {
        key: pairKey(email, ip),
        limit: this.settings.LOGIN_PAIR_LIMIT_PER_15_MIN,
        windowMs: WINDOW_MS,
        message: 'Too many login attempts for this account. Please try again later.',
      },
    ]);
    const delayMs = await this.cache.get<number>(delayKey(email));
    if (typeof delayMs === 'number' && delayMs > 0) await sleep(delayMs);
  }

  /** A wrong password (or unknown account): counts towards the account's slowdown. */
  async failed(email: string): Promise<void> {
    // A limit nothing reaches: the hit only counts, and `remaining` gives the count.
    const result = await this.limiter.hit(`login:fail:account:${email}`, Number.MAX_SAFE_INTEGER, WINDOW_MS);
    const failures = Number.MAX_SAFE_INTEGER - result.remaining;
    const over = failures - this.settings.LOGIN_SLOWDOWN_AFTER_FAILURES;
    if (over < 0) return;
    const delayMs = Math.min(this.settings.LOGIN_MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(over, 30));
    await this.cache.set(delayKey(email), delayMs, Math.max(1, result.resetMs));
  }

  /** Signed in: this address's failures on the account are forgotten. */
  async succeeded(email: string, ip: string): Promise<void> {
    await this.limiter.reset(`rl:${pairKey(email, ip)}`);
  }
}

const pairKey = (email: string, ip: string) => `login:pair:${email}:${ip}`;
const delayKey = (email: string) => `login:delay:${email}`;
