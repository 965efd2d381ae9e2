import { defineConfig } from 'vitest/config';
import { alias } from './vitest.config.js';

// The tests Stryker (stryker.config.json) runs against each mutant of the services' domain/ and
// use-cases/: their unit tests only. A route test rebuilds its service for every mutant (about 12 s
// a mutant on two cores), so the rules are held by unit tests; the route tests run in `make test`.

export default defineConfig({
  resolve: { alias },
  test: {
    include: ['services/*/test/**/*.unit.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
