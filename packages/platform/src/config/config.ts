import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { checkServerTimeouts, serverTimeoutsEnv } from './server-timeouts.js';
import { overloadEnv } from './overload.js';

// 0 means "any free port" (tests, several embedded instances on one machine).
const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });
/** An optional yes/no variable (`true`/`false`, `1`/`0`, `yes`/`no`); undefined when unset. */
export const booleanEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .optional()
  .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v)));
const bool = booleanEnv;

/** Splits a comma-separated list of URLs. */
export const splitUrlList = (value: string): string[] =>
  value
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);

/** One service URL, or several instances of the service comma-separated (`http://a:4002,http://b:4002`). */
const serviceUrlList = z
  .string()
  .optional()
  .refine(
    (v) => v === undefined || (splitUrlList(v).length > 0 && splitUrlList(v).every((url) => URL.canParse(url) && /^https?:/.test(url))),
    {
      message: 'must be an http(s) URL, or several comma-separated',
    },
  );

/**
 * The settings every service shares (profile, addresses, engines, logging, shared secrets), from
 * environment variables; each service declares its own in its `env` schema.
 */
const envSchema = z
  .object({
    PROFILE: z.enum(['embedded', 'distributed']).default('embedded'),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: port.default(8080),
    /**
     * Where `/metrics` (Prometheus) is served: a port of its own, never the public one, on loopback
     * unless said otherwise (a container sets 0.0.0.0 and publishes nothing). 0: any free port.
     */
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    METRICS_PORT: port.default(9464),
    DATA_DIR: z.string().min(1).default('./data'),
    PUBLIC_URL: z.string().url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** HS256 key shared by every service to sign and verify sessions; at least 32 characters. */
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * Shared by the gateway and the services: the gateway sends it on every proxied request (so a
     * service believes its X-Forwarded-For) and services send it to each other's `/internal` routes.
     * Derived from JWT_SECRET when unset.
     */
    INTERNAL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    COOKIE_SECURE: bool,
    ALLOWED_ORIGINS: z.string().optional(),
    KAFKA_BROKERS: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || v.split(',').every((b) => /^[\w.-]+:\d+$/.test(b.trim())), {
        message: 'must be a comma-separated list of host:port',
      }),
    /** Prefix of every Kafka topic and consumer group, so deployments sharing a cluster stay apart. */
    KAFKA_NAMESPACE: z
      .string()
      .regex(/^[A-Za-z0-9._-]{0,100}$/, 'may hold only letters, digits, ".", "_" and "-"')
      .default(''),
    /**
     * This process's stable name in its consumer groups (Kafka's static membership): one that restarts
     * under the same name (a supervisor's restart, a StatefulSet's pod) takes its partitions back at
     * once instead of waiting for its dead self's session to end. Unique per process; unset: dynamic.
     */
    KAFKA_INSTANCE_ID: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,200}$/, 'may hold only letters, digits, ".", "_" and "-" (1 to 200)')
      .optional(),
    MONGODB_URI: optionalUrl(['mongodb', 'mongodb+srv']),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    /** Prefix of every Redis key (cache, rate limits): lets several deployments or test runs share one Redis. */
    REDIS_KEY_PREFIX: z.string().min(1).max(64).default('limo:'),
    ELASTICSEARCH_URL: optionalUrl(['http', 'https']),
    /** OTLP/HTTP collector for traces (`/v1/traces` is added); tracing is off when unset. */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(['http', 'https']),
    /**
     * Days an idempotent consumer remembers an event it handled (`handled_events`): longer than any
     * redelivery (Kafka keeps events 7 days by default; the outbox republishes minutes, not days).
     */
    HANDLED_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
    MAIL_FROM: z.string().min(3).default('LimoDirectory <no-reply@limodirectory.local>'),
    IDENTITY_PORT: port.default(4001),
    DIRECTORY_PORT: port.default(4002),
    QUOTES_PORT: port.default(4003),
    BILLING_PORT: port.default(4004),
    ANALYTICS_PORT: port.default(4005),
    IDENTITY_URL: serviceUrlList,
    DIRECTORY_URL: serviceUrlList,
    QUOTES_URL: serviceUrlList,
    BILLING_URL: serviceUrlList,
    ANALYTICS_URL: serviceUrlList,
    ...serverTimeoutsEnv,
    ...overloadEnv,
  })
  .superRefine(checkServerTimeouts)
  .superRefine((env, ctx) => {
    if (env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must not be the public PORT: metrics are not public' });
    }
  });
export type Env = z.infer<typeof envSchema>;

