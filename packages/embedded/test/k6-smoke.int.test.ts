import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowaway, type ThrowawaySystem } from '../src/throwaway.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const k6Dir = join(root, 'infra/k6');
const scripts = readdirSync(k6Dir)
  .filter((f) => f.endsWith('.js'))
  .sort();

/** infra/local/k6.sh's binary when it was built (CI builds it in .ci/run), else K6_BIN. */
function k6Binary(): string | undefined {
  if (process.env.K6_BIN && existsSync(process.env.K6_BIN)) return process.env.K6_BIN;
  const found = spawnSync('bash', [join(root, 'infra/local/k6.sh'), 'path'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

const k6 = k6Binary();
if (!k6) console.warn('skipped: k6 smoke of infra/k6 (k6 not built: bash infra/local/k6.sh build)');
const inCi = process.env.CI === 'true' && process.env.ALLOW_MISSING_ENGINES !== 'true';

// Every k6 script, a few seconds each at a low rate against the embedded profile with its demo data,
// so the scripts cannot rot: they must run, find what they look for and cross no failure threshold.
(k6 ? describe : inCi ? describe : describe.skip)(
  `k6 smoke of infra/k6${k6 ? '' : ' — skipped: k6 not built (bash infra/local/k6.sh build)'}`,
  () => {
    let system: ThrowawaySystem;
    let resultsDir: string;

    beforeAll(async () => {
      if (!k6) throw new Error('k6 is not built: CI must run infra/local/k6.sh build');
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
        // Asynchronously: the system under test shares this process's event loop.
        const run = await new Promise<{ status: number; output: string }>((resolve) => {
          execFile(
            k6!,
            ['run', '--quiet', '--no-color', join(k6Dir, script)],
            { env: { ...process.env, SMOKE: '1', BASE_URL: system.url, PROFILE: 'smoke', SUMMARY: summary }, timeout: 60_000 },
            (err, stdout, stderr) => resolve({ status: err ? ((err as { code?: number }).code ?? 1) : 0, output: `${stdout}\n${stderr}` }),
          );
        });
        expect(run.status, `k6 run ${script}\n${run.output}`).toBe(0);
        const result = JSON.parse(await readFile(summary, 'utf8')) as { requests: number; failedRate: number; thresholdsOk: boolean };
        expect(result.requests).toBeGreaterThan(0);
        expect(result.failedRate).toBe(0);
        expect(result.thresholdsOk).toBe(true);
      },
      90_000,
    );
  },
);
