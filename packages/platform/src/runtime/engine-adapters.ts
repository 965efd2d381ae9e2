import { ConfigError } from '../config/config.js';
import type { Logger } from '../logger.js';
import type { BlobStore } from '../ports/blob.port.js';
import type { Cache, RateLimiter } from '../ports/cache.port.js';
import type { DocumentStore } from '../ports/document-store.port.js';
import type { EventBus } from '../ports/event-bus.port.js';
import type { Mailer } from '../ports/mail.port.js';

/**
 * The engine adapters a process can build, filled by its composition root from the engine packages
 * it depends on (`packages/engines/*`): the embedded root passes every one, a service's `main.ts` the
 * ones it runs on. The platform holds no driver: it builds the in-process adapters itself and asks
 * this registry for an engine's, on the options it computed from the settings. An engine of one
 * service's port (Elasticsearch, ClickHouse) is added here by that port's package
 * (`packages/ports/*`, `declare module '@limo/platform'`), which the service and the engine share.
 */
export interface EngineAdapters {
  /** Kafka: the event bus (`@limo/engine-kafka`). */
  kafka?: (options: { brokers: string[]; clientId: string; logger: Logger; namespace: string; instanceId?: string }) => Promise<EventBus>;
  /** NeDB: a service's store in files under `dir` (`@limo/engine-nedb`): the embedded profile's. */
  nedb?: (options: { dir: string; logger: Logger }) => Promise<DocumentStore>;
  /** MongoDB: a service's store, and its blobs in GridFS (`@limo/engine-mongo`). */
  mongodb?: {
    store(options: { uri: string; logger: Logger }): Promise<DocumentStore>;
    blobs(options: { uri: string; bucketName: string }): Promise<BlobStore>;
  };
  /** Redis: the cache and the rate limiter on one connection; closing the cache closes both (`@limo/engine-redis`). */
  redis?: (options: { url: string; keyPrefix: string }) => Promise<{ cache: Cache; limiter: RateLimiter }>;
  /** SMTP: the mailer, `sent` remembering the keyed messages it sent (`@limo/engine-smtp`). */
  smtp?: (options: { url: string; from: string; sent: Cache }) => Promise<Mailer>;
  /** Files: the mailer writing each mail to a `.eml` file in the outbox directory `dir` (`@limo/engine-smtp`): the embedded profile's. */
  files?: (options: { dir: string; from: string }) => Promise<Mailer>;
}

/** The engine package of each adapter whose name is not the package's. */
const PACKAGES: Partial<Record<keyof EngineAdapters, string>> = { mongodb: 'mongo', files: 'smtp' };

/** An engine the settings picked: its adapters, or the ConfigError naming the package the root did not pass. */
export function engineAdapter<K extends keyof EngineAdapters>(adapters: EngineAdapters, engine: K): NonNullable<EngineAdapters[K]> {
  const adapter = adapters[engine];
  if (!adapter) {
    const pkg = PACKAGES[engine] ?? engine;
    throw new ConfigError([`  the settings pick ${engine}, but this process was started without @limo/engine-${pkg}`]);
  }
  return adapter;
}
