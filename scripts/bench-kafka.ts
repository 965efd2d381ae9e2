/**
 * `npm run bench:kafka`: what the Kafka bus costs, publishing and consuming, measured on the broker
 * in KAFKA_BROKERS. Four shapes: the outbox relay's (one caller, batches of 100), the analytics
 * ingest's (8 callers, batches of 100), single events from 8 callers, and a consumer group handling
 * what was published (events/s from its subscription until the last is handled). Each runs twice;
 * the second run's figure is kept (the first warms the JVM and the topic). When the bus moved from
 * kafkajs to @platformatic/kafka this compared both in the same run (docs/performance.md; the kafkajs
 * side was scripts/bench-kafka-kafkajs.ts, removed with kafkajs).
 * Needs KAFKA_BROKERS (`eval "$(bash infra/local/all.sh env kafka)"` after `infra/local/kafka.sh up`).
 */
import { randomUUID } from 'node:crypto';
import { KafkaEventBus } from '@limo/engine-kafka';
import type { EventBus, EventEnvelope } from '@limo/platform';

const brokers = process.env.KAFKA_BROKERS?.split(',');
if (!brokers) {
  console.log('skipped: KAFKA_BROKERS not set (start Kafka with infra/local/kafka.sh up and export its env)');
  process.exit(0);
}
const EVENTS = Number(process.env.BENCH_EVENTS ?? 6_000);
const run = `bench-kafka-${Date.now()}`;
const data = { page: '/search?q=limousine&city=Miami', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) '.repeat(3) };
const event = (type: string, i: number): EventEnvelope => ({
  id: randomUUID(),
  type,
  key: `visitor-${i % 50}`,
  occurredAt: new Date().toISOString(),
  data,
});

/** Events per second for `callers` callers each publishing batches of `batch` until EVENTS are out. */
async function publishRate(bus: EventBus, type: string, callers: number, batch: number): Promise<number> {
  const calls = Math.floor(EVENTS / batch);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (next++ < calls) await bus.publish(Array.from({ length: batch }, (_, i) => event(type, i)));
    }),
  );
  return (calls * batch) / ((performance.now() - started) / 1000);
}

/** Events per second a new group handles, from its subscription until the last of EVENTS (published before). */
async function consumeRate(bus: EventBus, type: string): Promise<number> {
  for (let i = 0; i < EVENTS; i += 100) await bus.publish(Array.from({ length: 100 }, (_, j) => event(type, i + j)));
  let handled = 0;
  let done: () => void = () => undefined;
  const all = new Promise<void>((resolve) => (done = resolve));
  const started = performance.now();
  const subscription = await bus.subscribe({
    group: `${type}.reader`,
    topics: [type],
    handler: async () => {
      if (++handled === EVENTS) done();
    },
  });
  await all;
  const rate = EVENTS / ((performance.now() - started) / 1000);
  await subscription.close();
  return rate;
}

type Shape = [name: string, measure: (bus: EventBus, type: string) => Promise<number>];
const shapes: Shape[] = [
  ['outbox relay: 1 caller, batches of 100', (bus, type) => publishRate(bus, type, 1, 100)],
  ['analytics ingest: 8 callers, batches of 100', (bus, type) => publishRate(bus, type, 8, 100)],
  ['single events: 8 callers', (bus, type) => publishRate(bus, type, 8, 1)],
  ['consumer group: 1 member, concurrency 1', consumeRate],
];

const contenders: Array<[string, () => Promise<EventBus>]> = [
  ['@platformatic/kafka', () => KafkaEventBus.create({ brokers, clientId: 'bench-kafka', namespace: `${run}.new.` })],
];

const buses = await Promise.all(contenders.map(async ([name, create]) => [name, await create()] as const));
console.log(`bench:kafka: ${EVENTS} events per run, broker ${brokers.join(',')}`);
console.log(`| shape | ${buses.map(([name]) => `${name} ev/s`).join(' | ')} |${buses.length > 1 ? ' ratio |' : ''}`);
console.log(`|---|${buses.map(() => '---:').join('|')}|${buses.length > 1 ? '---:|' : ''}`);
for (const [index, [name, measure]] of shapes.entries()) {
  const figures = new Map<string, number>();
  for (let round = 0; round < 2; round++) {
    for (const [bus, instance] of buses) figures.set(bus, await measure(instance, `bench.s${index}.r${round}.v1`));
  }
  const values = buses.map(([bus]) => figures.get(bus)!);
  const ratio = values.length > 1 ? ` ${(values.at(-1)! / values[0]).toFixed(2)} |` : '';
  console.log(`| ${name} | ${values.map((v) => Math.round(v).toLocaleString('en-US')).join(' | ')} |${ratio}`);
}
await Promise.all(buses.map(([, bus]) => bus.close()));
