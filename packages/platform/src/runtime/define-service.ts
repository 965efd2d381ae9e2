import type { AnyEventSchema } from '@limo/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DeclaredName, EdgeName, ServiceName } from '../config/config.js';
import type { RoutePlugin } from '../fastify/admin-scope.js';
import type { EventEnvelope, EventHandler } from '../ports/event-bus.port.js';
import type { EngineKind, SwitchChoice } from './engines.js';
import type { RuntimeContext, ServiceContext } from './service.js';

/** What an adapter factory is given: the service's shared ports (the gateway's settings only) and its own settings. */
export interface AdapterScope<Env, Ctx extends RuntimeContext = ServiceContext> {
  ctx: Ctx;
  env: Env;
  service: DeclaredName;
}

/** Builds one adapter of a port. The runtime closes what it built (a `close()` method) when the service stops. */
export type AdapterFactory<T, Env, Ctx extends RuntimeContext = ServiceContext> = (scope: AdapterScope<Env, Ctx>) => T | Promise<T>;

/**
 * A port a service needs beyond the shared ones (store, bus, cache, limiter, mailer): the service
 * offers one adapter per engine of `engine`, and the composition root picks which one runs from
 * configuration (see `chooseEngines`). The service never reads configuration to choose.
 */
export interface Need<T, Env = unknown, Ctx extends RuntimeContext = ServiceContext> {
  /** The kind of engine that decides the adapter (e.g. `search`: Elasticsearch or in-process). */
  readonly engine: EngineKind;
  /** One factory per engine name of that kind; an engine the service does not offer fails at start-up. */
  readonly adapters: Readonly<Partial<Record<string, AdapterFactory<T, Env, Ctx>>>>;
}

/** Declares a need; `T` is the port, `Env` the service's settings its factories read (`Ctx`: the gateway's needs see no service ports). */
export function need<T, Env = unknown, Ctx extends RuntimeContext = ServiceContext>(
  engine: EngineKind,
  adapters: Need<T, Env, Ctx>['adapters'],
): Need<T, Env, Ctx> {
  return { engine, adapters };
}

/** Builds the adapter of one engine for the settings in force. */
export type SwitchedFactory<T, Env, Input> = (scope: AdapterScope<Env>, input: Input) => T;

/**
 * A port whose engine follows settings that change while the service runs (payment keys an admin
 * saves): the service declares its rule (`choose`: which engine serves the settings in force, from
 * its own settings and what it passes in) and one adapter per engine, and gets an
 * {@link AdapterSwitch}, which asks the rule again at each use.
 */
export interface SwitchedNeed<T, Env, Input> {
  /** What the port is, for logs and errors (e.g. `payments`). */
  readonly switched: string;
  /** The engine for the settings in force, or null when none serves them (nothing is built). */
  readonly choose: (env: Env, input: Input) => SwitchChoice | null;
  readonly adapters: Readonly<Partial<Record<string, SwitchedFactory<T, Env, Input>>>>;
}

/** Declares a switched need; `Input` is what the service passes in (what its rule and factories read). */
export function needSwitch<T, Env, Input>(
  kind: string,
  spec: Pick<SwitchedNeed<T, Env, Input>, 'choose' | 'adapters'>,
): SwitchedNeed<T, Env, Input> {
  return { switched: kind, ...spec };
}

/** What a switched need resolves to. */
export interface AdapterSwitch<T, Input> {
  /** The engine the rule picks for `input`, or null when none serves it (nothing is built). */
  engineFor(input: Input): string | null;
  /** The adapter for `input`: built once per engine and key (a new Stripe key, a new adapter), or null when no engine serves it. */
  adapterFor(input: Input): T | null;
  /** Closes the adapters in force (the runtime calls it when the service stops). */
  close(): Promise<void>;
}

/** The ports a service's needs resolve to. */
export type PortsOf<N> = {
  [K in keyof N]: N[K] extends SwitchedNeed<infer T, infer _Env, infer Input>
    ? AdapterSwitch<T, Input>
    : N[K] extends Need<infer T, infer _Env, infer _Ctx>
      ? T
      : never;
};

/**
 * An event consumer, declared as data: the runtime subscribes it to the topics of the events it
 * `consumes` when the service starts (in the order declared), parses each event with its schema
 * (one that does not parse is dead-lettered at once), wraps it with the handled-id dedupe when
 * `idempotent`, and closes it when the service stops, before the service's own `stop`. Declare one
 * with {@link consumer}, which checks the handler takes what the schemas parse to.
 */
export interface ConsumerSpec {
  /** Consumer group, in full (`<service>.<purpose>`); the bus adds the deployment's namespace. */
  group: string;
  /** The schemas (from `@limo/contracts`) of the events consumed; their types are the topics read. */
  consumes: readonly AnyEventSchema[];
  /** Given the event as its schema parsed it. */
  handler(event: EventEnvelope): Promise<void>;
  /** Skips events the group already handled (a record per event id in the service's `handled_events`). */
  idempotent?: true;
  /** Reads from the earliest retained event when the group is new (default true). */
  fromBeginning?: boolean;
  /** Events of one partition handled at once (default 1); see `SubscribeOptions.concurrency`. */
  concurrency?: number;
}

/** A consumer of the events of `S`, its handler typed by what they parse to. */
export type TypedConsumerSpec<S extends readonly AnyEventSchema[]> = Omit<ConsumerSpec, 'consumes' | 'handler'> & {
  consumes: S;
  handler: EventHandler<z.output<S[number]>>;
};

