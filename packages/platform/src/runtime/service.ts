import type { FastifyInstance } from 'fastify';
import type { Config, ServiceName } from '../config/config.js';
import type { Logger } from '../logger.js';
import type { OutboxRelay } from '../outbox/outbox-relay.js';
import type { Cache, RateLimiter } from '../ports/cache.port.js';
import type { DocumentStore } from '../ports/document-store.port.js';
import type { EventBus } from '../ports/event-bus.port.js';
import type { Mailer } from '../ports/mail.port.js';

/** The infrastructure one service is given; business code sees ports only. */
export interface ServiceContext {
  config: Config;
  logger: Logger;
  /** The service's own database. */
  store: DocumentStore;
  bus: EventBus;
  cache: Cache;
  limiter: RateLimiter;
  mailer: Mailer;
  /** Publishes the events written with documents; call `relay.notify()` after such a write. */
  relay: OutboxRelay;
}

/** A running service: its HTTP app plus what it starts besides (consumers, bootstrap). */
export interface Service {
  name: ServiceName;
  app: FastifyInstance;
  /** Declares collections, subscribes consumers, runs bootstrap; called before listening. */
  start(): Promise<void>;
  /** Closes consumers; called after the HTTP server stopped taking requests. */
  stop(): Promise<void>;
}

export type ServiceFactory = (ctx: ServiceContext) => Promise<Service>;
