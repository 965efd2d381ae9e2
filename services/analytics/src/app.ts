import { join } from 'node:path';
import { claimApprovedV1, companyEvents, companyResponseTimeV1 } from '@limo/contracts';
import {
  buildService,
  consumer,
  defineService,
  engineAdapter,
  MemoryCache,
  MemoryRateLimiter,
  need,
  type BuiltService,
  type Cache,
  type Logger,
  type RateLimiter,
  type ServiceContext,
} from '@limo/platform';
import { onClaimApproved } from './consumers/on-claim-approved.js';
import { onCompanyChanged } from './consumers/on-company-changed.js';
import { onCompanyResponseTime } from './consumers/on-company-response-time.js';
import { seedDemoTraffic } from './use-cases/demo-traffic.js';
import { GeoLocator } from './domain/geo.js';
import { VisitorIds } from './domain/visitor.js';
import { analyticsEnvSchema, type AnalyticsEnv } from './env.js';
import { BatchWriter } from './ingest/batch-writer.js';
import { BusIngest } from './ingest/bus-ingest.js';
import { BusPublisher } from './ingest/bus-publisher.js';
import { DeadLetters } from './ingest/dead-letters.js';
import type { EventSink } from './ingest/event-sink.port.js';
import { deadLetterRows } from './ingest/metrics.js';
import { CompaniesRepository } from './repositories/companies.repository.js';
import { adminRoutes } from './routes/admin/index.js';
import { trackRoutes } from './routes/analytics/track/index.js';
import { ownerRoutes } from './routes/owner.js';
import type { AnalyticsStore } from '@limo/analytics-store';
import { Tracker } from './use-cases/tracker.js';
import type { RouteDeps } from './routes/deps.js';

/** What tests may hand in; production reads the environment and gets its ports from the root. */
export interface AnalyticsServiceOptions {
  /** Environment to read the analytics settings from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** The analytics store to use instead of the configured one (e.g. chDB at ':memory:'); the caller closes it. */
  store?: AnalyticsStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics store (benchmarks and tests generate and count rows through it). */
    analyticsStore: AnalyticsStore;
  }
}

/** Replays are remembered for a day: the in-process memory keeps this many fingerprints at most. */
const SEEN_MAX_ENTRIES = 200_000;

/** The path accepted events take to the store: a sink the track route writes to, and a consumer when they cross the bus. */
interface IngestPath {
  sink: EventSink;
  consumer?: BusIngest;
  description: string;
}
type IngestPathFactory = (store: AnalyticsStore, logger: Logger, deadLetters: DeadLetters) => IngestPath;

const storeSettings = (env: AnalyticsEnv) => ({ database: env.CLICKHOUSE_DATABASE, retentionMonths: env.ANALYTICS_RETENTION_MONTHS });
const flushSettings = (env: AnalyticsEnv) => ({ flushIntervalMs: env.ANALYTICS_FLUSH_INTERVAL_MS, flushRows: env.ANALYTICS_FLUSH_ROWS });

/**
 * Analytics: the track endpoint, the ingest path into ClickHouse (in-process chDB, or a server at
 * CLICKHOUSE_URL), the admin dashboards and the owners' listing analytics. Accepted events go to an
 * in-process batch writer (in-process bus) or through the bus to its batch subscription (Kafka bus).
 */
