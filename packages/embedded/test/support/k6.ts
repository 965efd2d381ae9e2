import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe } from 'vitest';

/** The infra/k6 folder, where the scripts are. */
export const k6Dir = fileURLToPath(new URL('../../../../infra/k6', import.meta.url));

/** infra/local/k6.sh's binary when it was built (CI builds it in .ci/run), else K6_BIN. */
function k6Binary(): string | undefined {
  if (process.env.K6_BIN && existsSync(process.env.K6_BIN)) return process.env.K6_BIN;
  const found = spawnSync('bash', [join(k6Dir, '../local/k6.sh'), 'path'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

const k6 = k6Binary();
const inCi = process.env.CI === 'true' && process.env.ALLOW_MISSING_ENGINES !== 'true';
const NOT_BUILT = 'k6 not built: bash infra/local/k6.sh build';

/**
 * A describe block of tests that run k6: skipped (saying why) where k6 is not built, except in CI,
 * where a missing k6 fails them.
 */
export function describeWithK6(title: string, body: () => void): void {
  if (!k6) console.warn(`skipped: ${title} (${NOT_BUILT})`);
  (k6 || inCi ? describe : describe.skip)(`${title}${k6 ? '' : ` — skipped: ${NOT_BUILT}`}`, () => {
    beforeAll(() => {
      if (!k6) throw new Error('k6 is not built: CI must run infra/local/k6.sh build');
    });
    body();
  });
}

/**
 * `k6 run --quiet --no-color <args> <script>`, asynchronously (the system under test shares this
 * process's event loop): its exit status and what it wrote.
 */
export function runK6(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      k6!,
      ['run', '--quiet', '--no-color', ...args, script],
      { env: { ...process.env, ...env }, timeout: timeoutMs },
      (err, stdout, stderr) => resolve({ status: err ? ((err as { code?: number }).code ?? 1) : 0, output: `${stdout}\n${stderr}` }),
    );
  });
}
