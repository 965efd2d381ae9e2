import { join } from 'node:path';
import type { Config, DeclaredName, ServiceName } from '../config/config.js';
import type { Logger } from '../logger.js';
import { InProcessEventBus } from '../adapters/inprocess.event-bus.js';
import { MemoryCache, MemoryRateLimiter } from '../adapters/memory.cache.js';
import { tracedMailer } from '../tracing/tracing.js';
import type { Cache, RateLimiter } from '../ports/cache.port.js';
import type { DocumentStore } from '../ports/document-store.port.js';
import type { EventBus } from '../ports/event-bus.port.js';
import type { Mailer } from '../ports/mail.port.js';
import { chooseEngines } from './engines.js';
import { DiskBlobStore } from '../adapters/disk.blob.js';
import type { BlobStore } from '../ports/blob.port.js';
import { need, type Need } from './define-service.js';
import { engineAdapter, type EngineAdapters } from './engine-adapters.js';
import type { RuntimeContext } from './service.js';

/** Ports one process shares between the services it runs. */
export interface SharedPorts {
  bus: EventBus;
  cache: Cache;
  limiter: RateLimiter;
  mailer: Mailer;
  /** The engine adapters the root passed, which these ports and each service's own were built from. */
  adapters: EngineAdapters;
  close(): Promise<void>;
}

/**
 * Builds the shared ports from configuration: an engine whose URL is set is used (its adapter from
 * the root's `adapters`, and it must answer, or start-up fails with its message); otherwise the
 * embedded adapter. `loadConfig` already refused a distributed profile with a missing URL.
 */
export async function createSharedPorts(config: Config, logger: Logger, clientId: string, adapters: EngineAdapters): Promise<SharedPorts> {
  const engines = chooseEngines(config);
  const opened: Array<{ close(): Promise<void> }> = [];
  try {
    const bus =
      engines.bus === 'kafka' && config.KAFKA_BROKERS
        ? await engineAdapter(
            adapters,
            'kafka',
          )({
            brokers: config.KAFKA_BROKERS.split(',').map((b) => b.trim()),
            clientId,
            logger,
            namespace: config.KAFKA_NAMESPACE,
            instanceId: config.KAFKA_INSTANCE_ID,
          })
        : InProcessEventBus.create({ logger });
    opened.push(bus);
    await bus.ping();
    const { cache, limiter } = await createCacheAndLimiter(config, adapters);
    opened.push(cache);
    const mailer = tracedMailer(
      engines.mail === 'smtp' && config.SMTP_URL
        ? await engineAdapter(adapters, 'smtp')({ url: config.SMTP_URL, from: config.MAIL_FROM, sent: cache })
        : await engineAdapter(adapters, 'files')({ dir: join(config.DATA_DIR, 'outbox'), from: config.MAIL_FROM }),
    );
    opened.push(mailer);
    await mailer.ping();
    return {
      bus,
      cache,
      limiter,
      mailer,
      adapters,
      async close() {
        await bus.close();
        await cache.close();
        await mailer.close();
      },
    };
  } catch (err) {
    await Promise.allSettled(opened.map((o) => o.close()));
    throw err;
  }
}

/**
 * The cache and the rate limiter on the engine configuration picks: Redis (one connection; closing
 * the cache closes both) or in-process.
 */
export async function createCacheAndLimiter(config: Config, adapters: EngineAdapters): Promise<{ cache: Cache; limiter: RateLimiter }> {
  if (chooseEngines(config).cache === 'redis' && config.REDIS_URL) {
    return engineAdapter(adapters, 'redis')({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX });
  }
  return { cache: new MemoryCache(), limiter: new MemoryRateLimiter() };
}

/** The service's own database: `<MONGODB_URI db>-<service>` or `DATA_DIR/<service>/`. */
export async function createServiceStore(
  config: Config,
  service: ServiceName,
  logger: Logger,
  adapters: EngineAdapters,
): Promise<DocumentStore> {
  const store =
    chooseEngines(config).store === 'mongodb' && config.MONGODB_URI
      ? await engineAdapter(adapters, 'mongodb').store({ uri: serviceDatabaseUri(config.MONGODB_URI, service), logger })
      : await engineAdapter(adapters, 'nedb')({ dir: join(config.DATA_DIR, service), logger });
  await store.ping();
  return store;
}

/** One database per service on the same server: the URI's database name gets `-<service>`. */
export function serviceDatabaseUri(uri: string, service: DeclaredName): string {
  // Not `new URL`: a replica-set URI lists several hosts (`mongodb://a:1,b:2/db?replicaSet=rs`).
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(?:\/([^?]*))?(\?.*)?$/.exec(uri);
  if (!match) throw new Error(`MONGODB_URI is not a MongoDB connection string: ${uri.replace(/\/\/[^@/]*@/, '//***@')}`);
  const [, hosts, db, query = ''] = match;
  return `${hosts}/${db || 'limo'}-${service}${query}`;
}

/**
 * A blob store need, with its two adapters: files under `DATA_DIR/<service>/blobs`, or GridFS
 * (bucket `bucketName`, `@limo/engine-mongo`) in the service's own MongoDB database.
 */
export function blobStoreNeed(bucketName: string): Need<BlobStore> {
  return need<BlobStore>('blobs', {
    disk: ({ ctx, service }) => DiskBlobStore.create({ dir: join(ctx.config.DATA_DIR, service, 'blobs') }),
    gridfs: ({ ctx, service }) => {
      if (!ctx.config.MONGODB_URI) throw new Error('GridFS needs MONGODB_URI');
      return engineAdapter(ctx.adapters, 'mongodb').blobs({ uri: serviceDatabaseUri(ctx.config.MONGODB_URI, service), bucketName });
    },
  });
}

/** A rate limiter that owns its connection: closing it closes the cache it was built beside. */
export interface OwnedRateLimiter extends RateLimiter {
  /** Asks its engine (Redis, or nothing in-process) whether it answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A rate limiter of its own for a process that gets no shared ports (the gateway alone): Redis when
 * REDIS_URL is set (one connection, closed with it), else in-process.
 */
export function rateLimiterNeed(): Need<OwnedRateLimiter, unknown, RuntimeContext> {
  const owning = (limiter: RateLimiter, cache: Cache): OwnedRateLimiter => ({
    hit: (key, limit, windowMs) => limiter.hit(key, limit, windowMs),
    reset: (key) => limiter.reset(key),
    ping: () => cache.ping(),
    close: () => cache.close(),
  });
  return need<OwnedRateLimiter, unknown, RuntimeContext>('cache', {
    'in-process': () => owning(new MemoryRateLimiter(), new MemoryCache()),
    redis: async ({ ctx }) => {
      if (!ctx.config.REDIS_URL) throw new Error('the Redis rate limiter needs REDIS_URL');
      const { cache, limiter } = await engineAdapter(
        ctx.adapters,
        'redis',
      )({ url: ctx.config.REDIS_URL, keyPrefix: ctx.config.REDIS_KEY_PREFIX });
      return owning(limiter, cache);
    },
  });
}
