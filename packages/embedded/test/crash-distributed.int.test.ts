import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithEngine } from '@limo/platform/testing';
import {
  analyticsWorkload,
  billingWorkload,
  burst,
  CRASH_ANALYTICS_ENV,
  identityWorkload,
  intakeWorkload,
  outboxOf,
  verifyAll,
} from './support/crash.js';
import { startDistributed, type DistributedSystem } from './support/distributed.js';
import { SUT_ENV } from './support/profiles.js';

// Issue 13 in the distributed profile: kill -9 of every service process and of the gateway, one after
// the other, in the middle of a burst of each service's writes (intake: quotes, reviews, listings;
// identity: registrations, logins, reset requests; billing: claims paid with the simulator; analytics:
// tracked searches), each restarted a second later as run-distributed.sh's supervisor does.
// Afterwards: every acknowledged write stored once, every owed mail and event delivered once, every
// acknowledged tracked event counted once in the admin analytics (a kill in the middle of a ClickHouse
// insert is completed by the restarted ingest consumer: see services/analytics/src/ingest/bus-ingest.ts).
// The Kafka broker is killed in crash-kafka.int.test.ts (on a broker of its own).
describeWithEngine('kill -9 of each service process in turn (distributed)', 'KAFKA_BROKERS', () => {
  let system: DistributedSystem | undefined;
  beforeAll(async () => {
    system = await startDistributed({
      ...SUT_ENV,
      ...CRASH_ANALYTICS_ENV,
      // A killed replica's mail leases run out quickly, so its owed mails go out in the test's time.
      MAIL_LEASE_SECONDS: '5',
    });
  }, 600_000);
  afterAll(async () => {
    await system?.close();
  });

  it('keeps every acknowledged write, once, and delivers what each owed, once', async () => {
    const sys = system!;
    const url = () => sys.url;
    const outbox = outboxOf(sys.dataDir);
    const workloads = [
      await intakeWorkload(url, outbox),
      await identityWorkload(url, outbox),
      await billingWorkload(url, outbox),
      await analyticsWorkload(url, 90_000),
    ];
    const crashed: string[] = [];
    await burst(workloads, async () => {
      for (const name of ['billing', 'analytics', 'identity', 'directory', 'quotes', 'gateway']) {
        await new Promise((r) => setTimeout(r, 1_000));
        await sys.kill(name);
        crashed.push(name);
        await new Promise((r) => setTimeout(r, 1_000));
        sys.restart(name);
      }
      await sys.healthy();
      await new Promise((r) => setTimeout(r, 1_000));
    });
    expect(crashed).toHaveLength(6);
    await sys.healthy();
    await verifyAll('crash test (distributed, each process killed in turn)', workloads);
  }, 300_000);
});
