import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeWithEngine } from '@limo/platform/testing';
import { describeAnalyticsStoreContract, daysAgo, storedEvent } from '@limo/analytics-store/testing';
import { ClickHouseAnalyticsStore } from '../src/clickhouse.analytics-store.js';
import { dayWindow } from '@limo/analytics-store';

// chDB: ClickHouse in this process, always.
describeAnalyticsStoreContract('chDB (in-process ClickHouse)', 'analytics_contract', () =>
  ClickHouseAnalyticsStore.create({ chdbPath: ':memory:', database: 'analytics_contract' }),
);

// A ClickHouse server over HTTP: CLICKHOUSE_URL (CI and these machines: infra/local/clickhouse.sh, chDB's
// own ClickHouse serving its HTTP interface), or testcontainers when Docker answers. Required in CI.
describeWithEngine('analytics store contract: ClickHouse server', 'CLICKHOUSE_URL', (url) => {
  const database = `analytics_contract_${randomBytes(4).toString('hex')}`;
  describeAnalyticsStoreContract(`ClickHouse server ${url.replace(/\/\/[^@/]*@/, '//***@')}`, database, async () => {
    const store = await ClickHouseAnalyticsStore.create({ url, database });
    return Object.assign(store, { drop: () => store.command(`DROP DATABASE IF EXISTS ${database}`) });
  });
});

/**
 * Runs `test` on a chDB store in `database`, migrated and then set back to the version before
 * `version` (its `tables` and their `_mv` views dropped, its row of schema_migrations deleted);
 * the database is dropped after.
 */
async function onStoreBefore(
  version: number,
  tables: string[],
  database: string,
  test: (store: ClickHouseAnalyticsStore) => Promise<void>,
): Promise<void> {
  const store = await ClickHouseAnalyticsStore.create({ chdbPath: ':memory:', database });
  try {
    await store.migrate();
    for (const table of tables) {
      await store.command(`DROP VIEW ${database}.${table}_mv`);
      await store.command(`DROP TABLE ${database}.${table}`);
    }
    await store.command(`DELETE FROM ${database}.schema_migrations WHERE version = ${version}`);
    await test(store);
  } finally {
    await store.command(`DROP DATABASE IF EXISTS ${database}`);
    await store.close();
  }
}

describe('schema version 2 on a store that has data (chDB)', () => {
  it(
    'copies the daily rollups into the monthly ones, once, and the views keep them up to date',
    () =>
      // As a store of version 1: no monthly tables yet, and rows in the daily ones.
      onStoreBefore(2, ['monthly_dimensions', 'monthly_company_leads', 'monthly_searches'], 'analytics_upgrade', async (store) => {
        const old = (extra: Parameters<typeof storedEvent>[0]) => storedEvent({ receivedAt: daysAgo(100), newVisitor: 1, ...extra });
        await store.insert(
          [
            old({ actionType: 'company_view', companyId: 'c1' }),
            old({ actionType: 'quote_request', companyId: 'c1', newVisitor: 0 }),
            old({ actionType: 'search', searchQuery: 'Old query' }),
          ],
          'upgrade-before',
        );
        await store.migrate();
        await store.migrate();
        await store.insert([old({ visitorId: 'after', actionType: 'company_view', companyId: 'c1' })], 'upgrade-after');
        const year = dayWindow(365);
        expect(await store.topCompanies(year, 10)).toEqual([{ companyId: 'c1', viewCount: 2, quoteCount: 1 }]);
        expect(await store.popularSearches(year, 10)).toEqual([{ searchQuery: 'Old query', searchCount: 1 }]);
        expect(await store.geographic(year, 10)).toEqual([{ city: 'San Jose', state: 'CA', country: 'US', visitorCount: 3 }]);
      }),
    60_000,
  );
});

describe('schema version 5 on a store that has data (chDB)', () => {
  it(
    "fills realtime's per-minute page views from the last day's events, once, and the view keeps them up to date",
    () =>
      // As a store of version 4: no minute_page_views yet, and page views of the last minutes.
      onStoreBefore(5, ['minute_page_views'], 'analytics_upgrade_5', async (store) => {
        const view = (page: string, minutesAgo: number) =>
          storedEvent({ currentPage: page, receivedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString() });
        await store.insert([view('/a', 3), view('/a', 2), view('/b', 2), view('/a', 60 * 30)], 'upgrade-5-before');
        await store.migrate();
        await store.migrate();
        await store.insert([view('/b', 1), view('/b', 1), view('/c', 1)], 'upgrade-5-after');
        const live = await store.realtime(new Date(Date.now() - 30 * 60_000), 30);
        expect(live.topPages).toEqual([
          { page: '/b', views: 3 },
          { page: '/a', views: 2 },
          { page: '/c', views: 1 },
        ]);
      }),
    60_000,
  );
});
