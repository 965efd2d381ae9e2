import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startThrowaway, type ThrowawaySystem } from '../src/throwaway.js';
import { describeWithK6, k6Dir, runK6 } from './support/k6.js';

const script = join(k6Dir, 'overload/one-client.js');

interface Summary {
  requests: number;
  failedRate: number;
  thresholdsOk: boolean;
  p95?: number;
  p99?: number;
  seconds: number;
}

// Issue 22, defect 2: 200 concurrent GET /api/all-companies from one address (within its 600/min)
// made a concurrent GET /api/companies?limit=1 take 13.1 s.
describeWithK6('one client cannot freeze the site', () => {
  let system: ThrowawaySystem;
  let resultsDir: string;

  beforeAll(async () => {
    resultsDir = await mkdtemp(join(tmpdir(), 'limo-overload-'));
    // The product's own limits: 600 requests a minute per address.
    system = await startThrowaway({ SEED_DEMO_DATA: 'true', RATE_LIMIT_PER_MINUTE: '600' });
  }, 120_000);

  afterAll(async () => {
    await system?.close();
    if (resultsDir) await rm(resultsDir, { recursive: true, force: true });
  });

  it('keeps a cheap route under 1 s at p99 while one address floods expensive requests', async () => {
    const base = { BASE_URL: system.url, PROFILE: 'embedded' };
    const probeFile = join(resultsDir, 'probe.json');
    const floodFile = join(resultsDir, 'flood.json');
    // A site that has been up a while: the claim list and a search page were asked for once already.
    await fetch(`${system.url}/api/all-companies`);
    await fetch(`${system.url}/api/companies?limit=1`);
    const started = Date.now();
    // The flood from 127.0.0.2 (all of 127/8 is loopback), the probe from 127.0.0.1: two addresses.
    const [flood, probe] = await Promise.all([
      runK6(script, ['--local-ips', '127.0.0.2'], { ...base, ROLE: 'flood', SUMMARY: floodFile, FLOOD_SECONDS: '20' }, 50_000),
      runK6(script, [], { ...base, ROLE: 'probe', SUMMARY: probeFile, PROBE_SECONDS: '20' }, 50_000),
    ]);
    const probed = JSON.parse(await readFile(probeFile, 'utf8')) as Summary;
    const flooded = JSON.parse(await readFile(floodFile, 'utf8')) as Summary;
    console.log(
      `overload probe (GET /api/companies?limit=1 during the flood): ${probed.requests} requests, p95 ${probed.p95?.toFixed(1)} ms, ` +
        `p99 ${probed.p99?.toFixed(1)} ms, failed ${(probed.failedRate * 100).toFixed(2)}%; flood: ${flooded.requests} expensive requests ` +
        `in ${flooded.seconds.toFixed(1)} s, p99 ${flooded.p99?.toFixed(1)} ms; whole run ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(flood.status, `k6 flood\n${flood.output}`).toBe(0);
    expect(flooded.requests).toBeGreaterThan(100);
    expect(probed.requests).toBeGreaterThan(100);
    expect(probed.failedRate).toBe(0);
    expect(probed.p99).toBeLessThan(1_000);
    expect(probe.status, `k6 probe\n${probe.output}`).toBe(0);
  }, 60_000);
});
