import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Tests run against the TypeScript sources of the workspaces, so `make test` needs no build first.
export default defineConfig({
  resolve: {
    alias: {
      '@limo/contracts': src('./packages/contracts/src/index.ts'),
      '@limo/platform/testing': src('./packages/platform/test/support/index.ts'),
      '@limo/platform': src('./packages/platform/src/index.ts'),
      '@limo/identity': src('./services/identity/src/index.ts'),
      '@limo/directory': src('./services/directory/src/index.ts'),
      '@limo/quotes': src('./services/quotes/src/index.ts'),
      '@limo/billing': src('./services/billing/src/index.ts'),
      '@limo/analytics': src('./services/analytics/src/index.ts'),
      '@limo/gateway': src('./services/gateway/src/index.ts'),
    },
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'services/*/test/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'services/*/src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['verbose'],
  },
});
