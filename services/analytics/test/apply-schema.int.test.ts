import { describe, expect, it } from 'vitest';
import { ClickHouseAnalyticsStore } from '@limo/engine-clickhouse';
import { dayWindow } from '@limo/analytics-store';
import { applyClickHouseSchema } from '../src/repositories/apply-schema.js';

// The Kubernetes clickhouse-schema Job (services/analytics/dist/migrate.js), on chDB standing in for
// the server: it needs CLICKHOUSE_URL, creates every table, can run again, and closes its store.
describe('the ClickHouse schema job', () => {
  it('refuses to run without CLICKHOUSE_URL, naming it', async () => {
    await expect(applyClickHouseSchema({}, (options) => ClickHouseAnalyticsStore.create(options))).rejects.toThrow(
      /CLICKHOUSE_URL.*needs the ClickHouse server/,
    );
  });

  it('applies every schema version to the configured database, twice without harm, then closes', async () => {
    const database = 'analytics_schema_job';
    const store = await ClickHouseAnalyticsStore.create({ chdbPath: ':memory:', database });
    const asked: Array<{ url: string; database: string; retentionMonths: number }> = [];
    let closed = 0;
    const open = async (options: { url: string; database: string; retentionMonths: number }) => {
      asked.push(options);
      // The job closes what it opened; the test keeps the store to look at the tables.
      return Object.assign(Object.create(store) as ClickHouseAnalyticsStore, { close: async () => void (closed += 1) });
    };
    const env = { CLICKHOUSE_URL: 'http://limo:secret@clickhouse:8123', CLICKHOUSE_DATABASE: database, ANALYTICS_RETENTION_MONTHS: '6' };
    try {
      await applyClickHouseSchema(env, open);
      await applyClickHouseSchema(env, open);
      expect(asked).toEqual([
        { url: 'http://limo:secret@clickhouse:8123', database, retentionMonths: 6 },
        { url: 'http://limo:secret@clickhouse:8123', database, retentionMonths: 6 },
      ]);
      expect(closed).toBe(2);
      // The dashboards' tables are there (a query on a missing table throws).
      expect(await store.topCompanies(dayWindow(30), 5)).toEqual([]);
      expect(await store.popularSearches(dayWindow(30), 5)).toEqual([]);
    } finally {
      await store.command(`DROP DATABASE IF EXISTS ${database}`);
      await store.close();
    }
  });
});
