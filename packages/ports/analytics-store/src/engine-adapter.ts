// The registry this module adds an engine to (module augmentation below).
import type {} from '@limo/platform';
import type { AnalyticsStore } from './analytics-store.port.js';

/** Where the analytics store is: a ClickHouse server, or chDB in this process. */
export interface ClickHouseAnalyticsStoreOptions {
  /** `http(s)://user:password@host:8123` of a ClickHouse server; unset = in-process chDB at `chdbPath`. */
  url?: string;
  /** Directory of the in-process engine's data (created when missing); ':memory:' for a throwaway one. */
  chdbPath?: string;
  /** Database of the tables (default 'analytics'). */
  database?: string;
  /** Months raw events are kept; rollups keep 12 more. Default 13. */
  retentionMonths?: number;
}

// The engine adapter this port adds to the registry a composition root fills (the platform knows no analytics store).
declare module '@limo/platform' {
  interface EngineAdapters {
    /** ClickHouse: analytics' store, on a server or in-process chDB (`@limo/engine-clickhouse`). */
    clickhouse?: (options: ClickHouseAnalyticsStoreOptions) => Promise<AnalyticsStore>;
  }
}
