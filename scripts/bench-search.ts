/**
 * `npm run bench:search`: the embedded search index at 100,000 companies, alone and through the gateway.
 *
 * 1. Generates 100,000 companies around the gazetteer's 1,000 largest US cities (fixed seed) and
 *    loads them into EmbeddedCompanySearch: load and first-search (k-d tree + word index) time,
 *    heap, then p50/p99 of each kind of query called directly.
 * 2. Serves `GET /api/companies` (the public-side §7 query, parsed by the contracts' schema, resolved
 *    by the directory's toSearchQuery and the gazetteer, answered with companies and X-Total-Count)
 *    from a service app (createServiceApp) behind the real gateway, and a bare Fastify route
 *    returning a constant array of 15 small objects behind a second gateway built by the same code
 *    with the same options. Each is driven by autocannon (in a worker thread) with the same fixed mix
 *    of 300 paths, after a warm-up; it prints throughput, p50 and p99, and the ratios.
 *
 * The search app is `startSearchApp` below: to bench the directory service's own route instead,
 * start that service and pass its URL to `startGateway` (its answers are cached 30 s, so give it a
 * mix with more distinct paths or disable the cache to measure the search).
 *
 * Settings (env): BENCH_COMPANIES (default 100000), BENCH_SECONDS per run (default 10),
 * BENCH_CONNECTIONS (default 10). Needs the packages built (`npx tsc -b`).
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companySchema, companySearchQuerySchema, serviceLabel, TOTAL_COUNT_HEADER, vehicleTypeLabel, type Company } from '@limo/contracts';
import { preloadGazetteer } from '@limo/geo';
import { createLogger, createServiceApp, loadConfig, MemoryCache, MemoryRateLimiter, type Config, type Logger } from '@limo/platform';
import { toSearchQuery } from '../services/directory/src/domain/search-query.js';
import type { CompanySearchIndex, SearchDocument } from '../services/directory/src/search/company-search.port.js';
import { EmbeddedCompanySearch } from '../services/directory/src/search/embedded.company-search.js';
import { createGateway } from '../services/gateway/src/app.js';
import { generateCompanies, httpQueryMix, indexQueryMix } from './bench/search-data.js';

/** The part of autocannon's result this bench reads (the package ships no types). */
interface CannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
}
type Cannon = (options: Record<string, unknown>) => Promise<CannonResult>;
const cannon = createRequire(import.meta.url)('autocannon') as Cannon;

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = 3;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
/** JS heap plus typed arrays' buffers (outside the heap), after a full GC. */
const memoryMb = (): number => {
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 1e6;
};
const ms = (n: number): string => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** A search hit as the web client receives it (public shape, labels, distance). */
function toCompany(doc: SearchDocument, distanceMiles: number | undefined): Company {
  return {
    id: doc.id,
    name: doc.name,
    description: doc.description,
    phone: '(305) 555-0100',
    email: null,
    website: null,
    address: null,
    city: doc.city,
    state: doc.state,
    zipCode: doc.zipCode || null,
    latitude: doc.latitude,
    longitude: doc.longitude,
    priceRange: doc.priceRange,
    services: doc.services.map(serviceLabel),
    vehicleTypes: doc.vehicleTypes.map(vehicleTypeLabel),
    hourlyRateStart: doc.hourlyRateStart,
    featured: doc.featured,
    verified: doc.verified,
    claimed: false,
    claimedAt: null,
    businessVerified: false,
    imageUrl: null,
    logoUrl: null,
    seoKeywords: null,
    seoTags: null,
    rating: doc.rating,
    reviewCount: doc.reviewCount,
    createdAt: doc.createdAt,
    updatedAt: doc.createdAt,
    ...(distanceMiles !== undefined && { distanceMiles: Math.round(distanceMiles * 10) / 10 }),
  };
}

async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** The search behind `GET /api/companies`, on a service app like the directory's. */
async function startSearchApp(config: Config, logger: Logger, index: CompanySearchIndex, docs: Map<string, SearchDocument>): Promise<FastifyInstance> {
  const app = await createServiceApp({ name: 'directory', config, logger, cache: MemoryCache.create() });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/companies',
    { schema: { querystring: companySearchQuerySchema, response: { 200: z.array(companySchema) } } },
    async (request, reply) => {
      const query = toSearchQuery(request.query);
      const result = await index.search(query);
      void reply.header(TOTAL_COUNT_HEADER, String(result.total));
      return result.hits.map((hit) => toCompany(docs.get(hit.id)!, hit.distanceMiles));
    },
  );
  return app;
}

/** The baseline: a bare Fastify route with a constant answer of the same length as a search page. */
function bareApp(): FastifyInstance {
  const app = Fastify({ logger: false });
  const body = Array.from({ length: 15 }, (_, i) => ({ id: `company-${i}`, name: `Company ${i}`, city: 'Miami', state: 'FL', rating: 4.5 }));
  app.get('/api/companies', async () => body);
  return app;
}

/** A gateway (createGateway, as in production) sending `/api/companies` to `upstream`. */
async function startGateway(config: Config, logger: Logger, upstream: string): Promise<FastifyInstance> {
  const gateway = await createGateway({
    config: { ...config, serviceUrls: { ...config.serviceUrls, directory: upstream } },
    logger,
    limiter: new MemoryRateLimiter(),
  });
  return gateway;
}

interface HttpFigures {
  throughput: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
}

