import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config, type ServiceName } from '../config/config.js';
import { createLogger, type Logger } from '../logger.js';
import { OutboxRelay } from '../outbox/outbox-relay.js';
import type { DocumentStore } from '../ports/document-store.port.js';
import { createServiceStore, createSharedPorts, describeAdapters, type SharedPorts } from './ports.js';
import type { Service, ServiceFactory } from './service.js';

/** A service wired to its ports, ready to listen. */
export interface StartedService {
  service: Service;
  store: DocumentStore;
  relay: OutboxRelay;
  /** Stops taking requests, lets in-flight ones finish, closes consumers, flushes the outbox. */
  stop(): Promise<void>;
}

/** Builds and starts one service on the given shared ports (its own store is opened here). */
export async function startService(
  name: ServiceName,
  factory: ServiceFactory,
  config: Config,
  logger: Logger,
  shared: SharedPorts,
): Promise<StartedService> {
  const store = await createServiceStore(config, name, logger);
  const relay = new OutboxRelay({ store, bus: shared.bus, logger: logger.child({ service: name, part: 'outbox' }) });
  const service = await factory({ config, logger, store, relay, ...shared });
  await service.start();
  relay.start();
  return {
    service,
    store,
    relay,
    async stop() {
      await service.app.close();
      await service.stop();
      await relay.flush().catch((err) => logger.warn({ err, service: name }, 'outbox kept for next start'));
      await relay.stop();
      await store.close();
    },
  };
}

/** Closes everything once on SIGTERM/SIGINT, then exits. */
export function onShutdown(logger: Logger, close: () => Promise<void>): void {
  let closing = false;
  const handler = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took more than 15 s, exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    close().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => handler('SIGTERM'));
  process.once('SIGINT', () => handler('SIGINT'));
}

/** Listens and logs where. */
export async function listen(app: FastifyInstance, host: string, port: number): Promise<void> {
  await app.listen({ host, port });
}

/**
 * `main.ts` of a service in the distributed profile: its own process, config from env, engines
 * from their URLs, clean shutdown on SIGTERM.
 */
export async function runStandalone(name: ServiceName, factory: ServiceFactory): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const logger = createLogger(config.LOG_LEVEL, name);
  try {
    logger.info({ adapters: describeAdapters(config) }, `starting ${name}`);
    const shared = await createSharedPorts(config, logger, `limo-${name}`);
    const started = await startService(name, factory, config, logger, shared);
    await listen(started.service.app, config.HOST, config.servicePorts[name]);
    onShutdown(logger, async () => {
      await started.stop();
      await shared.close();
    });
  } catch (err) {
    logger.fatal({ err }, `${name} failed to start: ${(err as Error).message}`);
    console.error(`${name} failed to start: ${(err as Error).message}`);
    process.exit(1);
  }
}
