import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The workspaces' import names resolved to their TypeScript sources (vitest.mutation.config.ts uses them too). */
export const alias = {
  '@limo/contracts': src('./packages/contracts/src/index.ts'),
  '@limo/platform/testing': src('./packages/platform/test/support/index.ts'),
  '@limo/platform': src('./packages/platform/src/index.ts'),
  '@limo/analytics-store/testing': src('./packages/ports/analytics-store/test/index.ts'),
  '@limo/analytics-store': src('./packages/ports/analytics-store/src/index.ts'),
  '@limo/engine-clickhouse': src('./packages/engines/clickhouse/src/index.ts'),
  '@limo/company-search/testing': src('./packages/ports/company-search/test/index.ts'),
  '@limo/company-search': src('./packages/ports/company-search/src/index.ts'),
  '@limo/engine-elasticsearch/testing': src('./packages/engines/elasticsearch/test/support/indexes.ts'),
  '@limo/engine-elasticsearch': src('./packages/engines/elasticsearch/src/index.ts'),
  '@limo/engine-kafka/testing': src('./packages/engines/kafka/test/support/consumer-failures.ts'),
  '@limo/engine-kafka': src('./packages/engines/kafka/src/index.ts'),
  '@limo/engine-mongo': src('./packages/engines/mongo/src/index.ts'),
  '@limo/engine-nedb': src('./packages/engines/nedb/src/index.ts'),
  '@limo/engine-redis': src('./packages/engines/redis/src/index.ts'),
  '@limo/engine-smtp': src('./packages/engines/smtp/src/index.ts'),
  '@limo/geo': src('./packages/geo/src/index.ts'),
  '@limo/identity': src('./services/identity/src/index.ts'),
  '@limo/directory': src('./services/directory/src/index.ts'),
  '@limo/quotes': src('./services/quotes/src/index.ts'),
  '@limo/billing': src('./services/billing/src/index.ts'),
  '@limo/analytics': src('./services/analytics/src/index.ts'),
  '@limo/gateway': src('./services/gateway/src/index.ts'),
  '@limo/embedded': src('./packages/embedded/src/index.ts'),
};

/** Where the node tests live; `*.unit.test.ts` files form the `unit` project, the others `node`. */
const nodeTests = [
  'packages/*/test/**/*',
  'packages/engines/*/test/**/*',
  'packages/ports/*/test/**/*',
  'services/*/test/**/*',
  'packages/*/src/**/*',
  'services/*/src/**/*',
  'test/**/*',
];

// Tests run against the TypeScript sources of the workspaces, so `make test` needs no build first.
// Four projects under one `npx vitest run`: unit (no engine, no I/O beyond temp files), node (services
// and packages against the engines), web (components in jsdom, web/vitest.config.ts) and e2e (browser
// journeys against the running product). `make test` runs web and unit on every core first, then node
// and e2e one file at a time: those share the engines, and some stop an engine or measure time.
export default defineConfig({
  test: {
    reporters: ['verbose'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: nodeTests.map((dir) => `${dir}.unit.test.ts`),
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'node',
          include: nodeTests.map((dir) => `${dir}.test.ts`),
          exclude: [...configDefaults.exclude, '**/*.unit.test.ts'],
          // Engines whose variable is unset start with testcontainers when Docker answers (see engines.ts).
          globalSetup: ['packages/platform/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      'web/vitest.config.ts',
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
    ],
  },
});
