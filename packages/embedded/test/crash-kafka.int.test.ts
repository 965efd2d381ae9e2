import { afterAll, beforeAll, describe, it } from 'vitest';
import { analyticsWorkload, burst, CRASH_ANALYTICS_ENV, intakeWorkload, outboxOf, verifyAll } from './support/crash.js';
import { distributedEngines, startDistributed, type DistributedSystem } from './support/distributed.js';
import { startThrowawayKafka, throwawayKafkaMissing, type ThrowawayKafka } from './support/kafka-broker.js';
import { SUT_ENV } from './support/profiles.js';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const missing = throwawayKafkaMissing() ?? (distributedEngines() ? undefined : 'KAFKA_BROKERS, MONGODB_URI and REDIS_URL not set');
if (missing) console.warn(`skipped: kill -9 of the Kafka broker (${missing})`);

// Issue 13: kill -9 of the Kafka broker in the middle of a burst of intake (quotes, reviews,
// listings), the broker started again on its data 2 s later: every acknowledged write is stored once
// and every mail it owed arrives once. Issue 22, defect 6: tracked events too, each answered 202 (the
// analytics service spools them while the broker is away) and counted once. The broker is one of this test's own (the shared one serves
// other test files at the same time); MongoDB and Redis are the shared ones.
// Issue 23, defects 1 and 2: the broker back with fresh data (a lost volume: no topics, no committed
// offsets) under the same load. The services create their topics again and their consumers go on by
// themselves; analytics counts each acknowledged event once (it skips by event id, not by an offset
// the recreated topic starts again at 0).
describe.skipIf(Boolean(missing)).each([
  { restart: 'on its data', fresh: false },
  { restart: 'with fresh data (a lost volume)', fresh: true },
])(
  `kill -9 of the Kafka broker during intake (distributed), started again $restart${missing ? ` — skipped: ${missing}` : ''}`,
  ({ restart, fresh }) => {
    let broker: ThrowawayKafka | undefined;
    let system: DistributedSystem | undefined;
    beforeAll(async () => {
      broker = await startThrowawayKafka();
      system = await startDistributed({ ...SUT_ENV, ...CRASH_ANALYTICS_ENV, KAFKA_BROKERS: broker.brokers, MAIL_LEASE_SECONDS: '5' });
    }, 600_000);
    afterAll(async () => {
      await system?.close();
      await broker?.stop();
    }, 60_000);

    it('keeps every acknowledged write, once, and delivers what each owed, once', async () => {
      const sys = system!;
      const intake = await intakeWorkload(() => sys.url, outboxOf(sys.dataDir));
      const analytics = await analyticsWorkload(() => sys.url, 90_000, 50, { everyAcknowledged: true });
      let restartMs = 0;
      await burst(
        [intake, analytics],
        async () => {
          await pause(1_500);
          await broker!.kill();
          await pause(2_000);
          const restarting = Date.now();
          await broker!.start({ fresh });
          restartMs = Date.now() - restarting;
          await pause(1_500);
        },
        // Paced and capped: the window lasts as long as the broker's JVM takes to start again, which
        // on a loaded machine was long enough for thousands of writes and a check outlasting the test.
        { clients: 12, perSecond: 60, max: 900 },
      );
      console.log(
        `crash test (distributed, Kafka broker killed, started again ${restart}): the broker answered again ${restartMs} ms after its restart began`,
      );
      await sys.healthy();
      await verifyAll(`crash test (distributed, Kafka broker killed, started again ${restart})`, [intake, analytics]);
    }, 300_000);
  },
);
