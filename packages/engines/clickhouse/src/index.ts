import type { EngineAdapters } from '@limo/platform';
import { ClickHouseAnalyticsStore } from './clickhouse.analytics-store.js';

export * from './clickhouse.analytics-store.js';

/** The ClickHouse engine, for a composition root's `EngineAdapters`: analytics' store, on a server or in-process chDB. */
export const clickhouseEngine: Required<Pick<EngineAdapters, 'clickhouse'>> = {
  clickhouse: (options) => ClickHouseAnalyticsStore.create(options),
};
