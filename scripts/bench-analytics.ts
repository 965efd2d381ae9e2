/**
 * `npm run bench:analytics`: analytics ingest through the gateway, then the dashboard queries over
 * 10 million generated events.
 *
 * 1. Ingest: the whole embedded system (a temp DATA_DIR, rate limits out of the way). A client in a
 *    child process sends POST /api/analytics/track (one event a request, as the web app does) and
 *    POST /api/analytics/track/batch (100 events a request), every event distinct (company events on a
 *    company of their own) so none is dropped as a replay or burst, and the per-IP caps out of the way
 *    (every request comes from 127.0.0.1). Each scenario is timed until its events are stored and
 *    costed in this process's CPU time (CPU µs per event: a figure the machine's load barely moves).
 *    Then the number of events stored must equal the number acknowledged. Bare Fastify POSTs behind
 *    a second gateway built by the same code (one event, and the same batches parsed and dropped)
 *    give the baseline of this run: the ratios, and analytics' own CPU µs per event.
 * 2. Queries: 10,000,000 events spread over the last 365 days are generated inside ClickHouse
 *    (INSERT ... SELECT FROM numbers(), through the same materialized views as real events), then each
 *    admin dashboard route is called through the gateway as an admin, 30 and 365 days, and timed
 *    (p50/p95), next to a bare GET route behind the same gateway code.
 *
 * The store is chDB in this process, or the ClickHouse server at CLICKHOUSE_URL when set.
 * Settings (env): BENCH_EVENTS (default 10,000,000; 0 = ingest only), BENCH_RUNS per query (default 20),
 * BENCH_INGEST_REQUESTS single-event requests (default 40,000). Build first (`npx tsc -b`).
 */
import os from 'node:os';
import Fastify from 'fastify';
// Types only: brings the service's `app.analyticsStore` decoration into view.
import type {} from '@limo/analytics';
import { createLogger } from '@limo/platform';
import { startThrowaway } from '@limo/embedded';
import { listenLocal, startGateway } from './bench/gateway.js';
import { generateSql } from './bench/generate-events.js';
import { threadTicks } from './bench/thread-ticks.js';
import { BENCH_UA as UA, benchEvent as event } from './bench/track-events.js';
import { uniquePosts } from './bench/unique-posts.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const INGEST_REQUESTS = Number(process.env.BENCH_INGEST_REQUESTS ?? 40_000);
const BATCH = 100;
const admin = { email: 'bench-admin@example.com', password: 'bench-admin-pass' };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Runs `amount` POSTs, each with its own ids, and waits for every answer (so the 2xx count is exact). */
async function post(url: string, template: string, connections: number, amount: number) {
  const result = await uniquePosts({
    url,
    template,
    headers: { 'content-type': 'application/json', 'user-agent': UA },
    connections,
    amount,
  });
  return { ...result, perSecond: result.ok / result.seconds };
}

