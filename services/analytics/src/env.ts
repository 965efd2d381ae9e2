import { booleanEnv, parseEnv } from '@limo/platform';
import { z } from 'zod';

const positiveInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** The analytics service's own settings, read from the environment at start-up. */
export const analyticsEnvSchema = z.object({
  /** A ClickHouse server over HTTP(S) (distributed); unset = ClickHouse in-process (chDB) under DATA_DIR/analytics. */
  CLICKHOUSE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^https?:\/\//.test(v), { message: 'must start with http:// or https://' }),
  /** The database holding the analytics tables. */
  CLICKHOUSE_DATABASE: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a plain identifier')
    .default('analytics'),
  /** Months raw events are kept (ClickHouse TTL); the daily rollups keep 12 months more. */
  ANALYTICS_RETENTION_MONTHS: positiveInt(1, 120).default(13),
  /** Longest time an accepted event waits in a batch before it is written. */
  ANALYTICS_FLUSH_INTERVAL_MS: positiveInt(50, 60_000).default(2_000),
  /** Rows that make a batch be written at once. */
  ANALYTICS_FLUSH_ROWS: positiveInt(1, 1_000_000).default(10_000),
  /** Kafka topic carrying accepted events to the ingest consumer (distributed). */
  ANALYTICS_TOPIC: z.string().min(1).default('analytics.tracked.v1'),
  /** Seconds within which an identical event from the same visitor counts once. */
  ANALYTICS_BURST_SECONDS: positiveInt(1, 3_600).default(10),
  /**
   * Counted events of one action on one company from one client IP (whatever its user agents) per
   * burst window; more are accepted but not counted (a visitor counts once per window anyway).
   */
  ANALYTICS_IP_COMPANY_EVENTS: positiveInt(1, 1_000_000).default(2),
  /** Counted events from one client IP (whatever its user agents) per minute; more are accepted but not counted. */
  ANALYTICS_IP_EVENTS_PER_MINUTE: positiveInt(1, 1_000_000_000).default(300),
  /** `false` skips the IP-to-place lookup (saves ~65 MB of memory; places read "Unknown"). */
  ANALYTICS_GEOIP: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** Adds demo traffic for the demo companies (with chDB only; default: true in the embedded profile). */
  SEED_DEMO_DATA: booleanEnv,
});
export type AnalyticsEnv = z.output<typeof analyticsEnvSchema>;

/** Reads the analytics settings; throws ConfigError naming every bad variable. */
export function loadAnalyticsEnv(env: NodeJS.ProcessEnv = process.env): AnalyticsEnv {
  return parseEnv(analyticsEnvSchema, env);
}
