import { Counter, Gauge, Histogram, register, type LabelValues } from 'prom-client';

// The classes services define their own metrics with (every metric lands in the one registry of the
// process, which `/metrics` serves): services import them from here, not from prom-client.
export { Counter, Gauge, Histogram } from 'prom-client';
/** The process's one registry (prom-client's default): the metrics server serves it. */
export const metricsRegistry = register;

/** Seconds, for request and insert durations: 5 ms to 10 s. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Every HTTP request a service or the gateway answered: rate, errors (by `status`) and duration per route pattern. */
export const httpRequestDuration = new Histogram({
  name: 'limo_http_request_duration_seconds',
  help: 'HTTP requests answered, by route pattern and status, and how long they took',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  buckets: DURATION_BUCKETS,
});

/** Requests whose client gave up before the answer (logged as 499, never an error). */
export const httpClientClosed = new Counter({
  name: 'limo_http_client_closed_total',
  help: 'Requests the client closed before they were answered',
  labelNames: ['service'] as const,
});

/** Requests refused with 503 by load shedding. */
export const httpOverloadRefused = new Counter({
  name: 'limo_http_overload_refused_total',
  help: 'Requests refused with 503 because the process was overloaded, by the threshold passed',
  labelNames: ['service', 'type'] as const,
});

/** Events the outbox relay published. */
export const outboxPublished = new Counter({
  name: 'limo_outbox_published_events_total',
  help: 'Events the outbox relay published to the bus',
  labelNames: ['service'] as const,
});

/** Events a consumer group handled (or dropped as duplicates), per topic. */
export const consumerEvents = new Counter({
  name: 'limo_consumer_events_total',
  help: 'Events a consumer group handled, per topic',
  labelNames: ['service', 'group', 'topic'] as const,
});

/** How old the last event a group handled was when it was done: the group's lag in time. */
export const consumerLag = new Gauge({
  name: 'limo_consumer_lag_seconds',
  help: 'Age of the last event the group handled when it finished with it (occurredAt to done)',
  labelNames: ['service', 'group', 'topic'] as const,
});

/** When a group last handled an event of a topic. */
export const consumerLastHandled = new Gauge({
  name: 'limo_consumer_last_handled_timestamp_seconds',
  help: 'Unix time the group last finished an event of the topic',
  labelNames: ['service', 'group', 'topic'] as const,
});

/** Events a handler gave up on, published to `<topic>.dlq`. */
export const deadLetters = new Counter({
  name: 'limo_dead_letters_total',
  help: 'Events a consumer group gave up on and sent to the dead-letter topic',
  labelNames: ['group', 'topic'] as const,
});

/** Runs of a read-model's reconciliation against its source. */
export const reconciliationRuns = new Counter({
  name: 'limo_reconciliation_runs_total',
  help: 'Reconciliation runs of a read-model',
  labelNames: ['read_model'] as const,
});

/** What a reconciliation repaired. */
export const reconciliationRepaired = new Counter({
  name: 'limo_reconciliation_repaired_total',
  help: 'Read-model entries a reconciliation repaired, by kind (missing, stale, extra)',
  labelNames: ['read_model', 'kind'] as const,
});

/**
 * A gauge read when `/metrics` is scraped, from sources that come and go (one per running service:
 * the embedded process runs several). A source that fails is left out of that scrape.
 */
export class SampledGauge<L extends string> {
  private readonly sources = new Map<string, { labels: LabelValues<L>; sample: () => Promise<number> | number }>();
  readonly gauge: Gauge<L>;

  constructor(options: { name: string; help: string; labelNames: readonly L[] }) {
    const sources = this.sources;
    this.gauge = new Gauge<L>({
      ...options,
      async collect() {
        this.reset();
        const read = [...sources.values()].map(async ({ labels, sample }) => ({ labels, value: await sample() }));
        for (const result of await Promise.allSettled(read)) {
          if (result.status === 'fulfilled') this.set(result.value.labels, result.value.value);
        }
      },
    });
  }

  /** Adds a source for `labels` (replacing one with the same labels); returns the function that removes it. */
  add(labels: LabelValues<L>, sample: () => Promise<number> | number): () => void {
    const key = JSON.stringify(labels);
    const source = { labels, sample };
    this.sources.set(key, source);
    return () => {
      if (this.sources.get(key) === source) this.sources.delete(key);
    };
  }
}

/** Events waiting in a service's outbox: documents that owe events. */
export const outboxBacklog = new SampledGauge({
  name: 'limo_outbox_backlog_documents',
  help: 'Documents whose events the outbox relay has not published yet',
  labelNames: ['service'] as const,
});

/** Age of the oldest event waiting in a service's outbox (0 when none waits). */
export const outboxOldestAge = new SampledGauge({
  name: 'limo_outbox_oldest_event_age_seconds',
  help: 'Age of the oldest event the outbox relay has not published yet (0 when none)',
  labelNames: ['service'] as const,
});

/**
 * The value of a counter or gauge for the series matching `labels` (summed over the other labels),
 * 0 when none: what tests and benchmarks read.
 */
export async function metricValue(metric: Counter | Gauge, labels: Record<string, string> = {}): Promise<number> {
  const { values } = await metric.get();
  return values
    .filter((v) => Object.entries(labels).every(([k, value]) => String(v.labels[k]) === value))
    .reduce((sum, v) => sum + v.value, 0);
}
