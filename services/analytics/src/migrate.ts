// `node services/analytics/dist/migrate.js`: applies the ClickHouse schema to CLICKHOUSE_URL and exits
// (0 once applied, 1 with the reason otherwise). Run by infra/k8s's clickhouse-schema Job.
import { clickhouseEngine } from '@limo/engine-clickhouse';
import { applyClickHouseSchema } from './repositories/apply-schema.js';

try {
  const target = await applyClickHouseSchema(process.env, clickhouseEngine.clickhouse);
  console.log(`ClickHouse schema up to date: ${target}`);
} catch (err) {
  console.error(`ClickHouse schema not applied: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
