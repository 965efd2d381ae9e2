import { booleanEnv } from '@limo/platform';
import { z } from 'zod';

// Per client IP. Generous enough for an office or a test run behind one address; they stop floods.
/** Quotes' own settings, from environment variables. */
export const quotesEnvSchema = z.object({
  /** Per-company quote requests accepted per client IP per hour. */
  QUOTE_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(100),
  /** City-wide quote requests accepted per client IP per hour (each one mails every company of a city). */
  CITY_QUOTE_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** The most companies one city-wide request goes to (the best-matched ones; docs/directory.md). */
  CITY_QUOTE_MAX_COMPANIES: z.coerce.number().int().min(1).max(100).default(5),
  /** How long a quotes worker holds a mail it is sending; a crashed worker's mails wait this long. */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /**
   * Quotes whose mails were not yet taken to be sent beyond which new quote requests wait (up to 2 s)
   * for delivery to catch up: what is owed stays within about half a second of the highest intake.
   */
  QUOTE_MAIL_BACKLOG_LIMIT: z.coerce.number().int().min(1).default(500),
  /** Days after the trip date the customer is mailed a reminder to review the company. */
  REVIEW_REMINDER_DAYS: z.coerce.number().int().min(1).max(60).default(3),
  /** Days after the trip date (or the mail, if later) a mailed review link works. */
  REVIEW_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * This process is the only instance and its bus keeps nothing across a restart (the embedded
   * profile's default): leases of a previous process are void at start, what is owed is done at
   * once, and start-up reconciles the companies before listening. Unset: several instances share the
   * data and wait out a crashed one's leases.
   */
  SOLE_INSTANCE: booleanEnv,
});
export type QuotesSettings = z.output<typeof quotesEnvSchema>;
