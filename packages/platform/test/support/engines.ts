import { describe } from 'vitest';

/**
 * Runs `body` as a describe block when the engine's env var is set, and otherwise registers a
 * skipped block whose name says why, so a missing engine never passes silently.
 * In CI (`CI=true`) a missing engine is an error: the suite must run there.
 */
export function describeWithEngine(name: string, envVar: string, body: (url: string) => void): void {
  const url = process.env[envVar];
  if (url) {
    describe(name, () => body(url));
    return;
  }
  if (process.env.CI === 'true' && process.env.ALLOW_MISSING_ENGINES !== 'true') {
    describe(name, () => {
      throw new Error(`${envVar} is not set: CI must start the engine (infra/local) for "${name}"`);
    });
    return;
  }
  console.warn(`skipped: ${name} (${envVar} not set; start it with infra/local)`);
  describe.skip(`${name} — skipped: ${envVar} not set (start the engine with infra/local)`, () => body(''));
}
