import { z } from 'zod';

/** Identity's own settings, from environment variables. */
export const identityEnvSchema = z.object({
  /** With ADMIN_PASSWORD: the admin account made (or promoted) at start-up; unset, one is generated. */
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ADMIN_USERNAME: z.string().min(3).default('admin'),
  /** Accounts created per client IP per hour. */
  REGISTER_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(100),
  /** Login attempts per client IP per 15 minutes (each account also gets 10). */
  LOGIN_RATE_LIMIT_PER_15_MIN: z.coerce.number().int().min(1).default(100),
  /** How long a session lasts, in hours (a week by default, 90 days at most). */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
});
export type IdentitySettings = z.output<typeof identityEnvSchema>;
