/**
 * `npm run load`: every k6 script of infra/k6 against the embedded profile and the distributed
 * profile, then one table of what each held (req/s, p95, p99, errors).
 *
 * Each profile is started here, from the build (`make build`), on free ports with a fresh DATA_DIR,
 * the demo directory seeded and the per-IP rate limits raised out of the way (the documented
 * RATE_LIMIT_PER_MINUTE, QUOTE_/CITY_QUOTE_/REVIEW_RATE_LIMIT_PER_HOUR): a load test comes from a
 * handful of IPs, real visitors from many.
 *
 * - embedded: `node packages/embedded/dist/main.js`, one process.
 * - distributed: each service its own process on the engines of the environment (KAFKA_BROKERS,
 *   MONGODB_URI, REDIS_URL, ELASTICSEARCH_URL when set: `eval "$(bash infra/local/all.sh env)"`),
 *   with LOAD_DIRECTORY_REPLICAS (default 2) directory processes behind the gateway (DIRECTORY_URL
 *   lists them all; their consumer groups share the partitions). Its own database on MONGODB_URI and
 *   its own index on ELASTICSEARCH_URL, its own Redis database (LOAD_REDIS_DB, default 13, flushed at
 *   the end); the admin fills the directory with populate-database.
 *   Skipped, saying so, when those variables are missing.
 *
 * k6 comes from infra/local/k6.sh (built on first use). Settings (env): LOAD_PROFILES
 * (`embedded,distributed`), LOAD_SCRIPTS (all of infra/k6), LOAD_DURATION (k6 DURATION, default
 * 20s), LOAD_SMOKE=1 (a few seconds each), LOAD_RATE_<SCRIPT> (e.g. LOAD_RATE_SEARCH=300).
 * Summaries go to infra/k6/results/<profile>-<script>.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const k6Dir = join(root, 'infra/k6');
const resultsDir = join(k6Dir, 'results');
const SERVICES = ['identity', 'directory', 'quotes', 'billing', 'analytics'] as const;

/** What handleSummary (infra/k6/lib/common.js) writes. */
interface Summary {
  script: string;
  profile: string;
  rps: number;
  requests: number;
  droppedIterations: number;
  failedRate: number;
  p95?: number;
  p99?: number;
  thresholdsOk: boolean;
}

interface Row extends Partial<Summary> {
  script: string;
  profile: string;
  exitCode: number | null;
  note?: string;
}

/** Env that lets a load test past the per-IP limits and keeps logs quiet. */
const LOAD_ENV: Record<string, string> = {
  LOG_LEVEL: 'warn',
  // Several processes on one machine: each its own /metrics on any free port.
  METRICS_PORT: '0',
  SEED_DEMO_DATA: 'true',
  RATE_LIMIT_PER_MINUTE: '1000000000',
  QUOTE_RATE_LIMIT_PER_HOUR: '1000000000',
  CITY_QUOTE_RATE_LIMIT_PER_HOUR: '1000000000',
  REVIEW_RATE_LIMIT_PER_HOUR: '1000000000',
  REGISTER_RATE_LIMIT_PER_HOUR: '1000000000',
  PAYMENTS_SIMULATOR_ALLOWED: 'true',
  ADMIN_EMAIL: 'load-admin@example.com',
  ADMIN_PASSWORD: 'load-admin-password-123',
};

/** A running profile: its gateway URL and how to stop it. */
interface Running {
  url: string;
  stop(): Promise<void>;
}

class Processes {
  private readonly children: Array<{ name: string; child: ChildProcess; log: string }> = [];