export const analyticsService = defineService({
  name: 'analytics',
  description: 'Traffic analytics',
  env: analyticsEnvSchema,
  // Its tracked page events travel on a topic of its own (ANALYTICS_TOPIC), read by its ingest, not as bus events.
  produces: [],
  needs: {
    store: need<AnalyticsStore, AnalyticsEnv>('analytics', {
      chdb: ({ ctx, env }) =>
        engineAdapter(ctx.adapters, 'clickhouse')({ chdbPath: join(ctx.config.DATA_DIR, 'analytics', 'chdb'), ...storeSettings(env) }),
      clickhouse: ({ ctx, env }) => engineAdapter(ctx.adapters, 'clickhouse')({ url: env.CLICKHOUSE_URL, ...storeSettings(env) }),
    }),
    ingest: need<IngestPathFactory, AnalyticsEnv>('bus', {
      'in-process':
        ({ ctx, env }) =>
        (store, logger, deadLetters) => ({
          // The log under DATA_DIR keeps accepted events across a kill until they are written.
          sink: new BatchWriter(store, logger, {
            ...flushSettings(env),
            walDir: join(ctx.config.DATA_DIR, 'analytics', 'wal'),
            deadLetters,
          }),
          description: 'in-process batch writer (write-ahead log under DATA_DIR/analytics/wal)',
        }),
      kafka:
        ({ ctx, env }) =>
        (store, logger, deadLetters) => ({
          // While Kafka is away, accepted events wait under DATA_DIR and are forwarded when it is back.
          sink: new BusPublisher(ctx.bus, {
            topic: env.ANALYTICS_TOPIC,
            spoolDir: join(ctx.config.DATA_DIR, 'analytics', 'spool'),
            logger,
          }),
          // A batch subscription of the bus (its namespace and instance id applied by the bus).
          consumer: new BusIngest(ctx.bus, store, logger, {
            topic: env.ANALYTICS_TOPIC,
            group: `${env.ANALYTICS_TOPIC}.ingest`,
            ...flushSettings(env),
            deadLetters,
          }),
          description: `kafka topic ${env.ANALYTICS_TOPIC} -> consumer group ${env.ANALYTICS_TOPIC}.ingest`,
        }),
    }),
    // With Redis every instance shares what it has seen; in-process, analytics keeps its own memory so
    // its many fingerprints never push other services' rate-limit windows out of the shared LRU.
    seen: need<RateLimiter, AnalyticsEnv>('cache', {
      redis: ({ ctx }) => ctx.limiter,
      'in-process': () => MemoryRateLimiter.create({ maxEntries: SEEN_MAX_ENTRIES }),
    }),
    marks: need<Cache, AnalyticsEnv>('cache', {
      redis: ({ ctx }) => ctx.cache,
      'in-process': () => MemoryCache.create({ maxEntries: SEEN_MAX_ENTRIES }),
    }),
  },
  async init({ ctx, env, ports }) {
    const logger = ctx.logger.child({ service: 'analytics' });
    const { store } = ports;
    const companies = await CompaniesRepository.create(ctx.store);
    const geo = await GeoLocator.create(env.ANALYTICS_GEOIP);
    const deadLetters = await DeadLetters.open(logger, join(ctx.config.DATA_DIR, 'analytics', 'dead-letters.ndjson'));
    const { sink, consumer: ingest, description: ingestDescription } = ports.ingest(store, logger, deadLetters);
    const tracker = new Tracker({
      sink,
      visitors: new VisitorIds(ctx.cache),
      geo,
      seen: ports.seen,
      marks: ports.marks,
      burstSeconds: env.ANALYTICS_BURST_SECONDS,
      ipCompanyEvents: env.ANALYTICS_IP_COMPANY_EVENTS,
      ipEventsPerMinute: env.ANALYTICS_IP_EVENTS_PER_MINUTE,
    });
    const stopping = new AbortController();
    let seeding: Promise<void> = Promise.resolve();
    const unsample = deadLetterRows.add({}, () => deadLetters.size);
    return {
      deps: { store, tracker, companies, logger },
      routes: [trackRoutes, adminRoutes, ownerRoutes],
      health: () => ({ deadLetters: deadLetters.size }),
      onApp(app) {
        app.decorate('analyticsStore', store);
      },
      consumers: [
        consumer({ group: 'analytics.companies', consumes: companyEvents, handler: onCompanyChanged(companies) }),
        consumer({ group: 'analytics.claims', consumes: [claimApprovedV1], handler: onClaimApproved(companies) }),
        consumer({ group: 'analytics.response-times', consumes: [companyResponseTimeV1], handler: onCompanyResponseTime(companies) }),
      ],
      async prepare() {
        await store.migrate();
        await sink.start();
        await ingest?.start();
      },
      async start() {
        if (env.SEED_DEMO_DATA && !env.CLICKHOUSE_URL) {
          seeding = seedDemoTraffic(store, env.CLICKHOUSE_DATABASE, companies, logger, stopping.signal).catch((err: unknown) =>
            logger.warn({ err }, 'demo traffic not added'),
          );
        }
        logger.info(
          {
            store: store.description,
            ingest: ingestDescription,
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
        unsample();
        stopping.abort();
        await seeding;
        // Publish or write what was acknowledged, then let the consumer finish and commit its batch.
        await sink.stop();
        await ingest?.stop();
      },
    };
  },
});

/** The analytics service built on `ctx`, with its variables from `options.env` (default: process.env). */
export function createAnalyticsService(ctx: ServiceContext, options: AnalyticsServiceOptions = {}): Promise<BuiltService<RouteDeps>> {
  return buildService(analyticsService, ctx, { env: options.env, ports: { store: options.store } });
}