async function main(): Promise<void> {
  // The analytics service reads its own settings from the environment.
  process.env.ANALYTICS_IP_EVENTS_PER_MINUTE ??= '1000000000';
  const system = await startThrowaway({
    LOG_LEVEL: 'error',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // A throwaway system does not inherit CLICKHOUSE_URL: the bench names it (e.g. infra/local/clickhouse.sh's server).
    ...(process.env.CLICKHOUSE_URL ? { CLICKHOUSE_URL: process.env.CLICKHOUSE_URL } : {}),
  });
  const { config } = system;
  const db = process.env.CLICKHOUSE_DATABASE ?? 'analytics';
  // The service's own store: chDB binds one engine per process.
  const store = system.services.analytics.service.app.analyticsStore;
  const count = async (where = '1') =>
    Number((await store.rows<{ n: string }>(`SELECT count() AS n FROM ${db}.events WHERE ${where}`))[0]?.n);

  const bare = Fastify({ logger: false });
  bare.post('/api/analytics/track', async (_request, reply) => reply.code(202).send({}));
  // The batch baseline parses its JSON body as the real route does, and stops there.
  bare.post('/api/analytics/track/batch', async (_request, reply) => reply.code(202).send({}));
  bare.get('/api/admin/analytics/bare', async () => [{ deviceType: 'desktop', count: 1 }]);
  const { gateway: bareGateway, url: bareGatewayUrl } = await startGateway(
    config,
    createLogger('error'),
    'analytics',
    await listenLocal(bare),
    system.shared.limiter,
  );

  try {
    console.log(`analytics store: ${store.description}`);
    // ---- 1. ingest -------------------------------------------------------------------------------
    // Each scenario is timed until its events are stored, not only acknowledged (the writer may lag),
    // and costed in CPU time of this process (gateway, services and chDB; the load client is a child
    // process): CPU µs per event does not depend on what else the machine runs, events/s does.
    const stored = () => count("ingestSource = 'direct'");
    const scenario = async (url: string, template: string, connections: number, requests: number, perRequest: number) => {
      const before = await stored();
      const ticks = threadTicks();
      const cpu = process.cpuUsage();
      const started = performance.now();
      const result = await post(url, template, connections, requests);
      const expected = before + result.ok * perRequest;
      const deadline = Date.now() + 60_000;
      let now = await stored();
      while (now < expected && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        now = await stored();
      }
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      const events = result.ok * perRequest;
      // Where the CPU went, by thread: Node's own (main, V8's helpers, libuv's pool) and, with chDB in
      // this process, the engine's (ClickHouse's thread names); a ClickHouse server's is not counted.
      const byThread = [...threadTicks()]
        .map(([name, t]) => [name, ((t - (ticks.get(name) ?? 0)) * 10_000) / events] as const)
        .filter(([, us]) => us >= 0.5)
        .sort((a, b) => b[1] - a[1]);
      return {
        byThread,
        ...result,
        events,
        lost: expected - now,
        acknowledgedPerSecond: events / result.seconds,
        storedPerSecond: events / seconds,
        cpuMicrosPerEvent: (used.user + used.system) / events,
      };
    };
    const single = JSON.stringify(event(1));
    const batch = JSON.stringify({ events: Array.from({ length: BATCH }, (_, i) => event(i)) });
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
    console.log(`load average before ingest: ${load()}`);
    // A ClickHouse server may hold earlier runs' events: this run's are what it adds.
    const storedBefore = await stored();
    await scenario(`${system.url}/api/analytics/track`, single, 8, 1_000, 1);
    const one = await scenario(`${system.url}/api/analytics/track`, single, 32, INGEST_REQUESTS, 1);
    const many = await scenario(
      `${system.url}/api/analytics/track/batch`,
      batch,
      8,
      Math.max(200, Math.round(INGEST_REQUESTS / 10)),
      BATCH,
    );
    const bareCpu = process.cpuUsage();
    const bareOne = await post(`${bareGatewayUrl}/api/analytics/track`, single, 32, INGEST_REQUESTS);
    const bareUsed = process.cpuUsage(bareCpu);
    // The same batches to a route that only parses them, behind the same gateway code: what HTTP and
    // JSON cost per event whatever analytics does, measured in this run and under this load.
    const bareBatchCpu = process.cpuUsage();
    const bareMany = await post(`${bareGatewayUrl}/api/analytics/track/batch`, batch, 8, Math.max(200, Math.round(INGEST_REQUESTS / 10)));
    const bareBatchUsed = process.cpuUsage(bareBatchCpu);
    const bareBatchMicros = (bareBatchUsed.user + bareBatchUsed.system) / (bareMany.ok * BATCH);
    const acknowledged = 1_000 + one.ok + many.ok * BATCH;
    const storedTotal = (await stored()) - storedBefore;
    const line = (label: string, r: typeof one, extra = '') =>
      console.log(
        `  ${label}  ${r.acknowledgedPerSecond.toFixed(0).padStart(6)} events/s acknowledged, ${r.storedPerSecond.toFixed(0).padStart(6)} stored  ${r.cpuMicrosPerEvent.toFixed(1).padStart(6)} CPU µs/event (${(1e6 / r.cpuMicrosPerEvent).toFixed(0)} events per CPU-second)  p99 ${r.p99} ms  ${r.failed ? `${r.failed} FAILED` : 'all 202'}${extra}`,
      );
    console.log('');
    console.log('ingest through the gateway (embedded, in-process batch writer; stored = counted in ClickHouse)');
    line('POST /api/analytics/track        32 conn', one);
    line('POST /api/analytics/track/batch   8 conn', many, `  (${many.perSecond.toFixed(0)} req/s × ${BATCH})`);
    console.log(`    batch CPU µs/event by thread: ${many.byThread.map(([name, us]) => `${name} ${us.toFixed(1)}`).join(', ')}`);
    console.log(
      `  bare batch POST behind the same gateway  8 conn  ${(bareMany.perSecond * BATCH).toFixed(0).padStart(6)} events/s  ${bareBatchMicros.toFixed(1).padStart(6)} CPU µs/event   ratio batch track / bare: events/s ${(many.storedPerSecond / (bareMany.perSecond * BATCH)).toFixed(2)}, CPU µs/event ${(many.cpuMicrosPerEvent / bareBatchMicros).toFixed(2)} (analytics' own share ${(many.cpuMicrosPerEvent - bareBatchMicros).toFixed(1)} µs/event)`,
    );
    console.log(
      `  bare POST behind the same gateway  32 conn  ${bareOne.perSecond.toFixed(0).padStart(6)} req/s  ${((bareUsed.user + bareUsed.system) / bareOne.ok).toFixed(1).padStart(6)} CPU µs/request   ratio track / bare: ${(one.perSecond / bareOne.perSecond).toFixed(2)}`,
    );
    console.log(`  acknowledged events: ${acknowledged}   stored: ${storedTotal}${storedTotal === acknowledged ? '' : '   MISMATCH'}`);
    console.log(`load average after ingest: ${load()}`);
    if (storedTotal !== acknowledged) process.exitCode = 1;

    // The writer's own rate, without HTTP: 200,000 events in batches of 10,000 (the flush size).
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      eventId: '',
      receivedAt: new Date().toISOString(),
      clientTime: null,
      actionType: 'page_view',
      companyId: '',
      companyIds: [],
      sessionId: `w${i}`,
      visitorId: `v${i % 997}`,
      searchQuery: '',
      searchFilters: '',
      currentPage: `/w/${i}`,
      landingPage: '/',
      referrer: 'direct',
      userAgent: UA,
      deviceType: 'desktop',
      country: 'US',
      state: 'TX',
      city: 'Austin',
      timeSpent: null,
      newVisitor: i % 4 === 0 ? 1 : 0,
      newProfileView: 0,
      ingestSource: 'writer',
      ingestOffset: i,
    }));
    const writeStarted = performance.now();
    for (let b = 0; b < 20; b++)
      await store.insert(
        rows.map((r) => ({ ...r, eventId: crypto.randomUUID() })),
        `writer-${b}`,
      );
    console.log(
      `  store insert without HTTP (20 batches of 10,000)  ${(200_000 / ((performance.now() - writeStarted) / 1000)).toFixed(0)} events/s`,
    );

    // ---- 2. dashboards over generated events ----------------------------------------------------
    if (EVENTS === 0) return;
    const generationStarted = Date.now();
    await store.command(generateSql(db, EVENTS));
    const total = await count();
    console.log('');
    console.log(
      `generated ${EVENTS.toLocaleString('en-US')} events over 365 days in ${((Date.now() - generationStarted) / 1000).toFixed(1)} s (raw table now ${total.toLocaleString('en-US')} rows; rollups filled by the materialized views)`,
    );
    // Measure the steady state: let ClickHouse finish merging the parts the big insert made (up to 2 minutes).
    const settleStarted = Date.now();
    const merging = async () =>
      Number((await store.rows<{ n: string }>(`SELECT count() AS n FROM system.merges WHERE database = '${db}'`))[0]?.n);
    while ((await merging()) > 0 && Date.now() - settleStarted < 120_000) await new Promise((r) => setTimeout(r, 500));
    console.log(`background merges settled in ${((Date.now() - settleStarted) / 1000).toFixed(1)} s`);

    const login = await fetch(`${system.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: system.url },
      body: JSON.stringify(admin),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const time = async (url: string, headers: Record<string, string> = {}) => {
      const samples: number[] = [];
      for (let i = 0; i < RUNS + 3; i++) {
        const started = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        if (i >= 3) samples.push(performance.now() - started);
      }
      samples.sort((a, b) => a - b);
      return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
    };
    const bareTime = await time(`${bareGatewayUrl}/api/admin/analytics/bare`);
    console.log('');
    console.log(`dashboard queries through the gateway as admin, ${RUNS} runs each (ms)`);
    console.log(
      `  ${'route'.padEnd(20)} ${'30 d p50'.padStart(9)} ${'30 d p95'.padStart(9)} ${'365 d p50'.padStart(10)} ${'365 d p95'.padStart(10)}   ratio p50 30 d / bare`,
    );
    const routes = ['overview', 'top-companies', 'geographic', 'daily-trends', 'popular-searches', 'devices', 'referrers'];
    let over = false;
    for (const route of routes) {
      const month = await time(`${system.url}/api/admin/analytics/${route}?days=30`, { cookie });
      const year = await time(`${system.url}/api/admin/analytics/${route}?days=365`, { cookie });
      over ||= month.p95 > 200 || year.p95 > 500;
      console.log(
        `  ${route.padEnd(20)} ${month.p50.toFixed(1).padStart(9)} ${month.p95.toFixed(1).padStart(9)} ${year.p50.toFixed(1).padStart(10)} ${year.p95.toFixed(1).padStart(10)}   ${(month.p50 / bareTime.p50).toFixed(1)}`,
      );
    }
    const live = await time(`${system.url}/api/admin/analytics/realtime`, { cookie });
    console.log(`  ${'realtime (30 min)'.padEnd(20)} ${live.p50.toFixed(1).padStart(9)} ${live.p95.toFixed(1).padStart(9)}`);
    const ownerQuery = await time(`${system.url}/api/admin/analytics/top-companies?days=365&limit=100`, { cookie });
    console.log(
      `  ${'top-companies 100'.padEnd(20)} ${''.padStart(9)} ${''.padStart(9)} ${ownerQuery.p50.toFixed(1).padStart(10)} ${ownerQuery.p95.toFixed(1).padStart(10)}`,
    );
    console.log(`  ${'bare GET (baseline)'.padEnd(20)} ${bareTime.p50.toFixed(1).padStart(9)} ${bareTime.p95.toFixed(1).padStart(9)}`);
    console.log('');
    console.log(
      `aims: ingest >= 20,000 events/s; 30-day p95 <= 200 ms; 365-day p95 <= 500 ms: ${over ? 'a query MISSED its aim' : 'every query within its aim'}`,
    );
  } finally {
    await bareGateway.close();
    await bare.close();
    await system.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
