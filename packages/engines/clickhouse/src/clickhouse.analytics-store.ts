import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import { createChdbConnection } from 'chdb/connection';
import type { AnalyticsOverview, RealtimeAnalytics } from '@limo/contracts';
import {
  clickhouseTime,
  encodeEventRow,
  EVENT_COLUMNS,
  isoTime,
  rowUnderBatch,
  splitByMonth,
  type AnalyticsStore,
  type ClickHouseAnalyticsStoreOptions,
  type CompanyDayRow,
  type DayWindow,
  type EventRow,
  type StoredEvent,
} from '@limo/analytics-store';
import { redactUrl } from '@limo/platform';

/** `infra/clickhouse/`: the versioned DDL, shared with docker-compose's clickhouse-server. */
const SCHEMA_DIR = fileURLToPath(new URL('../../../../infra/clickhouse/', import.meta.url));

type ChdbAsClientConnection = NonNullable<NonNullable<Parameters<typeof createClient>[0]>['connection']>;

const num = (v: unknown): number => Number(v ?? 0);

/**
 * Rows already in the insert format's text: the client's JSON encoder (given {@link json})
 * sends the text as it is instead of serialising the value again.
 */
class EncodedRows {
  constructor(readonly text: string) {}
}

/** The client's JSON stringify: an {@link EncodedRows} as its text, anything else as JSON. */
const json = {
  parse: JSON.parse,
  stringify: (value: unknown): string => (value instanceof EncodedRows ? value.text : JSON.stringify(value)),
};

/** The daily and monthly rollups whose TTL follows the retention setting. */
const ROLLUPS = [
  'daily_totals',
  'daily_company',
  'daily_dimensions',
  'daily_searches',
  'daily_company_leads',
  'monthly_dimensions',
  'monthly_company_leads',
  'monthly_searches',
];

/** The query parameters of a window split into whole months and the days around them. */
function splitParams(w: DayWindow) {
  const { months, head, tail } = splitByMonth(w.from, w.to);
  return { headFrom: head.from, headTo: head.to, tailFrom: tail.from, tailTo: tail.to, monthFrom: months.from, monthTo: months.to };
}

/** Rows of a daily rollup on the split's days, and of its monthly rollup on its whole months (see {@link splitParams}). */
const splitDays = `(day BETWEEN {headFrom:Date} AND {headTo:Date} OR day BETWEEN {tailFrom:Date} AND {tailTo:Date})`;
const splitMonths = `month BETWEEN {monthFrom:Date} AND {monthTo:Date}`;

/**
 * The analytics store in ClickHouse SQL over `@clickhouse/client`. The client talks HTTP to a server
 * (distributed profile) or, through chDB's `Connection` for the same client, to ClickHouse running
 * inside this process (embedded profile, tests): one SQL text for both.
 */
export class ClickHouseAnalyticsStore implements AnalyticsStore {
  private constructor(
    private readonly client: ClickHouseClient,
    private readonly db: string,
    private readonly retentionMonths: number,
    readonly description: string,
  ) {}

  /** Opens the connection and checks the engine answers (a clear error naming the address otherwise). */
  static async create(options: ClickHouseAnalyticsStoreOptions): Promise<ClickHouseAnalyticsStore> {
    const db = options.database ?? 'analytics';
    const retention = options.retentionMonths ?? 13;
    let client: ClickHouseClient;
    let description: string;
    if (options.url) {
      client = createClient({
        url: options.url,
        request_timeout: 30_000,
        clickhouse_settings: { date_time_input_format: 'best_effort' },
        json,
      });
      description = `clickhouse ${redactUrl(options.url)}/${db}`;
    } else {
      const path = options.chdbPath ?? ':memory:';
      if (path !== ':memory:') mkdirSync(path, { recursive: true });
      // chdb/connection implements @clickhouse/client-common's Connection; @clickhouse/client 1.23 bundles
      // its own copy of the same declarations, which TypeScript sees as a different (identical) type.
      const connection = createChdbConnection({ path }) as unknown as ChdbAsClientConnection;
      client = createClient({ connection, json });
      description = `chdb (in-process) ${path}/${db}`;
    }
    const store = new ClickHouseAnalyticsStore(client, db, retention, description);
    try {
      await store.ping();
    } catch (err) {
      await client.close().catch(() => undefined);
      throw err;
    }
    return store;
  }

