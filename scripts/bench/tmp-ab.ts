import { ClickHouseAnalyticsStore } from '../../services/analytics/src/repositories/clickhouse.analytics-store.js';
const store = await ClickHouseAnalyticsStore.create({ chdbPath: '/tmp/rt' });
const S = `toStartOfMinute(now() - INTERVAL 30 MINUTE)`;
const qs: Record<string, string> = {
  str: `SELECT currentPage AS page, count() AS views FROM analytics.events WHERE actionType = 'page_view' AND receivedAt >= ${S} AND currentPage IN (SELECT page FROM analytics.minute_page_leaders WHERE minute >= ${S}) GROUP BY page ORDER BY views DESC, page LIMIT 10`,
  hash: `SELECT page, views FROM (SELECT pageHash, count() AS views FROM analytics.events WHERE actionType = 'page_view' AND receivedAt >= ${S} AND pageHash IN (SELECT cityHash64(page) FROM analytics.minute_page_leaders WHERE minute >= ${S}) GROUP BY pageHash) AS counted INNER JOIN (SELECT DISTINCT page, cityHash64(page) AS pageHash FROM analytics.minute_page_leaders WHERE minute >= ${S}) AS named USING pageHash ORDER BY views DESC, page LIMIT 10`,
  totals: `SELECT uniqMerge(visitors), uniqMerge(sessions), sum(events), sum(pageViews) FROM analytics.minute_totals WHERE minute >= ${S}`,
  scanOnly: `SELECT count() FROM analytics.events WHERE actionType = 'page_view' AND receivedAt >= ${S}`,
  one: `SELECT 1`,
};
const t: Record<string, number[]> = {};
for (let i = 0; i < 43; i++)
  for (const [k, q] of Object.entries(qs)) {
    const t0 = performance.now();
    await store.rows(q);
    if (i >= 3) (t[k] ??= []).push(performance.now() - t0);
  }
for (const [k, v] of Object.entries(t)) {
  v.sort((a, b) => a - b);
  console.log(k.padEnd(10), 'p50', v[20]!.toFixed(1), 'p95', v[37]!.toFixed(1));
}
await store.close();
