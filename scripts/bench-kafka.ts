/**
 * `npm run bench:kafka`: what publishing through the Kafka bus costs, against the producer it used
 * before (kafkajs's idempotent producer, unbounded retries), measured in the same run on the same
 * broker. The bus now uses a plain producer with one request in flight (see KafkaEventBus.create: the
 * idempotent one refused every later publish after a broker died between writing and answering).
 *
 * Three shapes: the outbox relay's (one caller, batches of 100), the analytics ingest's (8 callers,
 * batches of 100) and single events from 8 callers. Each shape runs twice per producer, alternately;
 * the second run's figure is kept (the first warms the JVM and the topic). Needs KAFKA_BROKERS
 * (`eval "$(bash infra/local/all.sh env kafka)"` after `infra/local/kafka.sh up`) and the build.
 */
import { randomUUID } from 'node:crypto';
import { Kafka, Partitioners, logLevel } from 'kafkajs';
import { KafkaEventBus, type EventEnvelope } from '@limo/platform';

const brokers = process.env.KAFKA_BROKERS?.split(',');
if (!brokers) {
  console.log('skipped: KAFKA_BROKERS not set (start Kafka with infra/local/kafka.sh up and export its env)');
  process.exit(0);
}
const EVENTS = Number(process.env.BENCH_EVENTS ?? 6_000);
const namespace = `bench-kafka-${Date.now()}.`;
const type = 'bench.published.v1';
const data = { page: '/search?q=limousine&city=Miami', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) '.repeat(3) };
const event = (i: number): EventEnvelope => ({
  id: randomUUID(),
  type,
  key: `visitor-${i % 50}`,
  occurredAt: new Date().toISOString(),
  data,
});

type Publish = (events: EventEnvelope[]) => Promise<void>;

/** Events per second for `callers` callers each publishing batches of `batch` until EVENTS are out. */
async function rate(publish: Publish, callers: number, batch: number): Promise<number> {
  const calls = Math.floor(EVENTS / batch);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (next++ < calls) await publish(Array.from({ length: batch }, (_, i) => event(i)));
    }),
  );
  return (calls * batch) / ((performance.now() - started) / 1000);
}

const bus = await KafkaEventBus.create({ brokers, clientId: 'bench-kafka', namespace });
// The producer as it was: same topic, same message shape as the bus writes.
const kafka = new Kafka({ clientId: 'bench-kafka-before', brokers, logLevel: logLevel.NOTHING });
const before = kafka.producer({
  idempotent: true,
  retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 100, maxRetryTime: 5_000 },
  allowAutoTopicCreation: false,
  createPartitioner: Partitioners.DefaultPartitioner,
});
await before.connect();
await bus.publish([event(0)]); // creates the topic
const publishBefore: Publish = async (events) => {
  await before.sendBatch({
    acks: -1,
    topicMessages: [
      {
        topic: namespace + type,
        messages: events.map((e) => ({ key: e.key, value: JSON.stringify(e), headers: { 'event-type': e.type } })),
      },
    ],
  });
};

const shapes: Array<[string, number, number]> = [
  ['outbox relay: 1 caller, batches of 100', 1, 100],
  ['analytics ingest: 8 callers, batches of 100', 8, 100],
  ['single events: 8 callers', 8, 1],
];
console.log(`bench:kafka: ${EVENTS} events per run, broker ${brokers.join(',')}`);
for (const [name, callers, batch] of shapes) {
  let now = 0;
  let was = 0;
  for (let run = 0; run < 2; run++) {
    was = await rate(publishBefore, callers, batch);
    now = await rate((events) => bus.publish(events), callers, batch);
  }
  console.log(
    `${name.padEnd(46)} before ${Math.round(was).toLocaleString('en-US').padStart(7)} ev/s  now ${Math.round(now).toLocaleString('en-US').padStart(7)} ev/s  ratio ${(now / was).toFixed(2)}`,
  );
}
await before.disconnect();
await bus.close();
