import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ConfigError, loadConfig, parseEnv, type Config, type DeclaredName, type EdgeName, type ServiceName } from '../config/config.js';
import { topicOf, type AnyEventSchema } from '@limo/contracts';
import { HANDLED_EVENTS_INDEXES, idempotent, keepHandledEventsPruned, type HandledEvent } from '../events/idempotent.js';
import { parsedHandler } from '../events/parsed.js';
import { startTracing, tracedHandler } from '../tracing/tracing.js';
import { createServiceApp } from '../fastify/service-app.js';
import { createLogger, type Logger } from '../logger.js';
import { startMetricsServer } from '../metrics/metrics-server.js';
import { outboxBacklog, outboxOldestAge } from '../metrics/metrics.js';
import { OutboxRelay } from '../outbox/outbox-relay.js';
import type { DocumentStore } from '../ports/document-store.port.js';
import type { Subscription } from '../ports/event-bus.port.js';
import type {
  AdapterScope,
  AdapterSwitch,
  AnyServiceDefinition,
  EdgeDefinition,
  Need,
  PortsOf,
  ConsumerSpec,
  ServiceDefinition,
  SwitchedNeed,
} from './define-service.js';
import { chooseEngines, describeAdapters, withSettingDefaults, type Engines } from './engines.js';
import { engineChecks, observedHandler } from './observe.js';
import { createServiceStore, createSharedPorts, type SharedPorts } from './ports.js';
import type { EngineAdapters } from './engine-adapters.js';
import type { Edge, RuntimeContext, Service, ServiceContext } from './service.js';

/** What a caller may hand a service instead of what configuration picks (tests, benchmarks). */
export interface BuildOptions<Ports, Options> {
  /** Where the service's own settings are read (default: `ctx.env`). */
  env?: NodeJS.ProcessEnv;
  /** Ports used instead of the adapters configuration picks; the caller fills and closes them. */
  ports?: Partial<Ports>;
  /** Tuning that tests change. */
  options?: Partial<Options>;
}

/** A built service: its app, lifecycle and the dependencies its routes got. */
export interface BuiltService<Deps> extends Service {
  deps: Deps;
  /** The consumers its `init` declared (the event catalog lists them). */
  consumers: readonly ConsumerSpec[];
}

const closable = (port: unknown): port is { close(): Promise<void> } =>
  typeof port === 'object' && port !== null && typeof (port as { close?: unknown }).close === 'function';

/** A service's or the gateway's needs, resolved: one port each, and how to close the ones built here. */
interface ResolvedNeeds {
  ports: Record<string, unknown>;
  handedIn: Set<string>;
  closeBuilt: () => Promise<void>;
}

/**
 * Builds the adapter configuration picks for each need (`chooseEngines`), or takes the one handed
 * in. On a failure the adapters already built are closed before the error is thrown.
 */
async function resolveNeeds(
  name: DeclaredName,
  needs: Record<string, Need<unknown, unknown, RuntimeContext> | SwitchedNeed<unknown, unknown, unknown>>,
  scope: { ctx: RuntimeContext; env: unknown; engines: Engines },
  given: Record<string, unknown>,
  shared: unknown[],
): Promise<ResolvedNeeds> {
  const { ctx, env, engines } = scope;
  const built: Array<{ close(): Promise<void> }> = [];
  const ports: Record<string, unknown> = {};
  const handedIn = new Set<string>();
  const closeBuilt = async () => {
    for (const port of built.splice(0).reverse()) await port.close();
  };
  try {
    for (const [key, spec] of Object.entries(needs)) {
      if (given[key] !== undefined) {
        ports[key] = given[key];
        handedIn.add(key);
        continue;
      }
      if ('switched' in spec) {
        const port = adapterSwitch(name, key, spec, { ctx: ctx as ServiceContext, env, service: name });
        ports[key] = port;
        built.push(port);
        continue;
      }
      const engine = engines[spec.engine];
      const factory = spec.adapters[engine];
      if (!factory) throw new ConfigError([`  ${name} has no adapter for ${spec.engine}=${engine} (its need "${key}")`]);
      const port = await factory({ ctx, env, service: name });
      ports[key] = port;
      if (closable(port) && !shared.includes(port)) built.push(port);
    }
  } catch (err) {
    await closeBuilt().catch(() => undefined);
    throw err;
  }
  return { ports, handedIn, closeBuilt };
}

