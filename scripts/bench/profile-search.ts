/**
 * Where the search miss path spends its time: `npx tsx scripts/bench/profile-search.ts` builds what
 * `npm run bench:search` builds (PROFILE_COMPANIES, default 100,000), makes every search-answer
 * lookup miss, drives the mix through the gateway for PROFILE_SECONDS (default 10) after a warm-up,
 * with V8's sampling profiler on the main thread (the gateway and the directory share it; autocannon
 * runs in a worker), and prints the self time by function and by package. PROFILE_TARGET=bare profiles
 * a bare route behind the same gateway instead, PROFILE_TARGET=cached the route with its cache on; PROFILE_TARGET=es (with ELASTICSEARCH_URL) the
 * Elasticsearch adapter. The profile is written to PROFILE_OUT (default search-miss.cpuprofile in the
 * temp directory) for Chrome DevTools.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { cannon } from './cannon.js';
import { httpQueryMix } from './search-data.js';
import { inParallel } from '@limo/platform';
import { listenLocal, startGateway } from './gateway.js';
import { startElastic, startEmbedded } from './search-setup.js';

const COMPANIES = Number(process.env.PROFILE_COMPANIES ?? 100_000);
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const TARGET = process.env.PROFILE_TARGET ?? 'embedded';
const OUT = process.env.PROFILE_OUT ?? join(tmpdir(), `search-${TARGET}.cpuprofile`);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
}

/** The package (or service source folder) a script URL belongs to. */
function packageOf(url: string): string {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 14).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const ours = /\/(services|packages)\/([^/]+)\/(?:src|dist)\/(.*)$/.exec(url);
  if (ours) return `${ours[2]}/${ours[3].split('/').slice(0, -1).join('/') || '.'}`;
  if (url.startsWith('node:')) return url;
  return url.split('/').slice(-2).join('/');
}

function summarise(profile: Profile): void {
  const total = profile.nodes.reduce((sum, n) => sum + (n.hitCount ?? 0), 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^.*\/(node_modules|services|packages)\//, '$1/')}:${lineNumber + 1}` : '';
    const fn = `${functionName || '(anonymous)'} ${where}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + hits);
    const pkg = packageOf(url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, hits]) => `${((hits / total) * 100).toFixed(1).padStart(5)}%  ${name}`)
      .join('\n');
  console.log(`\nself time by package (${total} samples):\n${top(byPackage, 25)}`);
  console.log(`\nself time by function:\n${top(byFunction, 40)}`);
}

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

/** Bytes allocated by function (sampled), per request. */
function summariseHeap(head: HeapNode, requests: number): void {
  const byFunction = new Map<string, number>();
  let total = 0;
  const walk = (node: HeapNode): void => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^.*\/(node_modules|services|packages)\//, '$1/')}:${lineNumber + 1}` : '';
    const fn = `${functionName || '(anonymous)'} ${where}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const child of node.children) walk(child);
  };
  walk(head);
  const rows = [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([fn, bytes]) => `${(bytes / requests / 1024).toFixed(1).padStart(7)} KB/req  ${fn}`);
  console.log(`\nallocated (sampled) ${(total / requests / 1024).toFixed(1)} KB per request:\n${rows.join('\n')}`);
}

const embedded = await startEmbedded(COMPANIES);
const bare = Fastify({ logger: false });
const body = Array.from({ length: 15 }, (_, i) => ({ id: `company-${i}`, name: `Company ${i}`, city: 'Miami', state: 'FL', rating: 4.5 }));
bare.get('/api/companies', async () => body);
const baseline = await startGateway(embedded.config, embedded.logger, 'directory', await listenLocal(bare));
const elastic =
  TARGET === 'es' && process.env.ELASTICSEARCH_URL
    ? await startElastic(process.env.ELASTICSEARCH_URL, embedded.ctx, embedded.config, embedded.logger)
    : undefined;
if (TARGET === 'es' && !elastic) throw new Error('PROFILE_TARGET=es needs ELASTICSEARCH_URL');
const url = TARGET === 'bare' ? baseline.url : (elastic?.url ?? embedded.url);
// PROFILE_TARGET=cached: the route as it runs, its answers cached (the directory's share of every request).
embedded.cache.bypass = TARGET !== 'cached';
if (elastic) elastic.cache.bypass = true;

const session = new Session();
try {
  const paths = httpQueryMix(2_000);
  // As the bench: the mix answered once first, so each company's JSON is kept beside the index.
  await inParallel(10, paths, async (path) => {
    await (await fetch(`${url}${path}`)).arrayBuffer();
  });
  const options = { url, connections: 10, workers: 1, requests: paths.map((path) => ({ method: 'GET', path })), timeout: 10 };
  await cannon({ ...options, duration: TARGET === 'es' ? 20 : 3 });
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  // PROFILE_HEAP=1: where the run allocates too (V8's sampling heap profiler, one sample per 32 KB).
  if (process.env.PROFILE_HEAP)
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 32_768,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  const cpu = process.cpuUsage();
  const result = await cannon({ ...options, duration: SECONDS });
  const used = process.cpuUsage(cpu);
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
  await writeFile(OUT, JSON.stringify(profile));
  const heap = process.env.PROFILE_HEAP
    ? ((await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: HeapNode } }).profile
    : undefined;
  const requests = result.requests.total;
  console.log(
    `${TARGET}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `${result.non2xx + result.errors} failed; process CPU ${((used.user + used.system) / requests).toFixed(0)} µs per request ` +
      `(the worker's share included); profile in ${OUT}`,
  );
  summarise(profile);
  if (heap) summariseHeap(heap.head, requests);
} finally {
  session.disconnect();
  await elastic?.stop();
  await baseline.gateway.close();
  await bare.close();
  await embedded.stop();
}