export const serviceNames = ['identity', 'directory', 'quotes', 'billing', 'analytics'] as const;
export type ServiceName = (typeof serviceNames)[number];
/** The edge process in front of the services: declared and run like one, with no database and no events. */
export type EdgeName = 'gateway';
/** Every declared process: the services and the gateway. */
export type DeclaredName = ServiceName | EdgeName;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'INTERNAL_SECRET' | 'PUBLIC_URL' | 'COOKIE_SECURE'> {
  JWT_SECRET: string;
  /** See INTERNAL_SECRET. */
  INTERNAL_SECRET: string;
  PUBLIC_URL: string;
  COOKIE_SECURE: boolean;
  /**
   * Origins (scheme://host:port) allowed to send state-changing requests. With PORT=0 the embedded
   * profile adds the gateway's real port once it listens (the array is shared by every service).
   */
  allowedOrigins: string[];
  /** Base URL of each service (the first of its `<NAME>_URL` list), for health checks and service-to-service calls. */
  serviceUrls: Record<ServiceName, string>;
  /** Every instance of each service (`<NAME>_URL` may list several, comma-separated): the gateway balances over them. */
  serviceUpstreams: Record<ServiceName, string[]>;
  servicePorts: Record<ServiceName, number>;
}

/** Raised for a bad setting; the message names the variable and what is wrong. */
export class ConfigError extends Error {
  constructor(
    /** One line per problem, `  NAME="value": what is wrong`. */
    readonly problems: string[],
  ) {
    super(`Invalid configuration:\n${problems.join('\n')}`);
  }
}

// Values of these are never echoed in a message, even when wrong.
const SECRET_NAME = /(SECRET|PASSWORD|_KEY)$/;
const SHOWN_SECRETS = new Set(['JWT_SECRET', 'INTERNAL_SECRET']);

/**
 * Parses `env` with a zod schema of environment variables; throws ConfigError with one line per bad
 * variable (all of them, not the first). Values of secret-looking names (`…_KEY`, `…_SECRET`,
 * `…PASSWORD`) of services are masked; the platform's own secrets are shown, as they always were.
 */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((i) => {
      const name = i.path.join('.') || '(env)';
      const value = env[String(i.path[0])] ?? '';
      const shown = SECRET_NAME.test(name) && !SHOWN_SECRETS.has(name) && value ? '***' : value;
      return `  ${name}=${JSON.stringify(shown)}: ${i.message}`;
    }),
  );
}

/**
 * Reads and validates the environment. Throws ConfigError listing every bad variable.
 * In the embedded profile a missing JWT_SECRET is generated once and kept in DATA_DIR.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(envSchema, env);
  const dataDir = resolve(e.DATA_DIR);
  if (e.PROFILE === 'distributed') {
    const missing = (['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS_URL', 'JWT_SECRET'] as const).filter((k) => !e[k]);
    if (missing.length) {
      throw new ConfigError([`  PROFILE=distributed needs ${missing.join(', ')} (run infra/local/all.sh up and eval its env output)`]);
    }
  }
  const urlHost = e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST;
  const publicUrl = (e.PUBLIC_URL ?? `http://${urlHost}:${e.PORT}`).replace(/\/$/, '');
  const servicePorts: Record<ServiceName, number> = {
    identity: e.IDENTITY_PORT,
    directory: e.DIRECTORY_PORT,
    quotes: e.QUOTES_PORT,
    billing: e.BILLING_PORT,
    analytics: e.ANALYTICS_PORT,
  };
  const upstreamsOf = (name: ServiceName): string[] => {
    const key = `${name.toUpperCase()}_URL` as 'IDENTITY_URL';
    return splitUrlList(e[key] ?? `http://127.0.0.1:${servicePorts[name]}`).map((url) => url.replace(/\/$/, ''));
  };
  const allowedOrigins = new Set([new URL(publicUrl).origin, `http://127.0.0.1:${e.PORT}`, `http://localhost:${e.PORT}`]);
  for (const o of (e.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    try {
      allowedOrigins.add(new URL(o).origin);
    } catch {
      throw new ConfigError([`  ALLOWED_ORIGINS: "${o}" is not an origin such as https://limo.example`]);
    }
  }
  const jwtSecret = e.JWT_SECRET ?? embeddedSecret(dataDir);
  return {
    ...e,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    JWT_SECRET: jwtSecret,
    // A key of its own, so a leaked internal header never signs sessions.
    INTERNAL_SECRET: e.INTERNAL_SECRET ?? createHmac('sha256', jwtSecret).update('limo-internal-v1').digest('base64url'),
    COOKIE_SECURE: e.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
    allowedOrigins: [...allowedOrigins],
    servicePorts,
    serviceUrls: Object.fromEntries(serviceNames.map((n) => [n, upstreamsOf(n)[0]])) as Record<ServiceName, string>,
    serviceUpstreams: Object.fromEntries(serviceNames.map((n) => [n, upstreamsOf(n)])) as Record<ServiceName, string[]>,
  };
}

function embeddedSecret(dataDir: string): string {
  const file = join(dataDir, '.jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
