import { defineConfig } from 'vitest/config';
import { alias } from './vitest.config.js';

// The tests Stryker (stryker.config.json) runs against each mutant of the services' domain/ and
// use-cases/: their unit tests only. A route test rebuilds its service for every mutant (about 12 s
// a mutant on two cores), so the rules are held by unit tests; the route tests run in `make test`.
// `isolate: false`: the unit test files share one worker (each file in its own process loaded
// @limo/platform afresh: the initial run took 4.5 min instead of 30 s on a loaded machine).

export default defineConfig({
  resolve: { alias },
  test: {
    include: ['services/*/test/**/*.unit.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    isolate: false,
  },
});
