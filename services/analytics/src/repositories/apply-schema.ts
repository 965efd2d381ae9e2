import type { AnalyticsStore } from '@limo/analytics-store';
import { ConfigError } from '@limo/platform';
import { loadAnalyticsEnv } from '../env.js';

/** Opens the store the schema goes into: `@limo/engine-clickhouse`'s (tests hand in an in-process one). */
type OpenSchemaTarget = (options: { url: string; database: string; retentionMonths: number }) => Promise<AnalyticsStore>;

/**
 * The ClickHouse schema job (infra/k8s's `clickhouse-schema` Job): applies infra/clickhouse/*.sql to the
 * server at CLICKHOUSE_URL with the service's own migration (the versions not yet recorded in
 * `<database>.schema_migrations`, in order, then ANALYTICS_RETENTION_MONTHS's TTLs), and closes.
 * Idempotent, as at the service's start-up. Returns the store's description (address without password).
 */
export async function applyClickHouseSchema(env: NodeJS.ProcessEnv, open: OpenSchemaTarget): Promise<string> {
  const settings = loadAnalyticsEnv(env);
  if (!settings.CLICKHOUSE_URL) {
    throw new ConfigError(['  CLICKHOUSE_URL="": the schema job needs the ClickHouse server (http(s)://user:password@host:8123)']);
  }
  const store = await open({
    url: settings.CLICKHOUSE_URL,
    database: settings.CLICKHOUSE_DATABASE,
    retentionMonths: settings.ANALYTICS_RETENTION_MONTHS,
  });
  try {
    await store.migrate();
    return store.description;
  } finally {
    await store.close();
  }
}
