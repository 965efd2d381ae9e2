/**
 * The batched ingest path alone, profiled: `npx tsx scripts/bench/profile-ingest.ts [out.cpuprofile]`
 * sends PROFILE_REQUESTS batch requests of 100 events (8 connections, through the gateway), waits
 * until they are stored, and prints events/s, CPU µs/event (whole process, and per thread group from
 * /proc: the main thread vs chDB's and libuv's threads). With a file name, the main thread's CPU
 * profile of that span alone is written there (summarise it with scripts/bench/profile-summary.ts), or
 * with PROFILE_HEAP=1 its sampled allocations (`profile-summary.ts --heap`).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { startThrowaway } from '@limo/embedded';
import { threadTicks } from './thread-ticks.js';
import { BENCH_UA as UA, benchEvent } from './track-events.js';
import { uniquePosts } from './unique-posts.js';

const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 2_000);

process.env.ANALYTICS_IP_EVENTS_PER_MINUTE ??= '1000000000';
const system = await startThrowaway({
  LOG_LEVEL: 'error',
  RATE_LIMIT_PER_MINUTE: '1000000000',
  // The ClickHouse server at CLICKHOUSE_URL when set (the engine's CPU then is not this process's).
  ...(process.env.CLICKHOUSE_URL ? { CLICKHOUSE_URL: process.env.CLICKHOUSE_URL } : {}),
});
const store = system.services.analytics.service.app.analyticsStore;
const stored = async () =>
  Number((await store.rows<{ n: string }>(`SELECT count() AS n FROM analytics.events WHERE ingestSource = 'direct'`))[0]?.n);
const events = Array.from({ length: 100 }, (_, i) => benchEvent(i));
const out = process.argv[2];
const inspector = new Session();
try {
  if (out) {
    inspector.connect();
    if (process.env.PROFILE_HEAP)
      await inspector.post('HeapProfiler.startSampling', {
        samplingInterval: 4096,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    else {
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    }
  }
  const ticksBefore = threadTicks();
  const before = await stored();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await uniquePosts({
    url: `${system.url}/api/analytics/track/batch`,
    template: JSON.stringify({ events }),
    headers: { 'content-type': 'application/json', 'user-agent': UA },
    connections: 8,
    amount: REQUESTS,
  });
  while ((await stored()) < before + result.ok * 100) await new Promise((r) => setTimeout(r, 50));
  const used = process.cpuUsage(cpu);
  const n = result.ok * 100;
  if (out) {
    const { profile } = process.env.PROFILE_HEAP
      ? await inspector.post('HeapProfiler.stopSampling')
      : await inspector.post('Profiler.stop');
    writeFileSync(out, JSON.stringify(profile));
  }
  const ticksAfter = threadTicks();
  const perThread = [...ticksAfter]
    .map(([name, t]) => [name, ((t - (ticksBefore.get(name) ?? 0)) * 10_000) / n] as const)
    .filter(([, us]) => us > 0.5)
    .sort((a, b) => b[1] - a[1]);
  console.log(`CPU µs/event by thread: ${perThread.map(([name, us]) => `${name} ${us.toFixed(1)}`).join(', ')}`);
  console.log(
    `${n} events stored in ${((performance.now() - started) / 1000).toFixed(1)} s: ${(n / ((performance.now() - started) / 1000)).toFixed(0)} events/s, ${((used.user + used.system) / n).toFixed(1)} CPU µs/event, ${result.failed} failed`,
  );
} finally {
  await system.close();
}
