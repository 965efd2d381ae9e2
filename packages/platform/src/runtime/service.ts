import type { FastifyInstance } from 'fastify';
import type { Config, EdgeName, ServiceName } from '../config/config.js';
import type { Logger } from '../logger.js';
import type { Cache, RateLimiter } from '../ports/cache.port.js';
import type { DocumentStore } from '../ports/document-store.port.js';
import type { EventBus } from '../ports/event-bus.port.js';
import type { Mailer } from '../ports/mail.port.js';
import type { EngineAdapters } from './engine-adapters.js';

/** What every declared process is given, the gateway included: the settings and a logger. */
export interface RuntimeContext {
  config: Config;
  logger: Logger;
  /** The environment the process's own settings (its `env` schema) are read from. */
  env: NodeJS.ProcessEnv;
  /** The engine adapters the composition root passed (a need's engine adapter comes from here). */
  adapters: EngineAdapters;
}

/**
 * The shared infrastructure one service is given; business code sees ports only. Writes that owe
 * events need nothing more: the store tells the service's outbox relay, which publishes them.
 */
export interface ServiceContext extends RuntimeContext {
  /** The service's own database. */
  store: DocumentStore;
  bus: EventBus;
  cache: Cache;
  limiter: RateLimiter;
  mailer: Mailer;
}

/** A running service: its HTTP app plus what it starts besides (consumers, bootstrap). */
export interface Service {
  name: ServiceName;
  app: FastifyInstance;
  /** Runs the service's preparation, subscribes its consumers, runs its start-up; called before listening. */
  start(): Promise<void>;
  /** Closes consumers, stops background work, closes the adapters built for it; called after the HTTP server stopped. */
  stop(): Promise<void>;
}

/** The running gateway: its app, and what closes with it (the adapters built for it). */
export interface Edge {
  name: EdgeName;
  app: FastifyInstance;
  /** Closes the adapters built for it; called after its HTTP server stopped. */
  stop(): Promise<void>;
}
