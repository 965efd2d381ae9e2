import { z } from 'zod';

/** The directory's own settings, from environment variables. */
export const directoryEnvSchema = z.object({
  /** Reviews accepted per client IP per hour. */
  REVIEW_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /** Listings an owner may create per hour. */
  LISTING_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(50),
});
export type DirectorySettings = z.output<typeof directoryEnvSchema>;
