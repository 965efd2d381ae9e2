import { z } from 'zod';

/** Identity's own settings, from environment variables. */
export const identityEnvSchema = z.object({
  /** With ADMIN_PASSWORD: the admin account made (or promoted) at start-up; unset, one is generated. */
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ADMIN_USERNAME: z.string().min(3).default('admin'),
  /** Accounts created per client IP per hour. */
  REGISTER_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(100),
  /** Login attempts per client IP per 15 minutes, whatever the accounts. */
  LOGIN_RATE_LIMIT_PER_15_MIN: z.coerce.number().int().min(1).default(100),
  /** Login attempts on one account from one client IP per 15 minutes (a sign-in clears them). */
  LOGIN_PAIR_LIMIT_PER_15_MIN: z.coerce.number().int().min(1).default(10),
  /** Failed logins on one account (from everyone) per 15 minutes before its attempts are slowed down. */
  LOGIN_SLOWDOWN_AFTER_FAILURES: z.coerce.number().int().min(1).default(20),
  /** The longest an attempt on an account under attack waits, in ms (never a lockout). */
  LOGIN_MAX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** How long a session lasts, in hours (a week by default, 90 days at most). */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
});
export type IdentitySettings = z.output<typeof identityEnvSchema>;
