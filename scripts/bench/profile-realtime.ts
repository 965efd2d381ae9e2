/**
 * The realtime dashboard's store query alone, timed over the bench's data: `npx tsx
 * scripts/bench/profile-realtime.ts` fills a throwaway chDB on disk with REALTIME_RECENT events of
 * the last 10 minutes shaped as `npm run bench:analytics`'s ingest leaves them (default 441,000: one
 * session per 100 events, every page distinct, one visitor) and REALTIME_EVENTS events over 365 days
 * (default 10,000,000, the bench's generator), then times `realtime()` (REALTIME_RUNS, default 30)
 * and prints p50/p95 in ms, with the answer's figures. REALTIME_DIR keeps the engine's data there
 * (filled on the first run only; its recent events written again once they are older than 20
 * minutes) for the next runs; REALTIME_SQL times that query too. With
 * CLICKHOUSE_URL it runs against that ClickHouse server instead, in a database of its own
 * (realtime_bench, filled on the first run only; dropped when REALTIME_DROP=1).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClickHouseAnalyticsStore } from '@limo/engine-clickhouse';
import { generateSql } from './generate-events.js';
import { BENCH_UA } from './track-events.js';

const RECENT = Number(process.env.REALTIME_RECENT ?? 441_000);
const EVENTS = Number(process.env.REALTIME_EVENTS ?? 10_000_000);
const RUNS = Number(process.env.REALTIME_RUNS ?? 30);

const recentSql = `
INSERT INTO analytics.events (eventId, receivedAt, actionType, companyId, sessionId, visitorId, currentPage, landingPage, referrer, userAgent, deviceType, country, state, city, newVisitor, ingestSource, ingestOffset)
SELECT generateUUIDv4(number), now64(3) - toIntervalMillisecond(number % 600000),
  if(number % 3 = 0, 'company_view', 'page_view') AS action, if(action = 'company_view', concat('bench-', toString(number)), ''),
  concat('bench-', toString(intDiv(number, 100))), 'a1b2c3d4e5f60718', concat('/company/bench-', toString(intDiv(number, 100)), '/', toString(number % 100)),
  '/', 'direct', '${BENCH_UA}', 'desktop', 'Unknown', 'Unknown', 'Unknown', if(number = 0, 1, 0), 'direct', -1
FROM numbers(${RECENT})`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const url = process.env.CLICKHOUSE_URL;
const database = url ? 'realtime_bench' : 'analytics';
const kept = url ? undefined : process.env.REALTIME_DIR;
const dir = url ? undefined : (kept ?? mkdtempSync(join(tmpdir(), 'limo-realtime-')));
const store = await ClickHouseAnalyticsStore.create(url ? { url, database } : { chdbPath: dir });
try {
  await store.migrate();
  const filled = url
    ? Number((await store.rows<{ n: string }>(`SELECT count() AS n FROM ${database}.events`))[0]?.n) > 0
    : kept !== undefined && existsSync(join(kept, 'filled'));
  let started = performance.now();
  if (!filled) {
    if (RECENT > 0) await store.command(recentSql.replace('analytics.events', `${database}.events`));
    if (EVENTS > 0) await store.command(generateSql(database, EVENTS));
    console.log(`${RECENT} recent and ${EVENTS} generated events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (kept) writeFileSync(join(kept, 'filled'), '');
  } else if (RECENT > 0) {
    // Kept data whose recent events have left the window since: the same recent events again, now.
    const [row] = await store.rows<{ n: string }>(
      `SELECT count() AS n FROM ${database}.events WHERE receivedAt >= now() - INTERVAL 20 MINUTE`,
    );
    if (Number(row?.n) < RECENT) {
      await store.command(recentSql.replace('analytics.events', `${database}.events`));
      console.log(`${RECENT} recent events again (the kept ones are older than the window)`);
    }
  }
  started = performance.now();
  const merging = async () => Number((await store.rows<{ n: string }>(`SELECT count() AS n FROM system.merges`))[0]?.n);
  while ((await merging()) > 0 && performance.now() - started < 120_000) await new Promise((r) => setTimeout(r, 500));
  const samples: number[] = [];
  let answer;
  for (let i = 0; i < RUNS + 3; i++) {
    const t0 = performance.now();
    answer = await store.realtime(new Date(Date.now() - 30 * 60_000), 30);
    if (i >= 3) samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const sql = process.env.REALTIME_SQL;
  if (sql) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const t0 = performance.now();
      await store.rows(sql.replaceAll('{since}', `now() - INTERVAL 30 MINUTE`).replaceAll('analytics.', `${database}.`));
      if (i >= 3) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(`REALTIME_SQL: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`);
  }
  if (!answer) throw new Error('realtime() never answered');
  const { topPages, perMinute, ...figures } = answer;
  console.log(`realtime(): p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms over ${RUNS} runs`);
  console.log(JSON.stringify({ ...figures, topPages: topPages.slice(0, 3), minutes: perMinute.length }));
} finally {
  if (url && process.env.REALTIME_DROP === '1') await store.command(`DROP DATABASE ${database}`);
  await store.close();
  if (dir && !kept) rmSync(dir, { recursive: true, force: true });
}
