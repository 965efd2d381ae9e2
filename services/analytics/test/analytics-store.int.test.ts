import { randomBytes } from 'node:crypto';
import { describeWithEngine } from '@limo/platform/testing';
import { ClickHouseAnalyticsStore } from '../src/store/clickhouse.analytics-store.js';
import { describeAnalyticsStoreContract } from './analytics-store.contract.js';

// chDB: ClickHouse in this process, always.
describeAnalyticsStoreContract('chDB (in-process ClickHouse)', 'analytics_contract', () =>
  ClickHouseAnalyticsStore.create({ chdbPath: ':memory:', database: 'analytics_contract' }),
);

// A ClickHouse server over HTTP when one is reachable (CLICKHOUSE_URL, or testcontainers when Docker
// answers). None can be installed on the development and CI machines (no Docker; Debian's
// clickhouse-server 18.16 predates DateTime64 and query parameters; chDB has no server mode).
describeWithEngine(
  'analytics store contract: ClickHouse server',
  'CLICKHOUSE_URL',
  (url) => {
    const database = `analytics_contract_${randomBytes(4).toString('hex')}`;
    describeAnalyticsStoreContract(`ClickHouse server ${url.replace(/\/\/[^@/]*@/, '//***@')}`, database, async () => {
      const store = await ClickHouseAnalyticsStore.create({ url, database });
      return Object.assign(store, { drop: () => store.command(`DROP DATABASE IF EXISTS ${database}`) });
    });
  },
  { requiredInCi: false },
);