  async ping(): Promise<void> {
    const result = await this.client.ping();
    if (!result.success) throw new Error(`Analytics store ${this.description} is not answering: ${result.error.message}`);
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  async migrate(): Promise<void> {
    await this.client.command({ query: `CREATE DATABASE IF NOT EXISTS ${this.db}` });
    await this.client.command({
      query: `CREATE TABLE IF NOT EXISTS ${this.db}.schema_migrations (version UInt32, name String, appliedAt DateTime('UTC') DEFAULT now()) ENGINE = MergeTree ORDER BY version`,
    });
    const applied = new Set(
      (await this.rows<{ version: number }>(`SELECT version FROM ${this.db}.schema_migrations`)).map((r) => num(r.version)),
    );
    for (const file of readdirSync(SCHEMA_DIR)
      .filter((f) => /^\d+_.+\.sql$/.test(f))
      .sort()) {
      const version = Number(file.split('_')[0]);
      if (applied.has(version)) continue;
      for (const statement of splitStatements(readFileSync(join(SCHEMA_DIR, file), 'utf8'), this.db)) {
        await this.client.command({ query: statement });
      }
      await this.client.insert({
        table: `${this.db}.schema_migrations`,
        values: [{ version, name: file }],
        format: 'JSONEachRow',
        clickhouse_settings: { insert_deduplication_token: `schema-${version}` },
      });
    }
    await this.applyRetention();
  }

  /** Rewrites the TTLs when ANALYTICS_RETENTION_MONTHS differs from the tables' (metadata only: no rewrite of old parts now). */
  private async applyRetention(): Promise<void> {
    const tables = await this.rows<{ name: string; engine_full: string }>(
      `SELECT name, engine_full FROM system.tables WHERE database = {db:String} AND name IN ('events', ${ROLLUPS.map((t) => `'${t}'`).join(', ')})`,
      { db: this.db },
    );
    for (const table of tables) {
      const months = table.name === 'events' ? this.retentionMonths : this.retentionMonths + 12;
      if (table.engine_full.includes(`toIntervalMonth(${months})`)) continue;
      const column = table.name === 'events' ? 'toDateTime(receivedAt)' : table.name.startsWith('monthly_') ? 'month' : 'day';
      await this.client.command({
        query: `ALTER TABLE ${this.db}.${table.name} MODIFY TTL ${column} + INTERVAL ${months} MONTH`,
        clickhouse_settings: { materialize_ttl_after_modify: 0 },
      });
    }
  }

  async insert(events: StoredEvent[], batchId: string): Promise<void> {
    await this.insertRows(events.map(encodeEventRow), batchId);
  }

  async insertRows(rows: readonly EventRow[], batchId: string): Promise<void> {
    if (rows.length === 0) return;
    let text = '';
    for (const row of rows) text += `${rowUnderBatch(row, batchId)}\n`;
    await this.client.insert({
      table: `${this.db}.events`,
      // The rows' text as it is (see EncodedRows), arrays in EVENT_COLUMNS order: half the text of
      // JSONEachRow to write and to parse.
      values: [new EncodedRows(text.slice(0, -1))],
      format: 'JSONCompactEachRow',
      columns: EVENT_COLUMNS,
      clickhouse_settings: { insert_deduplication_token: batchId, deduplicate_blocks_in_dependent_materialized_views: 1 },
    });
  }

  async storedEventIds(eventIds: string[], since: string): Promise<Set<string>> {
    if (eventIds.length === 0) return new Set();
    // Not aliased `eventId`: ClickHouse resolves WHERE's `eventId` to the alias (a String), which then
    // matched no UUID, and every row was taken as new.
    const rows = await this.rows<{ id: string }>(
      `SELECT DISTINCT toString(eventId) AS id FROM ${this.db}.events
       WHERE receivedAt >= toDateTime64({since:String}, 3, 'UTC') AND eventId IN {ids:Array(UUID)}`,
      { since: clickhouseTime(since), ids: eventIds },
    );
    return new Set(rows.map((r) => r.id));
  }

  async maxIngestOffset(source: string): Promise<number> {
    const [row] = await this.rows<{ n: string; o: string }>(
      `SELECT count() AS n, max(ingestOffset) AS o FROM ${this.db}.events WHERE ingestSource = {source:String}`,
      { source },
    );
    return num(row?.n) === 0 ? -1 : num(row?.o);
  }

  async lastBatch(source: string): Promise<{ batchId: string; events: StoredEvent[] } | undefined> {
    // The batch of the source's highest offset, then its rows (one scan of the ingest columns each).
    const [last] = await this.rows<{ batchId: string }>(
      `SELECT argMax(ingestBatch, ingestOffset) AS batchId FROM ${this.db}.events WHERE ingestSource = {source:String} HAVING count() > 0`,
      { source },
    );
    if (!last?.batchId) return undefined;
    const rows = await this.rows<Record<string, unknown>>(
      `SELECT * EXCEPT (eventId, receivedAt, clientTime, ingestOffset, ingestBatch),
         toString(eventId) AS eventId, toString(receivedAt) AS receivedAt, toString(clientTime) AS clientTime, ingestOffset
       FROM ${this.db}.events WHERE ingestSource = {source:String} AND ingestBatch = {batchId:String} ORDER BY ingestOffset`,
      { source, batchId: last.batchId },
    );
    return { batchId: last.batchId, events: rows.map(fromRow) };
  }

  async overview(w: DayWindow): Promise<AnalyticsOverview> {
    const [r] = await this.rows<Record<string, string>>(
      `SELECT
         sumIf(events, cur AND actionType = 'page_view') AS pv, sumIf(events, NOT cur AND actionType = 'page_view') AS ppv,
         sumIf(events, cur AND actionType = 'company_view') AS cv, sumIf(events, NOT cur AND actionType = 'company_view') AS pcv,
         sumIf(events, cur AND actionType = 'search') AS s, sumIf(events, NOT cur AND actionType = 'search') AS ps,
         sumIf(events, cur AND actionType = 'quote_request') AS q, sumIf(events, NOT cur AND actionType = 'quote_request') AS pq,
         sumIf(visitors, cur) AS v, sumIf(visitors, NOT cur) AS pvis
       FROM (SELECT *, day >= {from:Date} AS cur FROM ${this.db}.daily_totals WHERE day BETWEEN {previousFrom:Date} AND {to:Date})`,
      { ...w },
    );
    return {
      totalPageViews: num(r?.pv),
      totalCompanyViews: num(r?.cv),
      totalSearches: num(r?.s),
      totalQuoteRequests: num(r?.q),
      uniqueVisitors: num(r?.v),
      previousPeriod: {
        totalPageViews: num(r?.ppv),
        totalCompanyViews: num(r?.pcv),
        totalSearches: num(r?.ps),
        totalQuoteRequests: num(r?.pq),
        uniqueVisitors: num(r?.pvis),
      },
    };
  }

  async topCompanies(w: DayWindow, limit: number) {
    const rows = await this.rows<Record<string, string>>(
      `SELECT companyId, sum(views) AS viewCount, sum(quotes) AS quoteCount
       FROM (SELECT companyId, views, quotes FROM ${this.db}.daily_company_leads WHERE ${splitDays}
             UNION ALL
             SELECT companyId, views, quotes FROM ${this.db}.monthly_company_leads WHERE ${splitMonths})
       GROUP BY companyId ORDER BY viewCount DESC, quoteCount DESC, companyId LIMIT {limit:UInt32}`,
      { ...splitParams(w), limit },
    );
    return rows.map((r) => ({ companyId: String(r.companyId), viewCount: num(r.viewCount), quoteCount: num(r.quoteCount) }));
  }

  async geographic(w: DayWindow, limit: number) {
    const rows = await this.dimension(w, 'geo', 'visitors', limit);
    return rows.map((r) => ({ city: r.key1, state: r.key2, country: r.key3, visitorCount: r.value }));
  }

  async devices(w: DayWindow, limit: number) {
    const rows = await this.dimension(w, 'device', 'events', limit);
    return rows.map((r) => ({ deviceType: r.key1, count: r.value }));
  }

  async referrers(w: DayWindow, limit: number) {
    const rows = await this.dimension(w, 'referrer', 'events', limit);
    return rows.map((r) => ({ referrer: r.key1, count: r.value }));
  }

  private async dimension(w: DayWindow, dimension: string, measure: 'events' | 'visitors', limit: number) {
    const rows = await this.rows<Record<string, string>>(
      `SELECT key1, key2, key3, sum(${measure}) AS value
       FROM (SELECT key1, key2, key3, ${measure} FROM ${this.db}.daily_dimensions WHERE dimension = {dimension:String} AND ${splitDays}
             UNION ALL
             SELECT key1, key2, key3, ${measure} FROM ${this.db}.monthly_dimensions WHERE dimension = {dimension:String} AND ${splitMonths})
       GROUP BY key1, key2, key3 ORDER BY value DESC, key1, key2, key3 LIMIT {limit:UInt32}`,
      { dimension, ...splitParams(w), limit },
    );
    return rows.map((r) => ({ key1: String(r.key1), key2: String(r.key2), key3: String(r.key3), value: num(r.value) }));
  }

  async dailyTrends(w: DayWindow) {
    const rows = await this.rows<Record<string, string>>(
      `SELECT toString(day) AS date,
         sumIf(events, actionType = 'page_view') AS pageViews, sumIf(events, actionType = 'company_view') AS companyViews,
         sumIf(events, actionType = 'search') AS searches, sumIf(events, actionType = 'quote_request') AS quoteRequests
       FROM ${this.db}.daily_totals WHERE day BETWEEN {from:Date} AND {to:Date}
       GROUP BY day ORDER BY day DESC`,
      { from: w.from, to: w.to },
    );
    return rows.map((r) => ({
      date: String(r.date),
      pageViews: num(r.pageViews),
      companyViews: num(r.companyViews),
      searches: num(r.searches),
      quoteRequests: num(r.quoteRequests),
    }));
  }

  async popularSearches(w: DayWindow, limit: number) {
    const rows = await this.rows<Record<string, string>>(
      `SELECT searchQuery, sum(events) AS searchCount
       FROM (SELECT searchQuery, events FROM ${this.db}.daily_searches WHERE ${splitDays}
             UNION ALL
             SELECT searchQuery, events FROM ${this.db}.monthly_searches WHERE ${splitMonths})
       GROUP BY searchQuery ORDER BY searchCount DESC, searchQuery LIMIT {limit:UInt32}`,
      { ...splitParams(w), limit },
    );
    return rows.map((r) => ({ searchQuery: String(r.searchQuery), searchCount: num(r.searchCount) }));
  }

  /**
   * Two queries at once (the engine runs them side by side): the per-minute rollups of the window
   * (the visitor and session sketches merged, the sums, the events per minute as a sumMap), and its
   * top pages: the pages that led some minute (minute_page_leaders, a few thousand rows), their views
   * counted exactly from the window's rows of minute_page_views (one range of its key).
   */
  async realtime(since: Date, windowMinutes: number): Promise<RealtimeAnalytics> {
    const start = `toStartOfMinute(toDateTime64({since:String}, 3, 'UTC'))`;
    const params = { since: clickhouseTime(since.toISOString()) };
    const [[r], pages] = await Promise.all([
      this.rows<{
        activeVisitors: string;
        activeSessions: string;
        eventCount: string;
        pageViewCount: string;
        perMinute: [number[], string[]];
      }>(
        `SELECT uniqMerge(visitors) AS activeVisitors, uniqMerge(sessions) AS activeSessions, sum(events) AS eventCount,
           sum(pageViews) AS pageViewCount, sumMap([toUInt32(minute)], [toUInt64(events)]) AS perMinute
         FROM ${this.db}.minute_totals WHERE minute >= ${start}`,
        params,
      ),
      this.rows<{ page: string; views: string }>(
        `SELECT page, sum(views) AS views FROM ${this.db}.minute_page_views
         WHERE minute >= ${start} AND page IN (SELECT page FROM ${this.db}.minute_page_leaders WHERE minute >= ${start})
         GROUP BY page ORDER BY views DESC, page LIMIT 10`,
        params,
      ),
    ]);
    const [minutes, counts] = r?.perMinute ?? [[], []];
    return {
      windowMinutes,
      since: since.toISOString(),
      activeVisitors: num(r?.activeVisitors),
      activeSessions: num(r?.activeSessions),
      events: num(r?.eventCount),
      pageViews: num(r?.pageViewCount),
      topPages: pages.map((p) => ({ page: String(p.page), views: num(p.views) })),
      perMinute: minutes.map((m, i) => ({ minute: new Date(num(m) * 1000).toISOString(), events: num(counts[i]) })),
    };
  }

  async companyDays(companyId: string, from: string, to: string): Promise<CompanyDayRow[]> {
    const rows = await this.rows<Record<string, string>>(
      `SELECT toString(day) AS date, actionType, sum(events) AS events, sum(visitors) AS visitors
       FROM ${this.db}.daily_company WHERE companyId = {companyId:String} AND day BETWEEN {from:Date} AND {to:Date}
       GROUP BY day, actionType ORDER BY day`,
      { companyId, from, to },
    );
    return rows.map((r) => ({ day: String(r.date), actionType: String(r.actionType), events: num(r.events), visitors: num(r.visitors) }));
  }

  /** Runs a SELECT and returns its rows (64-bit numbers arrive as strings: callers use `num`). */
  async rows<T>(query: string, params: Record<string, unknown> = {}): Promise<T[]> {
    const result = await this.client.query({ query, query_params: params, format: 'JSONEachRow' });
    return result.json<T>();
  }

  /** Runs a statement without rows (benchmarks generate data with it). */
  async command(query: string): Promise<void> {
    // chDB keeps a SET for the session: clear the last batch's token so this statement is not taken for it.
    await this.client.command({ query, clickhouse_settings: { insert_deduplication_token: '' } });
  }
}

/** A schema file's statements (comments dropped), with the database renamed when it is not 'analytics'. */
export function splitStatements(sql: string, database: string): string[] {
  const text = sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .replace(/\banalytics\./g, `${database}.`)
    .replace(/DATABASE IF NOT EXISTS analytics\b/g, `DATABASE IF NOT EXISTS ${database}`);
  return text
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A stored row read back (times as text, 64-bit numbers as strings) as the event that was inserted. */
function fromRow(r: Record<string, unknown>): StoredEvent {
  const text = (key: string) => String(r[key] ?? '');
  return {
    eventId: text('eventId'),
    receivedAt: isoTime(text('receivedAt')),
    clientTime: r.clientTime === null || r.clientTime === undefined ? null : isoTime(text('clientTime')),
    actionType: text('actionType'),
    companyId: text('companyId'),
    companyIds: Array.isArray(r.companyIds) ? r.companyIds.map(String) : [],
    sessionId: text('sessionId'),
    visitorId: text('visitorId'),
    searchQuery: text('searchQuery'),
    searchFilters: text('searchFilters'),
    currentPage: text('currentPage'),
    landingPage: text('landingPage'),
    referrer: text('referrer'),
    userAgent: text('userAgent'),
    deviceType: text('deviceType'),
    country: text('country'),
    state: text('state'),
    city: text('city'),
    timeSpent: r.timeSpent === null || r.timeSpent === undefined ? null : num(r.timeSpent),
    newVisitor: num(r.newVisitor),
    newProfileView: num(r.newProfileView),
    ingestSource: text('ingestSource'),
    ingestOffset: num(r.ingestOffset),
  };
}
