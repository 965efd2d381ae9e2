import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readOutbox, serviceNames } from '@limo/platform';
import { describeWithEngine } from '@limo/platform/testing';
import { freePort } from './journeys/http.js';
import { claimJourney } from './journeys/claim.journey.js';
import { identityJourney } from './journeys/identity.journey.js';
import { listingQuoteJourney } from './journeys/listing-quote.journey.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const admin = { email: 'admin@example.com', password: 'admin-pass-123' };

// The distributed profile for real: each service its own Node process on Kafka, the MongoDB-wire
// server and Redis from infra/local, the gateway in front. Needs the build (`make test` builds first).
describeWithEngine('distributed profile: each service its own process', 'KAFKA_BROKERS', (brokers) => {
  const processes = new Map<string, ChildProcess>();
  const logs = new Map<string, string>();
  let dataDir: string;
  let gatewayUrl: string;

  beforeAll(async () => {
    for (const v of ['MONGODB_URI', 'REDIS_URL']) if (!process.env[v]) throw new Error(`${v} must be set with KAFKA_BROKERS`);
    const missing = [...serviceNames, 'gateway'].filter((s) => !existsSync(join(root, 'services', s, 'dist/main.js')));
    if (missing.length) throw new Error(`build first (make test does): no dist/main.js for ${missing.join(', ')}`);
    dataDir = await mkdtemp(join(tmpdir(), 'limo-distributed-'));
    const run = Math.random().toString(36).slice(2, 8);
    const ports = Object.fromEntries(await Promise.all([...serviceNames, 'gateway'].map(async (s) => [s, await freePort()] as const)));
    const mongo = new URL(process.env.MONGODB_URI!);
    mongo.pathname = `/journey${run}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PROFILE: 'distributed',
      KAFKA_BROKERS: brokers,
      MONGODB_URI: mongo.toString(),
      JWT_SECRET: `distributed-journey-secret-${run}-0123456789`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      RATE_LIMIT_PER_MINUTE: '100000',
      // The claim journey pays with the simulator, which the distributed profile refuses unless allowed.
      PAYMENTS_SIMULATOR_ALLOWED: 'true',
      PORT: String(ports.gateway),
      ...Object.fromEntries(serviceNames.flatMap((s) => [[`${s.toUpperCase()}_PORT`, String(ports[s])], [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${ports[s]}`]])),
    };
    for (const name of [...serviceNames, 'gateway']) {
      const child = spawn(process.execPath, [join(root, 'services', name, 'dist/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      logs.set(name, '');
      const keep = (chunk: Buffer) => logs.set(name, (logs.get(name)! + chunk.toString()).slice(-20_000));
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      processes.set(name, child);
    }
    gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const exited = [...processes].find(([, p]) => p.exitCode !== null);
      if (exited) throw new Error(`${exited[0]} exited at start-up:\n${logs.get(exited[0])}`);
      try {
        const res = await fetch(`${gatewayUrl}/healthz`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`services not healthy after 60 s:\n${[...logs].map(([n, l]) => `--- ${n}\n${l.slice(-2000)}`).join('\n')}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 90_000);

  afterAll(async () => {
    for (const p of processes.values()) if (p.exitCode === null) p.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('reports every service up through the gateway', async () => {
    const body = (await (await fetch(`${gatewayUrl}/healthz`)).json()) as { services: Record<string, { status: string }> };
    for (const s of serviceNames) expect(body.services[s]?.status).toBe('up');
  });

  it('runs the identity journey, the reset mail going through Kafka', async () => {
    await identityJourney(gatewayUrl, () => readOutbox(join(dataDir, 'outbox')), admin);
  }, 60_000);

  it('lists a company, finds it by city, reviews it and sends it a quote', async () => {
    await listingQuoteJourney(gatewayUrl, () => readOutbox(join(dataDir, 'outbox')));
  }, 60_000);

  it('claims a company with the payment simulator, the claim events going through Kafka', async () => {
    await claimJourney(gatewayUrl, () => readOutbox(join(dataDir, 'outbox')), admin);
  }, 60_000);

  it('shuts every process down cleanly on SIGTERM', async () => {
    const exits = [...processes].map(
      ([name, p]) =>
        new Promise<[string, number | null]>((done) => {
          p.once('exit', (code) => done([name, code]));
          p.kill('SIGTERM');
        }),
    );
    const codes = await Promise.all(exits);
    for (const [name, code] of codes) expect(code, `${name} exit code\n${logs.get(name)?.slice(-2000)}`).toBe(0);
  }, 30_000);
});
