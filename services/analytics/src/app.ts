import { join } from 'node:path';
import { createServiceApp, MemoryCache, MemoryRateLimiter, type Service, type ServiceContext, type Subscription } from '@limo/platform';
import { onClaimApproved } from './consumers/on-claim-approved.js';
import { COMPANY_TOPICS, onCompanyChanged } from './consumers/on-company-changed.js';
import { onCompanyResponseTime } from './consumers/on-company-response-time.js';
import { seedDemoTraffic } from './demo-traffic.js';
import { GeoLocator } from './domain/geo.js';
import { VisitorIds } from './domain/visitor.js';
import { loadAnalyticsEnv, type AnalyticsEnv } from './env.js';
import { BatchWriter } from './ingest/batch-writer.js';
import { BusPublisher } from './ingest/bus-publisher.js';
import type { EventSink } from './ingest/event-sink.port.js';
import { KafkaIngestConsumer } from './ingest/kafka-ingest.js';
import { CompaniesRepository } from './repositories/companies.repository.js';
import { adminRoutes } from './routes/admin/index.js';
import { trackRoutes } from './routes/analytics/track/index.js';
import { myCompanyAnalyticsRoutes } from './routes/my-companies/analytics/index.js';
import type { AnalyticsStore } from './store/analytics-store.port.js';
import { ClickHouseAnalyticsStore } from './store/clickhouse.analytics-store.js';
import { Tracker } from './tracker.js';

/** Tuning that tests change; production reads the environment. */
export interface AnalyticsServiceOptions {
  /** Environment to read the analytics settings from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** The in-process engine's directory (default `DATA_DIR/analytics/chdb`; ':memory:' for a throwaway one). */
  chdbPath?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics store (benchmarks and tests generate and count rows through it). */
    analyticsStore: AnalyticsStore;
  }
}

/** Replays are remembered for a day: the in-process memory keeps this many fingerprints at most. */
const SEEN_MAX_ENTRIES = 200_000;

/**
 * Analytics: the track endpoint, the ingest path into ClickHouse (in-process chDB, or a server at
 * CLICKHOUSE_URL), the admin dashboards and the owners' listing analytics. Accepted events go to an
 * in-process batch writer (embedded) or through Kafka to an ingest consumer (when KAFKA_BROKERS is set).
 */
