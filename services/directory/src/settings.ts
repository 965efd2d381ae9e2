import { booleanEnv } from '@limo/platform';
import { z } from 'zod';

/** Elasticsearch index of the companies: the default of ELASTICSEARCH_INDEX. */
export const SEARCH_INDEX_NAME = 'limo-companies';

/** The directory's own settings, from environment variables. */
export const directoryEnvSchema = z.object({
  /** Reviews accepted per client IP per hour. */
  REVIEW_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /** Listings an owner may create per hour. */
  LISTING_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(50),
  /** Fills an empty directory with demo companies and reviews (default: true in the embedded profile). */
  SEED_DEMO_DATA: booleanEnv,
  /** Minutes between two checks of verified insurance (the 30-day reminder, the insured badge's lapse). */
  CREDENTIAL_WATCH_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  /** The companies index on ELASTICSEARCH_URL (several deployments may share one cluster). */
  ELASTICSEARCH_INDEX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,200}$/, 'must be a lower-case Elasticsearch index name')
    .default(SEARCH_INDEX_NAME),
});
export type DirectorySettings = z.output<typeof directoryEnvSchema>;
