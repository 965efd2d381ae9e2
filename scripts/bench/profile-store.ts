/**
 * The analytics store's insert alone, costed: `npx tsx scripts/bench/profile-store.ts` writes
 * STORE_ROWS events (default 200,000) in batches of STORE_BATCH (default 10,000, the flush size) into
 * a throwaway chDB on disk, as the batch writer does (each batch under its own deduplication token,
 * through every materialized view), and prints events/s and CPU µs per event by thread (the main
 * thread encodes the rows; chDB parses and writes them in libuv's pool and its own ThreadPool).
 * STORE_DROP_VIEWS=a_mv,b_mv drops those views first, to cost each one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClickHouseAnalyticsStore } from '@limo/engine-clickhouse';
import type { StoredEvent } from '@limo/analytics-store';
import { BENCH_UA } from './track-events.js';
import { threadTicks } from './thread-ticks.js';

const ROWS = Number(process.env.STORE_ROWS ?? 200_000);
const BATCH = Number(process.env.STORE_BATCH ?? 10_000);
const DROP = (process.env.STORE_DROP_VIEWS ?? '').split(',').filter(Boolean);

const dir = mkdtempSync(join(tmpdir(), 'limo-store-'));
const store = await ClickHouseAnalyticsStore.create({ chdbPath: dir });
try {
  await store.migrate();
  for (const view of DROP) await store.command(`DROP VIEW IF EXISTS analytics.${view}`);
  const now = new Date().toISOString();
  const event = (n: number): StoredEvent => ({
    eventId: crypto.randomUUID(),
    receivedAt: now,
    clientTime: now,
    actionType: n % 3 === 0 ? 'company_view' : 'page_view',
    companyId: n % 3 === 0 ? `bench-${n % 2000}-${n}` : '',
    companyIds: [],
    sessionId: `bench-${n >> 7}`,
    visitorId: 'a1b2c3d4e5f60718',
    searchQuery: '',
    searchFilters: '',
    currentPage: `/company/bench-${n >> 7}/${n % 100}`,
    landingPage: '/',
    referrer: 'direct',
    userAgent: BENCH_UA,
    deviceType: 'desktop',
    country: 'Unknown',
    state: 'Unknown',
    city: 'Unknown',
    timeSpent: null,
    newVisitor: n % 100 === 0 ? 1 : 0,
    newProfileView: n % 3 === 0 ? 1 : 0,
    ingestSource: 'direct',
    ingestOffset: -1,
  });
  const batches = Array.from({ length: Math.ceil(ROWS / BATCH) }, (_, b) =>
    Array.from({ length: Math.min(BATCH, ROWS - b * BATCH) }, (_, i) => event(b * BATCH + i)),
  );
  const ticks = threadTicks();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const [b, rows] of batches.entries()) await store.insert(rows, `store-bench-${b}`);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const after = threadTicks();
  const perThread = [...after]
    .map(([name, t]) => [name, ((t - (ticks.get(name) ?? 0)) * 10_000) / ROWS] as const)
    .filter(([, us]) => us > 0.2)
    .sort((a, b) => b[1] - a[1]);
  console.log(
    `${ROWS} events in batches of ${BATCH}${DROP.length ? ` without ${DROP.join(', ')}` : ''}: ${(ROWS / seconds).toFixed(0)} events/s, ${((used.user + used.system) / ROWS).toFixed(1)} CPU µs/event (${perThread.map(([name, us]) => `${name} ${us.toFixed(1)}`).join(', ')})`,
  );
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
