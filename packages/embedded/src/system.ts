import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { clickhouseEngine } from '@limo/engine-clickhouse';
import { elasticsearchEngine } from '@limo/engine-elasticsearch';
import { kafkaEngine } from '@limo/engine-kafka';
import { mongoEngine } from '@limo/engine-mongo';
import { nedbEngine } from '@limo/engine-nedb';
import { redisEngine } from '@limo/engine-redis';
import { smtpEngine } from '@limo/engine-smtp';
import {
  createSharedPorts,
  describeAdapters,
  startMetricsServer,
  startService,
  type Config,
  type EngineAdapters,
  type Logger,
  type ServiceName,
  type SharedPorts,
  type StartedService,
} from '@limo/platform';
import { gatewayEntry, serviceEntries } from './services.js';

export interface EmbeddedSystem {
  gateway: FastifyInstance;
  /** Base URL of the gateway, e.g. http://127.0.0.1:8080. */
  url: string;
  services: Record<ServiceName, StartedService>;
  shared: SharedPorts;
  /** Where the one `/metrics` of every service and the gateway answers (METRICS_HOST:METRICS_PORT, a `service` label on each series). */
  metricsUrl: string;
  /** Clean shutdown: gateway, then each service (in-flight requests finish), then shared ports. */
  close(): Promise<void>;
}

/** Every engine's adapters: the product in one process runs on whichever engines the settings name. */
const adapters: EngineAdapters = {
  ...nedbEngine,
  ...clickhouseEngine,
  ...elasticsearchEngine,
  ...kafkaEngine,
  ...mongoEngine,
  ...redisEngine,
  ...smtpEngine,
};

/**
 * Runs every service and the gateway in this process, each service on its own port (0 = any free
 * port), sharing one bus, cache and mailer; each service keeps its own store. Services read their
 * own settings from `env` (default: process.env).
 */
export async function startEmbedded(config: Config, logger: Logger, env: NodeJS.ProcessEnv = process.env): Promise<EmbeddedSystem> {
  logger.info({ profile: config.PROFILE, adapters: describeAdapters(config, env) }, 'starting LimoDirectory');
  // First: a metrics port already taken stops the start here, before any engine is opened.
  const metrics = await startMetricsServer(config, logger);
  let shared: SharedPorts;
  try {
    shared = await createSharedPorts(config, logger, 'limo-embedded', adapters);
  } catch (err) {
    await metrics.close();
    throw err;
  }
  const services = {} as Record<ServiceName, StartedService>;
  const serviceUrls = { ...config.serviceUrls };
  try {
    for (const name of Object.keys(serviceEntries) as ServiceName[]) {
      // Given the addresses of the services already listening (quotes reconciles against directory).
      const started = await startService(serviceEntries[name], { ...config, serviceUrls: { ...serviceUrls } }, logger, shared, env);
      services[name] = started;
      await started.service.app.listen({ host: '127.0.0.1', port: config.servicePorts[name] });
      serviceUrls[name] = `http://127.0.0.1:${(started.service.app.server.address() as AddressInfo).port}`;
      // Services started later reach this one where it really listens (port 0 = any free port).
      config.serviceUrls[name] = serviceUrls[name];
    }
    // The gateway shares the services' rate limiter (one Redis connection, or one in-process table).
    const edge = await gatewayEntry.build({ config: { ...config, serviceUrls }, logger, env, adapters }, { limiter: shared.limiter });
    const gateway = edge.app;
    await gateway.listen({ host: config.HOST, port: config.PORT });
    const port = (gateway.server.address() as AddressInfo).port;
    const url = `http://127.0.0.1:${port}`;
    // PORT=0 (tests): only now is the gateway's origin known; every service shares this array.
    if (config.PORT === 0) config.allowedOrigins.push(url, `http://localhost:${port}`);
    return {
      gateway,
      url,
      services,
      shared,
      metricsUrl: metrics.url,
      async close() {
        await gateway.close();
        await edge.stop();
        for (const s of Object.values(services)) await s.stop();
        await shared.close();
        await metrics.close();
      },
    };
  } catch (err) {
    for (const s of Object.values(services)) await s.stop().catch(() => undefined);
    await shared.close().catch(() => undefined);
    await metrics.close();
    throw err;
  }
}
