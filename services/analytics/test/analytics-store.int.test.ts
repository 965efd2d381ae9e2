import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';
import { ClickHouseAnalyticsStore } from '../src/store/clickhouse.analytics-store.js';
import { describeAnalyticsStoreContract } from './analytics-store.contract.js';

// chDB: ClickHouse in this process, always.
describeAnalyticsStoreContract('chDB (in-process ClickHouse)', () => ClickHouseAnalyticsStore.create({ chdbPath: ':memory:', database: 'analytics_contract' }));

// A ClickHouse server over HTTP when one is reachable. None can be installed on the development and
// CI machines (no Docker; Debian's clickhouse-server 18.16 predates DateTime64 and query parameters;
// chDB has no server mode), so this runs where `docker compose up clickhouse` provides one.
const url = process.env.CLICKHOUSE_URL;
if (url) {
  describeAnalyticsStoreContract(`ClickHouse server ${url.replace(/\/\/[^@/]*@/, '//***@')}`, async () => {
    const database = `analytics_contract_${randomBytes(4).toString('hex')}`;
    const store = await ClickHouseAnalyticsStore.create({ url, database });
    return Object.assign(store, { drop: () => store.command(`DROP DATABASE IF EXISTS ${database}`) });
  });
} else {
  console.warn('skipped: analytics store contract on a ClickHouse server (CLICKHOUSE_URL not set; no ClickHouse server can be installed on this machine: use docker compose up clickhouse)');
  describe.skip('ClickHouse server — skipped: CLICKHOUSE_URL not set (no ClickHouse server is installable here; docker compose up clickhouse provides one)', () =>
    describeAnalyticsStoreContract('ClickHouse server', () => Promise.reject(new Error('CLICKHOUSE_URL not set'))),
  );
}
