import { dayWindow, type AnalyticsStore, type StoredEvent } from '@limo/analytics-store';
import { storedEvent } from '@limo/analytics-store/testing';

/** A desktop browser's user agent (isbot lets it through). */
export const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
/** A phone's user agent. */
export const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** Googlebot's user agent. */
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * What a kill -9 in the middle of an insert leaves: with `rawOnly`, the first insert reaches the raw
 * table but none of its materialized views (detached around it), as when the process dies between
 * the `events` part and the rollups' parts; otherwise the first insert is complete and its answer is
 * lost. Either way it then throws, and so does every later insert: the process is gone.
 */
export function crashingStore(store: AnalyticsStore, rawOnly: boolean): AnalyticsStore & { died: Promise<void> } {
  let crashed = false;
  let die = () => {};
  const died = new Promise<void>((resolve) => (die = resolve));
  const crashing = Object.assign(Object.create(store) as AnalyticsStore, { died });
  crashing.insertRows = async (rows, batchId) => {
    if (crashed) throw new Error('the process is gone');
    crashed = true;
    if (!rawOnly) await store.insertRows(rows, batchId);
    else {
      const views = await store.rows<{ name: string }>(
        `SELECT name FROM system.tables WHERE database = 'analytics' AND engine = 'MaterializedView'`,
      );
      for (const v of views) await store.command(`DETACH TABLE analytics.${v.name}`);
      try {
        await store.insertRows(rows, batchId);
      } finally {
        for (const v of views) await store.command(`ATTACH TABLE analytics.${v.name}`);
      }
    }
    // The materialized views are attached again by now: the next process writes its rollups through them.
    die();
    throw new Error('killed in the middle of the insert');
  };
  // Nothing answers a dead process: its writer takes the failures for the store's, never the rows'.
  crashing.ping = async () => {
    if (crashed) throw new Error('the process is gone');
    await store.ping();
  };
  return crashing;
}

/** A mix of events of today: page views, company views of three companies, searches of four texts. */
export function eventMix(count: number, overrides: Partial<StoredEvent> = {}): StoredEvent[] {
  return Array.from({ length: count }, (_, i) =>
    i % 3 === 0
      ? storedEvent({ actionType: 'page_view', currentPage: `/page-${i % 5}`, ...overrides })
      : i % 3 === 1
        ? storedEvent({ actionType: 'company_view', companyId: `company-${i % 3}-${(i % 7) % 3}`, ...overrides })
        : storedEvent({ actionType: 'search', searchQuery: `limo ${i % 4}`, companyIds: ['company-1-0'], ...overrides }),
  );
}

/**
 * What the admin dashboards (overview, top companies, popular searches, devices, realtime) and the raw table
 * show for today, next to what they must show for `events` counted once each.
 */
export async function dashboardFigures(store: AnalyticsStore, events: StoredEvent[]) {
  const window = dayWindow(7);
  const overview = await store.overview(window);
  const sum = (values: number[]) => values.reduce((n, v) => n + v, 0);
  const of = (type: string) => events.filter((e) => e.actionType === type).length;
  const raw = await store.rows<{ n: string; ids: string }>(`SELECT count() AS n, uniqExact(eventId) AS ids FROM analytics.events`);
  const live = await store.realtime(new Date(Date.now() - 30 * 60_000), 30);
  return {
    shown: {
      pageViews: overview.totalPageViews,
      companyViews: overview.totalCompanyViews,
      searches: overview.totalSearches,
      topCompanyViews: sum((await store.topCompanies(window, 100)).map((c) => c.viewCount)),
      popularSearches: sum((await store.popularSearches(window, 100)).map((s) => s.searchCount)),
      deviceEvents: sum((await store.devices(window, 100)).map((d) => d.count)),
      // eventMix's page views are on five pages: realtime's top ten pages hold them all.
      realtimePageViews: live.pageViews,
      realtimeTopPageViews: sum(live.topPages.map((p) => p.views)),
      rawRows: Number(raw[0]?.n),
      rawEventIds: Number(raw[0]?.ids),
    },
    expected: {
      pageViews: of('page_view'),
      companyViews: of('company_view'),
      searches: of('search'),
      topCompanyViews: of('company_view'),
      popularSearches: of('search'),
      deviceEvents: events.length,
      realtimePageViews: of('page_view'),
      realtimeTopPageViews: of('page_view'),
      rawRows: events.length,
      rawEventIds: events.length,
    },
  };
}

/** Empties every table of the analytics database but the schema versions (a test starting from nothing). */
export async function truncateAll(store: AnalyticsStore): Promise<void> {
  const tables = await store.rows<{ name: string }>(
    `SELECT name FROM system.tables WHERE database = 'analytics' AND engine LIKE '%MergeTree' AND name != 'schema_migrations'`,
  );
  for (const table of tables) await store.command(`TRUNCATE TABLE analytics.${table.name}`);
}
