import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startThrowaway, type ThrowawaySystem } from '../src/throwaway.js';
import { describeWithK6, k6Dir, runK6 } from './support/k6.js';

const scripts = readdirSync(k6Dir)
  .filter((f) => f.endsWith('.js'))
  .sort();

// Every k6 script, a few seconds each at a low rate against the embedded profile with its demo data,
// so the scripts cannot rot: they must run, find what they look for and cross no failure threshold.
describeWithK6('k6 smoke of infra/k6', () => {
  let system: ThrowawaySystem;
  let resultsDir: string;

  beforeAll(async () => {
    resultsDir = await mkdtemp(join(tmpdir(), 'limo-k6-'));
    system = await startThrowaway({
      SEED_DEMO_DATA: 'true',
      RATE_LIMIT_PER_MINUTE: '1000000',
      QUOTE_RATE_LIMIT_PER_HOUR: '1000000',
      CITY_QUOTE_RATE_LIMIT_PER_HOUR: '1000000',
      REVIEW_RATE_LIMIT_PER_HOUR: '1000000',
    });
  }, 120_000);

  afterAll(async () => {
    await system?.close();
    if (resultsDir) await rm(resultsDir, { recursive: true, force: true });
  });

  it.each(scripts)(
    '%s runs and holds its failure thresholds',
    async (script) => {
      const summary = join(resultsDir, `${script}.json`);
      const run = await runK6(join(k6Dir, script), [], { SMOKE: '1', BASE_URL: system.url, PROFILE: 'smoke', SUMMARY: summary }, 60_000);
      expect(run.status, `k6 run ${script}\n${run.output}`).toBe(0);
      const result = JSON.parse(await readFile(summary, 'utf8')) as { requests: number; failedRate: number; thresholdsOk: boolean };
      expect(result.requests).toBeGreaterThan(0);
      expect(result.failedRate).toBe(0);
      expect(result.thresholdsOk).toBe(true);
    },
    90_000,
  );
});
