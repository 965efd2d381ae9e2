import { booleanEnv } from '@limo/platform';
import { z } from 'zod';

/** The directory's own settings, from environment variables. */
export const directoryEnvSchema = z.object({
  /** Reviews accepted per client IP per hour. */
  REVIEW_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /** Listings an owner may create per hour. */
  LISTING_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(50),
  /** `false` leaves an empty directory empty; otherwise the embedded profile fills it with demo companies and reviews. */
  SEED_DEMO_DATA: booleanEnv,
});
export type DirectorySettings = z.output<typeof directoryEnvSchema>;