/**
 * The switch of a switched need: the service's rule picks the engine for the settings in force; the
 * service's factory for that engine builds its adapter, kept while the rule's key for it stays the
 * same (the simulator for the whole process, a Stripe adapter per set of keys).
 */
function adapterSwitch(
  name: DeclaredName,
  key: string,
  spec: SwitchedNeed<unknown, unknown, unknown>,
  scope: AdapterScope<unknown>,
): AdapterSwitch<unknown, unknown> & { close(): Promise<void> } {
  const inForce = new Map<string, { key: string; adapter: unknown }>();
  return {
    engineFor: (input) => spec.choose(scope.env, input)?.engine ?? null,
    adapterFor(input) {
      const choice = spec.choose(scope.env, input);
      if (!choice) return null;
      const current = inForce.get(choice.engine);
      if (current?.key === choice.key) return current.adapter;
      const factory = spec.adapters[choice.engine];
      if (!factory) throw new ConfigError([`  ${name} has no adapter for ${spec.switched}=${choice.engine} (its need "${key}")`]);
      const adapter = factory(scope, input);
      inForce.set(choice.engine, { key: choice.key, adapter });
      return adapter;
    },
    async close() {
      for (const { adapter } of inForce.values()) if (closable(adapter)) await adapter.close();
      inForce.clear();
    },
  };
}

/**
 * Builds one declared service on its context: parses its settings, builds the adapter configuration
 * picks for each need (or takes the one handed in), runs its `init`, and assembles the app. The
 * returned `start()` runs `prepare`, subscribes the declared consumers (each event parsed with its
 * schema; handled-id dedupe where `idempotent`, the records pruned past HANDLED_EVENTS_RETENTION_DAYS),
 * then `start`; `stop()` closes the consumers, runs `stop`, and closes the adapters
 * built here (never the shared ports, never a handed-in one).
 */
export async function buildService<Schema extends z.ZodType, Needs, Deps, Options>(
  definition: ServiceDefinition<Schema, Needs, Deps, Options>,
  ctx: ServiceContext,
  build: BuildOptions<PortsOf<Needs>, Options> = {},
): Promise<BuiltService<Deps>> {
  const { name } = definition;
  const source = withSettingDefaults(ctx.config, build.env ?? ctx.env);
  const env = parseEnv(definition.env, source);
  const shared: unknown[] = [ctx.store, ctx.bus, ctx.cache, ctx.limiter, ctx.mailer];
  const needs = definition.needs as Record<string, Need<unknown, unknown, RuntimeContext>>;
  const engines = chooseEngines(ctx.config, source);
  const { ports, handedIn, closeBuilt } = await resolveNeeds(name, needs, { ctx, env, engines }, build.ports ?? {}, shared);
  try {
    const parts = await definition.init({
      ctx,
      env,
      ports: ports as PortsOf<Needs>,
      handedIn,
      options: build.options ?? {},
    });
    const app = await createServiceApp({
      name,
      config: ctx.config,
      logger: ctx.logger,
      cache: ctx.cache,
      description: definition.description,
      health: parts.health?.bind(parts),
      readiness: engineChecks(ctx, engines, needs, ports),
    });
    // Each route plugin in its own encapsulated scope, as `app.register(routes, deps)` gives it.
    for (const routes of parts.routes) await app.register(async (scope) => routes(scope, parts.deps));
    await parts.onApp?.(app);
    const consumers = parts.consumers ?? [];
    const handled = consumers.some((c) => c.idempotent)
      ? await ctx.store.collection<HandledEvent>('handled_events', HANDLED_EVENTS_INDEXES)
      : undefined;
    const subscriptions: Subscription[] = [];
    let stopPruning: (() => Promise<void>) | undefined;
    return {
      name,
      app,
      deps: parts.deps,
      consumers,
      async start() {
        await parts.prepare?.();
        if (handled) {
          const retentionMs = ctx.config.HANDLED_EVENTS_RETENTION_DAYS * 24 * 60 * 60 * 1000;
          stopPruning = keepHandledEventsPruned(handled, retentionMs, ctx.logger.child({ service: name, part: 'handled-events' }));
        }
        // The groups join at once: each join waits for its group's rebalance (after a kill -9, for the
        // dead member's session to end) and its first fetch, which one after the other added up.
        const joined = await Promise.allSettled(
          consumers.map((spec) => {
            const { idempotent: dedupe, consumes, group, fromBeginning, concurrency } = spec;
            const parsed = parsedHandler(consumes, (event) => spec.handler(event));
            const handler = tracedHandler(
              group,
              observedHandler(name, group, dedupe && handled ? idempotent(handled, group, parsed) : parsed),
            );
            const topics = consumes.map(topicOf);
            return ctx.bus.subscribe({ group, topics, handler, fromBeginning, concurrency });
          }),
        );
        for (const result of joined) if (result.status === 'fulfilled') subscriptions.push(result.value);
        const refused = joined.find((result) => result.status === 'rejected');
        if (refused) {
          await Promise.all(subscriptions.splice(0).map((s) => s.close()));
          await stopPruning?.();
          throw refused.reason;
        }
        await parts.start?.();
      },
      async stop() {
        await Promise.all(subscriptions.splice(0).map((s) => s.close()));
        await stopPruning?.();
        await parts.stop?.();
        await closeBuilt();
      },
    };
  } catch (err) {
    await closeBuilt().catch(() => undefined);
    throw err;
  }
}