async function drive(url: string, paths: string[]): Promise<HttpFigures> {
  const options = { url, connections: CONNECTIONS, workers: 1, requests: paths.map((path) => ({ method: 'GET', path })), timeout: 10 };
  await cannon({ ...options, duration: WARMUP_SECONDS });
  const result = await cannon({ ...options, duration: SECONDS });
  return {
    throughput: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function measureIndex(index: EmbeddedCompanySearch, companies: SearchDocument[]): Promise<void> {
  console.log(`\n== Embedded index, ${companies.length.toLocaleString('en-US')} companies ==`);
  const before = memoryMb();
  let started = performance.now();
  await index.upsert(companies);
  const loadMs = performance.now() - started;
  started = performance.now();
  await index.search({ sort: 'best-match', page: 1, limit: 15 });
  const buildMs = performance.now() - started;
  const indexMb = memoryMb() - before;
  console.log(`load (upsert)            ${ms(loadMs)}`);
  console.log(`first search (k-d tree + word index + state buckets)  ${ms(buildMs)}`);
  console.log(`memory held by the index ${indexMb.toFixed(0)} MB (heap and typed arrays)`);

  console.log(`\n${'query kind'.padEnd(28)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'max'.padStart(10)}${'avg total'.padStart(12)}`);
  for (const { kind, queries } of indexQueryMix(300)) {
    for (const query of queries.slice(0, 30)) await index.search(query);
    const times: number[] = [];
    let totals = 0;
    for (const query of queries) {
      const t = performance.now();
      const { total } = await index.search(query);
      times.push(performance.now() - t);
      totals += total;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${kind.padEnd(28)}${ms(percentile(times, 50)).padStart(10)}${ms(percentile(times, 99)).padStart(10)}${ms(times.at(-1)!).padStart(10)}${Math.round(totals / queries.length).toLocaleString('en-US').padStart(12)}`,
    );
  }

  // Writes between rebuilds are checked one by one; enough of them trigger a batch rebuild.
  const one = companies[0];
  started = performance.now();
  await index.upsert([{ ...one, rating: one.rating === 5 ? 4 : 5 }]);
  await index.search({ near: { latitude: 40.7, longitude: -74 }, radiusMiles: 25, sort: 'best-match', page: 1, limit: 15 });
  console.log(`\none write, then a radius search  ${ms(performance.now() - started)}`);
  await index.upsert(companies.slice(1, 2_501).map((c) => ({ ...c, reviewCount: c.reviewCount + 1 })));
  started = performance.now();
  await index.search({ near: { latitude: 40.7, longitude: -74 }, radiusMiles: 25, sort: 'best-match', page: 1, limit: 15 });
  console.log(`2,500 writes, then a radius search (batch rebuild)  ${ms(performance.now() - started)}`);
}

async function main(): Promise<void> {
  // Other work on the machine skews every figure below: say how busy it was.
  console.log(`machine: ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)} at start, Node ${process.version}`);
  const before = memoryMb();
  let started = performance.now();
  preloadGazetteer();
  const loadMs = performance.now() - started;
  console.log(`gazetteer: ${ms(loadMs)} to load, ${(memoryMb() - before).toFixed(0)} MB`);

  started = performance.now();
  const companies = generateCompanies(COMPANIES);
  console.log(`generated ${companies.length.toLocaleString('en-US')} companies in ${ms(performance.now() - started)}`);

  const index = EmbeddedCompanySearch.create();
  await measureIndex(index, companies);

  const dataDir = await mkdtemp(join(tmpdir(), 'limo-bench-search-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: '1000000000', JWT_SECRET: 'bench-search-secret-bench-search-secret-0123' });
  const logger = createLogger('error');
  const docs = new Map(companies.map((c) => [c.id, c]));
  const searchApp = await startSearchApp(config, logger, index, docs);
  const bare = bareApp();
  const searchGateway = await startGateway(config, logger, await listenLocal(searchApp));
  const bareGateway = await startGateway(config, logger, await listenLocal(bare));
  const searchUrl = await listenLocal(searchGateway);
  const bareUrl = await listenLocal(bareGateway);

  try {
    const paths = httpQueryMix(300);
    const probe = await fetch(`${searchUrl}${paths[0]}`);
    if (!probe.ok) throw new Error(`the search route answered ${probe.status}: ${await probe.text()}`);
    console.log(`\n== Through the gateway: ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up, ${paths.length} paths ==`);
    console.log(`e.g. ${decodeURIComponent(paths[0])} → ${probe.headers.get(TOTAL_COUNT_HEADER)} matches`);
    const search = await drive(searchUrl, paths);
    const baseline = await drive(bareUrl, paths);
    const row = (label: string, f: HttpFigures) =>
      `${label.padEnd(26)}${f.throughput.toFixed(0).padStart(8)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(3)} ms   ${f.ok} ok${f.failed ? `, ${f.failed} FAILED` : ''}`;
    console.log(row('search (GET /api/companies)', search));
    console.log(row('bare Fastify route', baseline));
    console.log(`load average ${loadavg()[0].toFixed(1)} at the end`);
    const ratio = search.throughput / baseline.throughput;
    console.log(`\nthroughput search/bare   ${(ratio * 100).toFixed(0)}%   (aim: at least 30%)`);
    console.log(`p99 search/bare          ${(search.p99 / Math.max(1, baseline.p99)).toFixed(1)}x   search p99 ${search.p99} ms (aim: at most 50 ms)`);
    if (search.failed || baseline.failed) process.exitCode = 1;
  } finally {
    await Promise.all([searchGateway.close(), bareGateway.close()]);
    await Promise.all([searchApp.close(), bare.close()]);
    await index.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
