import { describe } from 'vitest';
import { engineSourceOf } from './engine-sources.js';

export * from './engine-sources.js';

/**
 * Runs `body` as a describe block when the engine's env var is set, and otherwise registers a
 * skipped block whose name says why, so a missing engine never passes silently. The output says
 * which path the suite took (testcontainers, or the variable as given: infra/local or a URL).
 * In CI (`CI=true`) a missing engine is an error (the suite must run there), unless `requiredInCi` is
 * false (an engine CI cannot install).
 */
export function describeWithEngine(
  name: string,
  envVar: string,
  body: (url: string) => void,
  options: { requiredInCi?: boolean } = {},
): void {
  const url = process.env[envVar];
  if (url) {
    const source = engineSourceOf(envVar);
    console.info(
      `engine: ${name} uses ${source === 'testcontainers' ? 'a testcontainers container' : `${envVar} as given (infra/local or your URL)`}`,
    );
    describe(name, () => body(url));
    return;
  }
  if (process.env.CI === 'true' && process.env.ALLOW_MISSING_ENGINES !== 'true' && options.requiredInCi !== false) {
    describe(name, () => {
      throw new Error(`${envVar} is not set: CI must start the engine (infra/local) for "${name}"`);
    });
    return;
  }
  console.warn(`skipped: ${name} (${envVar} not set and no Docker engine for testcontainers; start it with infra/local)`);
  describe.skip(`${name} — skipped: ${envVar} not set (start the engine with infra/local, or run Docker for testcontainers)`, () =>
    body(''));
}