/**
 * Builds the gateway on its context: parses its settings, builds the adapter configuration picks for
 * each need (or takes the one handed in: the embedded root hands it the limiter its services share),
 * and runs its `init`. The returned `stop()` closes the adapters built here, after the app closed.
 */
export async function buildEdge<Schema extends z.ZodType, Needs, Options>(
  definition: EdgeDefinition<Schema, Needs, Options>,
  ctx: RuntimeContext,
  build: BuildOptions<PortsOf<Needs>, Options> = {},
): Promise<Edge> {
  const source = withSettingDefaults(ctx.config, build.env ?? ctx.env);
  const env = parseEnv(definition.env, source);
  const needs = definition.needs as Record<string, Need<unknown, unknown, RuntimeContext>>;
  const engines = chooseEngines(ctx.config, source);
  const { ports, handedIn, closeBuilt } = await resolveNeeds(definition.name, needs, { ctx, env, engines }, build.ports ?? {}, []);
  try {
    const { app } = await definition.init({ ctx, env, ports: ports as PortsOf<Needs>, handedIn, options: build.options ?? {} });
    return { name: definition.name, app, stop: closeBuilt };
  } catch (err) {
    await closeBuilt().catch(() => undefined);
    throw err;
  }
}

/** A service wired to its ports, ready to listen. */
export interface StartedService {
  service: Service;
  store: DocumentStore;
  relay: OutboxRelay;
  /** Stops taking requests, lets in-flight ones finish, closes consumers, flushes the outbox. */
  stop(): Promise<void>;
}

/** How a root starts one declared service: the definition, and how to build it on a context. */
export interface ServiceEntry {
  definition: AnyServiceDefinition & { name: ServiceName; produces: readonly AnyEventSchema[] };
  /** Builds the service on its context (`buildService(definition, ctx)`); its consumers are what its `init` declared. */
  build(ctx: ServiceContext): Promise<Service & { consumers: readonly ConsumerSpec[] }>;
}

/** The entry of a service with nothing handed in: what the embedded root and `main.ts` run. */
export function serviceEntry<Schema extends z.ZodType, Needs, Deps, Options>(
  definition: ServiceDefinition<Schema, Needs, Deps, Options>,
): ServiceEntry {
  return { definition, build: (ctx) => buildService(definition, ctx) };
}

/** How a root starts the gateway: its definition, and how to build it (with ports handed in, if any). */
export interface EdgeEntry {
  definition: AnyServiceDefinition & { name: EdgeName };
  /** Builds the gateway on its context (`buildEdge(definition, ctx, { ports })`). */
  build(ctx: RuntimeContext, ports?: Record<string, unknown>): Promise<Edge>;
}

