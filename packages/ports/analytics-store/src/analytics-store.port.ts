import type { AnalyticsOverview, RealtimeAnalytics } from '@limo/contracts';
import type { DayWindow } from './windows.js';

/**
 * An event as the events table's row, in ClickHouse's JSONCompactEachRow text: one JSON array of
 * the columns in EVENT_COLUMNS order (event-row.ts) but the last, the batch id the row is inserted under
 * (added by rowUnderBatch, so a batch split to isolate a bad row keeps its rows' text). An
 * event is serialised once: the write-ahead log keeps this text as its line, and the insert sends it.
 */
export type EventRow = string & { readonly __eventRow: unique symbol };

/** A company's counts for one day and action ('search_appearance' for result pages that showed it). */
export interface CompanyDayRow {
  day: string;
  actionType: string;
  events: number;
  /** company_view: distinct visitors of that day (views by visitors new to the company that day). */
  visitors: number;
}

/** One counted event as stored (no IP address: `visitorId` is the daily salted hash). */
export interface StoredEvent {
  eventId: string;
  /** Server time the event was accepted, ISO. Dashboards count by this time. */
  receivedAt: string;
  /** The client's own timestamp, ISO, when it sent one. */
  clientTime: string | null;
  actionType: string;
  companyId: string;
  companyIds: string[];
  sessionId: string;
  visitorId: string;
  searchQuery: string;
  searchFilters: string;
  currentPage: string;
  landingPage: string;
  referrer: string;
  userAgent: string;
  deviceType: string;
  country: string;
  state: string;
  city: string;
  timeSpent: number | null;
  /** 1 on the visitor's first counted event of the (UTC) day, else 0: visitor counts are sums of it. */
  newVisitor: number;
  /** 1 on the visitor's first view of `companyId` that day (company_view only), else 0. */
  newProfileView: number;
  /** 'direct' for the in-process batcher, '<topic>:<partition>' for the Kafka consumer. */
  ingestSource: string;
  /** The Kafka offset of the event, -1 for 'direct'. */
  ingestOffset: number;
}

/** Storage and queries of traffic events: one ClickHouse SQL over chDB or a ClickHouse server. */
export interface AnalyticsStore {
  /** What it runs on, for the start-up log (never with credentials). */
  readonly description: string;
  /** Applies the schema versions not applied yet and the configured retention. */
  migrate(): Promise<void>;
  /**
   * Writes a batch to the raw table, whose materialized views fill the rollups: not atomically (a
   * crash may leave raw rows without their rollup rows), but idempotently: `batchId` is the
   * deduplication token of the raw table and of each rollup, so the same batch written again (a
   * retry after a lost answer, or after a crash) completes what is missing and stores nothing twice.
   * Each row records `batchId` (see {@link AnalyticsStore.lastBatch}).
   */
  insert(events: StoredEvent[], batchId: string): Promise<void>;
  /** {@link AnalyticsStore.insert} of events already encoded as rows (the write-ahead log's lines): each serialised once. */
  insertRows(rows: readonly EventRow[], batchId: string): Promise<void>;
  /**
   * The last batch written from `source` ('<topic>:<partition>'): its id and its rows as inserted,
   * so that it can be written again under the same id (a crash may have cut it short between the
   * raw table and its rollups). Undefined when none (or only rows older than batch ids).
   */
  lastBatch(source: string): Promise<{ batchId: string; events: StoredEvent[] } | undefined>;
  /** Highest Kafka offset stored from `source` ('<topic>:<partition>'), -1 when none. */
  maxIngestOffset(source: string): Promise<number>;
  /** Which of these event ids are stored among the events received since `since` (ISO time). */
  storedEventIds(eventIds: string[], since: string): Promise<Set<string>>;
  /** The spec's five figures over the window and over the previous one. */
  overview(window: DayWindow): Promise<AnalyticsOverview>;
  /** Most viewed companies (company_view) with their quote requests. */
  topCompanies(window: DayWindow, limit: number): Promise<Array<{ companyId: string; viewCount: number; quoteCount: number }>>;
  /** Places by distinct visitors. */
  geographic(window: DayWindow, limit: number): Promise<Array<{ city: string; state: string; country: string; visitorCount: number }>>;
  /** Days that had events, with the four daily counts (days without events are absent). */
  dailyTrends(
    window: DayWindow,
  ): Promise<Array<{ date: string; pageViews: number; companyViews: number; searches: number; quoteRequests: number }>>;
  /** Non-empty search texts by count. */
  popularSearches(window: DayWindow, limit: number): Promise<Array<{ searchQuery: string; searchCount: number }>>;
  /** Events per device type. */
  devices(window: DayWindow, limit: number): Promise<Array<{ deviceType: string; count: number }>>;
  /** Events per referrer. */
  referrers(window: DayWindow, limit: number): Promise<Array<{ referrer: string; count: number }>>;
  /** The minutes from `since` on (per-minute rollups kept a day). */
  realtime(since: Date, windowMinutes: number): Promise<RealtimeAnalytics>;
  /** One company's rows per day and action from `from` to `to` (yyyy-MM-dd, included). */
  companyDays(companyId: string, from: string, to: string): Promise<CompanyDayRow[]>;
  /** Runs a SELECT and returns its rows (64-bit numbers arrive as strings). */
  rows<T>(query: string, params?: Record<string, unknown>): Promise<T[]>;
  /** Runs a statement without rows (benchmarks generate data with it). */
  command(query: string): Promise<void>;
  /** Checks the engine answers. */
  ping(): Promise<void>;
  /** Releases the connection (chDB: closes the in-process engine). */
  close(): Promise<void>;
}