/**
 * Declares a consumer: `consumer({ group: 'directory.claims', consumes: [claimApprovedV1], handler })`,
 * where `handler` takes a `ClaimApprovedV1` (a union when several events are consumed).
 */
export function consumer<const S extends readonly AnyEventSchema[]>(spec: TypedConsumerSpec<S>): ConsumerSpec {
  return spec;
}

/** What a service's `init` returns: its parts, which the runtime assembles and runs. */
export interface ServiceParts<Deps> {
  /** Handed to every route plugin; tests reach the service's internals through it. */
  deps: Deps;
  /** Registered in order on the service's app (see `createServiceApp`). */
  routes: RoutePlugin<Deps>[];
  consumers?: ConsumerSpec[];
  /** Called with the app once its routes are registered (decorations, in-process webhooks). */
  onApp?(app: FastifyInstance): void | Promise<void>;
  /** What the service adds to its `/healthz` answer (counts an operator watches, e.g. dead letters). */
  health?(): Record<string, unknown>;
  /** Start-up work that must precede the consumers (bootstrap, releasing a dead process's leases). */
  prepare?(): Promise<void>;
  /** Start-up work once the consumers are subscribed; the app listens after it. */
  start?(): Promise<void>;
  /** Stops the service's own background work; runs after the HTTP server and the consumers stopped. */
  stop?(): Promise<void>;
}

/** What `init` is given. */
export interface InitScope<Env, Ports, Options, Ctx extends RuntimeContext = ServiceContext> {
  ctx: Ctx;
  /** The service's own settings, parsed from its `env` schema. */
  env: Env;
  /** One adapter per need, chosen by the composition root or handed in by the caller. */
  ports: Ports;
  /** Needs the caller handed in (tests, benchmarks): the caller fills and closes them. */
  handedIn: ReadonlySet<string>;
  /** Tuning that tests change; production passes none. */
  options: Partial<Options>;
}

/**
 * One service, declared: its name, its own settings (a zod schema over environment variables), the
 * ports it needs, and `init`, which builds its repositories and returns its routes, consumers and
 * lifecycle hooks. The runtime (`buildService`, `startService`) does the rest the same way for every
 * service: the app, the subscriptions, idempotency, relay, stop order.
 */
export interface ServiceDefinition<Schema extends z.ZodType, Needs, Deps, Options> {
  name: ServiceName;
  /** One line for the OpenAPI document. */
  description: string;
  env: Schema;
  needs: Needs;
  /**
   * The schemas of the events the service publishes (through its outbox); with its consumers'
   * `consumes`, the event catalog (packages/embedded/test/event-catalog.int.test.ts) checks every
   * event produced is consumed and every event consumed is produced.
   */
  produces: readonly AnyEventSchema[];
  init(scope: InitScope<z.output<Schema>, PortsOf<Needs>, Options>): Promise<ServiceParts<Deps>>;
}

/** What the gateway's `init` returns: its own app (proxy, pages, docs), which the runtime listens with. */
export interface EdgeParts {
  app: FastifyInstance;
}

/**
 * The gateway, declared as a service is: its name, its own settings, the ports it needs and `init`.
 * It has no database and takes no events, so it is given the settings and a logger only (its ports
 * come through its needs), and its `init` builds its own app; the runtime (`buildEdge`,
 * `runStandalone`) validates its settings with the others', builds its adapters and closes them.
 */
export interface EdgeDefinition<Schema extends z.ZodType, Needs, Options> {
  name: EdgeName;
  /** One line for the start-up log. */
  description: string;
  env: Schema;
  needs: Needs;
  init(scope: InitScope<z.output<Schema>, PortsOf<Needs>, Options, RuntimeContext>): Promise<EdgeParts>;
}

/** A definition of any service or of the gateway, as the composition root holds them. */
export interface AnyServiceDefinition {
  name: DeclaredName;
  env: z.ZodType;
}

/** A need a service may declare: a port chosen at start-up, or one that follows the settings in force. */
export type AnyNeed<Env> = Need<unknown, Env> | SwitchedNeed<unknown, Env, never>;

function declare<Schema extends z.ZodType, Needs extends Record<string, AnyNeed<z.output<Schema>>>, Deps, Options = object>(
  definition: ServiceDefinition<Schema, Needs, Deps, Options>,
): ServiceDefinition<Schema, Needs, Deps, Options> {
  return definition;
}

function declareEdge<
  Schema extends z.ZodType,
  Needs extends Record<string, Need<unknown, z.output<Schema>, RuntimeContext>>,
  Options = object,
>(definition: EdgeDefinition<Schema, Needs, Options>): EdgeDefinition<Schema, Needs, Options> {
  return definition;
}

/**
 * Declares a service (it only gives the declaration its types). `defineService.withOptions<O>()(…)`
 * declares one whose `init` takes tuning that tests change (`O`, all optional); `defineService.edge(…)`
 * declares the gateway.
 */
export const defineService = Object.assign(declare, {
  edge: declareEdge,
  withOptions:
    <Options>() =>
    <Schema extends z.ZodType, Needs extends Record<string, AnyNeed<z.output<Schema>>>, Deps>(
      definition: ServiceDefinition<Schema, Needs, Deps, Options>,
    ): ServiceDefinition<Schema, Needs, Deps, Options> =>
      definition,
});