export async function createAnalyticsService(ctx: ServiceContext, options: AnalyticsServiceOptions = {}): Promise<Service> {
  const env: AnalyticsEnv = loadAnalyticsEnv(options.env ?? process.env);
  const logger = ctx.logger.child({ service: 'analytics' });
  const store: AnalyticsStore = await ClickHouseAnalyticsStore.create({
    url: env.CLICKHOUSE_URL,
    chdbPath: options.chdbPath ?? join(ctx.config.DATA_DIR, 'analytics', 'chdb'),
    database: env.CLICKHOUSE_DATABASE,
    retentionMonths: env.ANALYTICS_RETENTION_MONTHS,
  });
  const companies = await CompaniesRepository.create(ctx.store);
  const geo = await GeoLocator.create(env.ANALYTICS_GEOIP);
  const brokers = ctx.config.KAFKA_BROKERS?.split(',').map((b) => b.trim());
  const flush = { flushIntervalMs: env.ANALYTICS_FLUSH_INTERVAL_MS, flushRows: env.ANALYTICS_FLUSH_ROWS };
  const sink: EventSink = brokers ? new BusPublisher(ctx.bus, { topic: env.ANALYTICS_TOPIC }) : new BatchWriter(store, logger, flush);
  const ingest = brokers
    ? new KafkaIngestConsumer(store, logger, {
        brokers,
        // Its own kafkajs consumer: the bus's namespace is applied here as the bus applies it.
        topic: `${ctx.config.KAFKA_NAMESPACE}${env.ANALYTICS_TOPIC}`,
        group: `${ctx.config.KAFKA_NAMESPACE}${env.ANALYTICS_TOPIC}.ingest`,
        ...flush,
      })
    : undefined;
  // With Redis every instance shares what it has seen; in-process, analytics keeps its own memory so
  // its many fingerprints never push other services' rate-limit windows out of the shared LRU.
  const seen = ctx.config.REDIS_URL ? ctx.limiter : MemoryRateLimiter.create({ maxEntries: SEEN_MAX_ENTRIES });
  const marks = ctx.config.REDIS_URL ? ctx.cache : MemoryCache.create({ maxEntries: SEEN_MAX_ENTRIES });
  const tracker = new Tracker({
    sink,
    visitors: new VisitorIds(ctx.cache),
    geo,
    seen,
    marks,
    burstSeconds: env.ANALYTICS_BURST_SECONDS,
    ipCompanyEvents: env.ANALYTICS_IP_COMPANY_EVENTS,
    ipEventsPerMinute: env.ANALYTICS_IP_EVENTS_PER_MINUTE,
  });

  const app = await createServiceApp({
    name: 'analytics',
    config: ctx.config,
    logger: ctx.logger,
    cache: ctx.cache,
    description: 'Traffic analytics',
  });
  app.decorate('analyticsStore', store);
  const deps = { store, tracker, companies, logger };
  await app.register(trackRoutes, deps);
  await app.register(adminRoutes, deps);
  await app.register(myCompanyAnalyticsRoutes, deps);

  const consumers = [
    { group: 'analytics.companies', topics: COMPANY_TOPICS, handler: onCompanyChanged(companies) },
    { group: 'analytics.claims', topics: ['claim.approved.v1'], handler: onClaimApproved(companies) },
    { group: 'analytics.response-times', topics: ['company.response-time.v1'], handler: onCompanyResponseTime(companies) },
  ];
  const subscriptions: Subscription[] = [];
  const stopping = new AbortController();
  let seeding: Promise<void> = Promise.resolve();
  return {
    name: 'analytics',
    app,
    async start() {
      await store.migrate();
      await sink.start();
      await ingest?.start();
      for (const consumer of consumers) subscriptions.push(await ctx.bus.subscribe(consumer));
      if (ctx.config.PROFILE === 'embedded' && ctx.config.SEED_DEMO_DATA !== false && !env.CLICKHOUSE_URL) {
        seeding = seedDemoTraffic(store, env.CLICKHOUSE_DATABASE, companies, logger, stopping.signal).catch((err: unknown) =>
          logger.warn({ err }, 'demo traffic not added'),
        );
      }
      logger.info(
        {
          store: store.description,
          ingest: brokers
            ? `kafka topic ${env.ANALYTICS_TOPIC} -> consumer group ${env.ANALYTICS_TOPIC}.ingest`
            : 'in-process batch writer',
          CLICKHOUSE_URL: env.CLICKHOUSE_URL ? 'set' : 'unset (chDB in-process)',
          CLICKHOUSE_DATABASE: env.CLICKHOUSE_DATABASE,
          ANALYTICS_RETENTION_MONTHS: env.ANALYTICS_RETENTION_MONTHS,
          ANALYTICS_FLUSH_INTERVAL_MS: env.ANALYTICS_FLUSH_INTERVAL_MS,
          ANALYTICS_FLUSH_ROWS: env.ANALYTICS_FLUSH_ROWS,
          ANALYTICS_TOPIC: env.ANALYTICS_TOPIC,
          ANALYTICS_BURST_SECONDS: env.ANALYTICS_BURST_SECONDS,
          ANALYTICS_IP_COMPANY_EVENTS: env.ANALYTICS_IP_COMPANY_EVENTS,
          ANALYTICS_IP_EVENTS_PER_MINUTE: env.ANALYTICS_IP_EVENTS_PER_MINUTE,
          ANALYTICS_GEOIP: env.ANALYTICS_GEOIP,
        },
        'analytics settings',
      );
    },
    async stop() {
      stopping.abort();
      await seeding;
      await Promise.all(subscriptions.map((s) => s.close()));
      // Publish or write what was acknowledged, then let the consumer finish and commit its batch.
      await sink.stop();
      await ingest?.stop();
      await store.close();
    },
  };
}
