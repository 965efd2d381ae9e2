/**
 * The track route's own work alone, costed: `npx tsx scripts/bench/profile-tracker.ts [out.cpuprofile]`
 * runs TRACKER_REQUESTS batch requests of 100 bench events (default 3,000) through JSON.parse, the
 * route's zod schema (and the fast check the route runs first) and the tracker (in-process memory, a sink that only collects), one request at a
 * time and TRACKER_CONCURRENCY (default 8) at once, and prints CPU µs per event for each stage. With
 * a file name, a CPU profile of the tracker stage is written there (see profile-summary.ts).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { fastTrackBatch, findMalformedText, trackBatchBodySchema } from '@limo/contracts';
import { MemoryCache, MemoryRateLimiter } from '@limo/platform';
import { GeoLocator } from '../../services/analytics/src/domain/geo.js';
import { VisitorIds } from '../../services/analytics/src/domain/visitor.js';
import type { StoredEvent } from '@limo/analytics-store';
import { Tracker } from '../../services/analytics/src/use-cases/tracker.js';
import { BENCH_UA, benchEvent } from './track-events.js';

const REQUESTS = Number(process.env.TRACKER_REQUESTS ?? 3_000);
const CONCURRENCY = Number(process.env.TRACKER_CONCURRENCY ?? 8);
const template = JSON.stringify({ events: Array.from({ length: 100 }, (_, i) => benchEvent(i)) });
const texts = Array.from({ length: REQUESTS }, (_, n) => template.split('__ID__').join(`r${n}`));

let kept = 0;
const tracker = new Tracker({
  sink: {
    accept: async (e: StoredEvent) => void (kept += e.eventId.length > 0 ? 1 : 0),
    start: async () => undefined,
    stop: async () => undefined,
  },
  visitors: new VisitorIds(new MemoryCache()),
  geo: await GeoLocator.create(false),
  seen: MemoryRateLimiter.create({ maxEntries: 200_000 }),
  marks: MemoryCache.create({ maxEntries: 200_000 }),
  burstSeconds: 10,
  ipCompanyEvents: 2,
  ipEventsPerMinute: 1_000_000_000,
});
const facts = { ip: '127.0.0.1', userAgent: BENCH_UA };

const cost = async (label: string, run: () => Promise<void>) => {
  const cpu = process.cpuUsage();
  await run();
  const used = process.cpuUsage(cpu);
  const micros = (used.user + used.system) / (REQUESTS * 100);
  console.log(`${label.padEnd(40)} ${micros.toFixed(2).padStart(6)} CPU µs/event`);
  return micros;
};
const parsed = texts.map((t) => trackBatchBodySchema.parse(JSON.parse(t)).events);
await cost('JSON.parse', async () => {
  for (const t of texts) JSON.parse(t);
});
await cost('JSON.parse + zod', async () => texts.forEach((t) => trackBatchBodySchema.parse(JSON.parse(t))));
// What the route runs: the malformed-Unicode scan, then the hand-written check (zod only when it is unsure).
await cost('JSON.parse + Unicode check + fast check', async () =>
  texts.forEach((t) => {
    const body: unknown = JSON.parse(t);
    if (findMalformedText(body) || !fastTrackBatch(body)) throw new Error('a bench body left to zod');
  }),
);
// Warm up on other ids, then the measured runs on fresh ones.
const warm = Array.from({ length: 200 }, (_, n) => trackBatchBodySchema.parse(JSON.parse(template.split('__ID__').join(`w${n}`))).events);
for (const events of warm) await tracker.trackAll(events, facts);
const out = process.argv[2];
const inspector = new Session();
if (out) {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.start');
}
await cost(`tracker, ${CONCURRENCY} requests at once`, async () => {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < parsed.length) await tracker.trackAll(parsed[next++], facts);
    }),
  );
});
if (out) {
  const { profile } = await inspector.post('Profiler.stop');
  writeFileSync(out, JSON.stringify(profile));
}
console.log(JSON.stringify(tracker.stats.dropped));
console.log(`counted ${tracker.stats.counted - warm.length * 100} of ${REQUESTS * 100} (sink got ${kept - warm.length * 100})`);
