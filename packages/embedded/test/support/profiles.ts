import { afterAll, beforeAll, describe } from 'vitest';
import { describeWithEngine } from '@limo/platform/testing';
import { startThrowaway, type ThrowawaySystem } from '@limo/embedded';
import { startDistributed } from './distributed.js';

/** What a suite needs of a running product, whichever profile runs it. */
export interface SystemUnderTest {
  profile: 'embedded' | 'distributed';
  url: string;
  dataDir: string;
  admin: { email: string; password: string };
  /** What went wrong inside the system, for a failure message: members that exited, with their last output ('' when none). */
  problems(): string;
}

export const SUT_ADMIN = { email: 'admin@example.com', password: 'admin-pass-123' };

/** The embedded profile with {@link SUT_ADMIN} as its admin, started before the tests around the call and closed after; `system()` is it. */
export function useThrowawayWithAdmin(): () => ThrowawaySystem {
  let system: ThrowawaySystem | undefined;
  beforeAll(async () => {
    system = await startThrowaway({ ADMIN_EMAIL: SUT_ADMIN.email, ADMIN_PASSWORD: SUT_ADMIN.password });
  });
  afterAll(async () => {
    await system?.close();
  });
  return () => system!;
}

/** Generous limits: these suites send thousands of requests from one address. */
export const SUT_ENV = {
  ADMIN_EMAIL: SUT_ADMIN.email,
  ADMIN_PASSWORD: SUT_ADMIN.password,
  RATE_LIMIT_PER_MINUTE: '1000000',
  QUOTE_RATE_LIMIT_PER_HOUR: '1000000',
  CITY_QUOTE_RATE_LIMIT_PER_HOUR: '1000000',
  REVIEW_RATE_LIMIT_PER_HOUR: '1000000',
  REGISTER_RATE_LIMIT_PER_HOUR: '1000000',
  LOGIN_RATE_LIMIT_PER_15_MIN: '1000000',
  LOGIN_PAIR_LIMIT_PER_15_MIN: '1000000',
  LOGIN_SLOWDOWN_AFTER_FAILURES: '1000000',
  LISTING_RATE_LIMIT_PER_HOUR: '1000000',
};

/**
 * Runs `body` against the embedded profile always, and against the distributed profile (each
 * service its own process) when KAFKA_BROKERS, MONGODB_URI and REDIS_URL are set; skipped with the
 * reason otherwise.
 */
export function describeOnProfiles(title: string, body: (sut: () => SystemUnderTest) => void): void {
  describe(`${title} (embedded)`, () => {
    let sut: SystemUnderTest;
    let close = async () => {};
    beforeAll(async () => {
      const system = await startThrowaway(SUT_ENV);
      sut = { profile: 'embedded', url: system.url, dataDir: system.dataDir, admin: SUT_ADMIN, problems: () => '' };
      close = () => system.close();
    }, 60_000);
    afterAll(() => close());
    body(() => sut);
  });
  describeWithEngine(`${title} (distributed)`, 'KAFKA_BROKERS', () => {
    let sut: SystemUnderTest;
    let close = async () => {};
    beforeAll(async () => {
      const system = await startDistributed(SUT_ENV);
      sut = { profile: 'distributed', url: system.url, dataDir: system.dataDir, admin: SUT_ADMIN, problems: () => system.problems() };
      close = () => system.close();
      // Long: it may wait for another distributed test system to finish (see startDistributed).
    }, 600_000);
    afterAll(() => close());
    body(() => sut);
  });
}