/** The gateway's entry: what the embedded root (handing in its shared limiter) and the gateway's `main.ts` run. */
export function edgeEntry<Schema extends z.ZodType, Needs, Options>(definition: EdgeDefinition<Schema, Needs, Options>): EdgeEntry {
  return { definition, build: (ctx, ports) => buildEdge(definition, ctx, { ports: ports as Partial<PortsOf<Needs>> }) };
}

/**
 * Starts one service on the given shared ports: opens its own store and outbox relay (which the
 * store signals after every write that owes events), builds it and runs its start-up.
 */
export async function startService(
  entry: ServiceEntry,
  config: Config,
  logger: Logger,
  shared: SharedPorts,
  env: NodeJS.ProcessEnv = process.env,
): Promise<StartedService> {
  const name: ServiceName = entry.definition.name;
  const store = await createServiceStore(config, name, logger, shared.adapters);
  const relay = new OutboxRelay({ store, bus: shared.bus, logger: logger.child({ service: name, part: 'outbox' }), service: name });
  let service: Service;
  try {
    service = await entry.build({ config, logger, store, env, ...shared });
    await service.start();
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err;
  }
  relay.start();
  const unsample = [
    outboxBacklog.add({ service: name }, async () => (await relay.backlog()).documents),
    outboxOldestAge.add({ service: name }, async () => (await relay.backlog()).oldestAgeSeconds),
  ];
  return {
    service,
    store,
    relay,
    async stop() {
      unsample.forEach((remove) => remove());
      await service.app.close();
      await service.stop();
      await relay.flush().catch((err: unknown) => logger.warn({ err, service: name }, 'outbox kept for next start'));
      await relay.stop();
      await store.close();
    },
  };
}

/**
 * Reads the shared settings and every given service's own, and throws one ConfigError naming every
 * bad variable of all of them (not the first service's only).
 */
export function loadSettings(definitions: AnyServiceDefinition[], env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  let config: Config | undefined;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    problems.push(...err.problems);
  }
  for (const definition of definitions) {
    try {
      parseEnv(definition.env, config ? withSettingDefaults(config, env) : env);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      problems.push(...err.problems.map((line) => `${line} (${definition.name})`));
    }
  }
  if (problems.length > 0 || !config) throw new ConfigError(problems);
  return config;
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
      (err: unknown) => {
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
 * `main.ts` of a service (or of the gateway) in the distributed profile: its own process, settings
 * from the environment (every bad variable reported at once), engines from their URLs (their
 * adapters from the engine packages `main.ts` passes), clean
 * shutdown on SIGTERM. The gateway gets no database, bus or mailer: only the adapters of its needs.
 */
export async function runStandalone(entry: ServiceEntry | EdgeEntry, adapters: EngineAdapters): Promise<void> {
  const { name } = entry.definition;
  let config: Config;
  try {
    config = loadSettings([entry.definition]);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const logger = createLogger(config.LOG_LEVEL, name);
  const stopTracing = startTracing({ serviceName: name, endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  try {
    // First: a metrics port already taken stops the start here, before any engine is opened.
    const metrics = await startMetricsServer(config, logger);
    if (isEdge(entry)) {
      logger.info(`starting ${name}`);
      const edge = await entry.build({ config, logger, env: process.env, adapters });
      await listen(edge.app, config.HOST, config.PORT);
      onShutdown(logger, async () => {
        await edge.app.close();
        await edge.stop();
        await metrics.close();
        await stopTracing();
      });
      return;
    }
    logger.info({ adapters: describeAdapters(config, process.env) }, `starting ${name}`);
    const shared = await createSharedPorts(config, logger, `limo-${name}`, adapters);
    const started = await startService(entry, config, logger, shared);
    await listen(started.service.app, config.HOST, config.servicePorts[entry.definition.name]);
    onShutdown(logger, async () => {
      await started.stop();
      await shared.close();
      await metrics.close();
      await stopTracing();
    });
  } catch (err) {
    logger.fatal({ err }, `${name} failed to start: ${(err as Error).message}`);
    console.error(`${name} failed to start: ${(err as Error).message}`);
    process.exit(1);
  }
}

const isEdge = (entry: ServiceEntry | EdgeEntry): entry is EdgeEntry => entry.definition.name === 'gateway';