  start(name: string, script: string, env: NodeJS.ProcessEnv): void {
    const child = spawn(process.execPath, [join(root, script)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const entry = { name, child, log: '' };
    const keep = (chunk: Buffer) => {
      entry.log = (entry.log + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.children.push(entry);
  }

  /** Polls `url` until it answers 2xx, failing with the logs when a process exits or time runs out. */
  async waitFor(url: string, timeoutMs = 120_000, ready: (body: string) => boolean = () => true): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const exited = this.children.find((c) => c.child.exitCode !== null);
      if (exited) throw new Error(`${exited.name} exited at start-up:\n${exited.log.slice(-3000)}`);
      try {
        const res = await fetch(url);
        if (res.ok && ready(await res.text())) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`not ready after ${timeoutMs / 1000} s: ${url}\n${this.logs()}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  /** Runs the start-up checks; if they fail, stops every process started so far and rethrows with their logs. */
  async untilReady(checks: () => Promise<void>): Promise<void> {
    try {
      await checks();
    } catch (err) {
      await this.stop();
      const message = err instanceof Error ? err.message : String(err);
      throw new Error(message.includes('\n--- ') ? message : `${message}\n${this.logs()}`, { cause: err });
    }
  }

  logs(): string {
    return this.children.map((c) => `--- ${c.name}\n${c.log.slice(-2000)}`).join('\n');
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.children.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  }
}

const seeded = (body: string) => body.startsWith('[{');
const SEEDED_PROBE = '/api/companies?location=Miami%2C%20FL&limit=1';

async function startEmbedded(dataDir: string): Promise<Running> {
  const port = await freePort();
  const processes = new Processes();
  const env: NodeJS.ProcessEnv = { ...process.env, ...LOAD_ENV, PROFILE: 'embedded', PORT: String(port), DATA_DIR: dataDir };
  for (const s of SERVICES) env[`${s.toUpperCase()}_PORT`] = '0';
  // The engines of the environment are for the distributed profile only.
  for (const v of ['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS_URL', 'ELASTICSEARCH_URL', 'SMTP_URL', 'CLICKHOUSE_URL']) delete env[v];
  processes.start('embedded', 'packages/embedded/dist/main.js', env);
  const url = `http://127.0.0.1:${port}`;
  await processes.untilReady(async () => {
    await processes.waitFor(`${url}/healthz`);
    await processes.waitFor(`${url}${SEEDED_PROBE}`, 120_000, seeded);
  });
  return { url, stop: () => processes.stop() };
}

async function startDistributed(dataDir: string, replicas: number): Promise<Running> {
  const run = Math.random().toString(36).slice(2, 8);
  const mongo = new URL(process.env.MONGODB_URI!);
  mongo.pathname = `/load${run}`;
  // Its own Redis database, so the load's rate-limit counters and cache never touch other users of
  // a shared Redis (their limits are per IP, and every local client is 127.0.0.1).
  const redis = new URL(process.env.REDIS_URL!);
  redis.pathname = `/${process.env.LOAD_REDIS_DB ?? '13'}`;
  const ports = Object.fromEntries(await Promise.all(SERVICES.map(async (s) => [s, await freePort()] as const)));
  const directoryPorts = [ports.directory, ...(await Promise.all(Array.from({ length: replicas - 1 }, () => freePort())))];
  const gatewayPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...LOAD_ENV,
    PROFILE: 'distributed',
    MONGODB_URI: mongo.toString(),
    REDIS_URL: redis.toString(),
    JWT_SECRET: `load-run-secret-${run}-0123456789abcdef`,
    DATA_DIR: dataDir,
    PORT: String(gatewayPort),
    // Its own index on a shared cluster, dropped at the end.
    ELASTICSEARCH_INDEX: `limo-load-${run}`,
    // Its own topics and consumer groups: a group left by an earlier run (or another deployment on
    // the same cluster) must not take partitions of this one's.
    KAFKA_NAMESPACE: `limo-load-${run}.`,
  };
  for (const s of SERVICES) {
    env[`${s.toUpperCase()}_PORT`] = String(ports[s]);
    env[`${s.toUpperCase()}_URL`] = `http://127.0.0.1:${ports[s]}`;
  }
  const processes = new Processes();
  for (const [i, port] of directoryPorts.entries()) {
    processes.start(`directory-${i + 1}`, 'services/directory/dist/main.js', { ...env, DIRECTORY_PORT: String(port) });
  }
  for (const s of SERVICES.filter((s) => s !== 'directory')) processes.start(s, `services/${s}/dist/main.js`, env);
  const directoryUrls = directoryPorts.map((p) => `http://127.0.0.1:${p}`).join(',');
  processes.start('gateway', 'services/gateway/dist/main.js', { ...env, DIRECTORY_URL: directoryUrls });
  const url = `http://127.0.0.1:${gatewayPort}`;
  await processes.untilReady(async () => {
    await processes.waitFor(`${url}/healthz`, 180_000);
    // The distributed profile seeds nothing: the admin fills the directory as an operator would, and
    // the company events reach every directory instance's index (and quotes' read-model) over Kafka.
    await populate(url);
    for (const port of directoryPorts) await processes.waitFor(`http://127.0.0.1:${port}${SEEDED_PROBE}`, 180_000, seeded);
    await processes.waitFor(`${url}${SEEDED_PROBE}`, 120_000, seeded);
    await quotesKnowCompanies(url);
  });
  return {
    url,
    stop: async () => {
      await processes.stop();
      if (process.env.ELASTICSEARCH_URL) {
        await fetch(`${process.env.ELASTICSEARCH_URL}/${env.ELASTICSEARCH_INDEX}`, { method: 'DELETE' }).catch(() => undefined);
      }
      spawnSync('redis-cli', ['-u', redis.toString(), 'flushdb'], { stdio: 'ignore' });
    },
  };
}

/**
 * Waits until quotes' read-model holds the populated companies (their events cross Kafka after the
 * directory stored them): a quote to the first and last company of cities across the list is accepted.
 */
async function quotesKnowCompanies(url: string): Promise<void> {
  const cities = ['New York, NY', 'Miami, FL', 'Dallas, TX', 'Seattle, WA', 'Denver, CO', 'Orlando, FL', 'Charlotte, NC'];
  const deadline = Date.now() + 300_000;
  for (const city of cities) {
    // The city's companies may still be on their way to the index the answering directory reads.
    let companies: Array<{ id: string }>;
    for (;;) {
      const res = await fetch(`${url}/api/companies?location=${encodeURIComponent(city)}&limit=100`);
      companies = (await res.json()) as Array<{ id: string }>;
      if (companies.length > 0) break;
      if (Date.now() > deadline) throw new Error(`no populated company found in ${city}`);
      await new Promise((r) => setTimeout(r, 1_000));
    }
    for (const company of [companies[0], companies.at(-1)]) {
      if (!company) throw new Error(`no populated company found in ${city}`);
      const body = {
        companyId: company.id,
        customerName: 'Load Probe',
        customerEmail: 'load-probe@example.com',
        customerPhone: '(312) 555-0199',
        serviceType: 'To Airport',
        pickupLocation: 'Downtown',
        dropoffLocation: 'Airport',
        tripDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        tripTime: '6:15 AM',
        passengerCount: '3-4',
      };
      for (;;) {
        const answer = await fetch(`${url}/api/quote-requests`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (answer.status === 201) break;
        if (Date.now() > deadline) throw new Error(`quotes never accepted a quote for ${city}: ${answer.status} ${await answer.text()}`);
        await new Promise((r) => setTimeout(r, 1_000));
      }
    }
  }
}

/** Signs in as the admin of LOAD_ENV and runs POST /api/admin/populate-database (1,900 companies). */
async function populate(url: string): Promise<void> {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: LOAD_ENV.ADMIN_EMAIL, password: LOAD_ENV.ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${url}/api/admin/populate-database`, { method: 'POST', headers: { cookie } });
  if (!res.ok) throw new Error(`populate-database failed: ${res.status} ${await res.text()}`);
  console.log(`   populate-database: ${await res.text()}`);
}

function k6Binary(): string {
  const built = spawnSync('bash', [join(root, 'infra/local/k6.sh'), 'env'], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  const bin = /K6_BIN=(\S+)/.exec(built.stdout)?.[1];
  if (built.status !== 0 || !bin) throw new Error('infra/local/k6.sh could not provide k6 (Go is needed to build it)');
  return bin;
}

function runK6(k6: string, script: string, profile: string, url: string): Promise<Row> {
  const summaryFile = join(resultsDir, `${profile}-${script}.json`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BASE_URL: url,
    PROFILE: profile,
    SUMMARY: summaryFile,
    DURATION: process.env.LOAD_DURATION ?? '20s',
  };
  const rate = process.env[`LOAD_RATE_${script.toUpperCase().replace(/-/g, '_')}`];
  if (rate) env.RATE = rate;
  else delete env.RATE;
  if (process.env.LOAD_SMOKE === '1') env.SMOKE = '1';
  return new Promise((resolve) => {
    const child = spawn(k6, ['run', '--quiet', '--no-color', join(k6Dir, `${script}.js`)], {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
      cwd: root,
    });
    child.once('exit', (code) => {
      readFile(summaryFile, 'utf8')
        .then((text) => resolve({ ...(JSON.parse(text) as Summary), script, profile, exitCode: code }))
        .catch(() => resolve({ script, profile, exitCode: code, note: 'no summary written' }));
    });
  });
}

const ms = (v: number | undefined) => (v === undefined ? '-' : v.toFixed(1));

function table(rows: Row[]): string {
  const header = ['scenario', 'profile', 'req/s held', 'p95 ms', 'p99 ms', 'errors', 'dropped', 'thresholds'];
  const lines = rows.map((r) => [
    r.script,
    r.profile,
    r.rps === undefined ? '-' : r.rps.toFixed(0),
    ms(r.p95),
    ms(r.p99),
    r.failedRate === undefined ? '-' : `${(r.failedRate * 100).toFixed(2)}%`,
    r.droppedIterations === undefined ? '-' : String(r.droppedIterations),
    r.note ?? (r.thresholdsOk ? 'ok' : `crossed (k6 exit ${r.exitCode})`),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [fmt(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(fmt)].join('\n');
}

async function main(): Promise<void> {
  const missing = [
    'packages/embedded/dist/main.js',
    ...SERVICES.map((s) => `services/${s}/dist/main.js`),
    'services/gateway/dist/main.js',
  ].filter((f) => !existsSync(join(root, f)));
  if (missing.length) throw new Error(`build first (make build): missing ${missing.join(', ')}`);
  const k6 = k6Binary();
  const all = (await readdir(k6Dir)).filter((f) => f.endsWith('.js')).map((f) => f.replace(/\.js$/, ''));
  const scripts = process.env.LOAD_SCRIPTS ? process.env.LOAD_SCRIPTS.split(',').map((s) => s.trim()) : all.sort();
  const profiles = (process.env.LOAD_PROFILES ?? 'embedded,distributed').split(',').map((s) => s.trim());
  const replicas = Math.max(1, Number(process.env.LOAD_DIRECTORY_REPLICAS ?? 2));
  await mkdir(resultsDir, { recursive: true });
  const rows: Row[] = [];
  for (const profile of profiles) {
    if (profile === 'distributed') {
      const absent = ['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS_URL'].filter((v) => !process.env[v]);
      if (absent.length) {
        console.log(`skipped: distributed profile (${absent.join(', ')} not set: eval "$(bash infra/local/all.sh env)")`);
        continue;
      }
    }
    const dataDir = await mkdtemp(join(tmpdir(), `limo-load-${profile}-`));
    console.log(`== ${profile}: starting`);
    const label = profile === 'distributed' ? `distributed-${replicas}dir` : profile;
    let running: Running;
    try {
      running = profile === 'distributed' ? await startDistributed(dataDir, replicas) : await startEmbedded(dataDir);
    } catch (err) {
      console.error(`== ${profile}: did not start`, err);
      rows.push(...scripts.map((script) => ({ script, profile: label, exitCode: null, note: 'profile did not start' })));
      continue;
    }
    try {
      console.log(`== ${profile}: up at ${running.url}`);
      for (const script of scripts)
        rows.push(await runK6(k6, script, profile === 'distributed' ? `distributed-${replicas}dir` : profile, running.url));
    } finally {
      await running.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  console.log('');
  console.log(table(rows));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
