import { join } from 'node:path';
import type { Config } from '../config/config.js';
import { redactUrl } from '../adapters/redact-url.js';

/** The engines each kind of port can run on: the first is the in-process one (embedded profile). */
export const engineNames = {
  bus: ['in-process', 'kafka'],
  store: ['nedb', 'mongodb'],
  cache: ['in-process', 'redis'],
  mail: ['files', 'smtp'],
  search: ['in-process', 'elasticsearch'],
  blobs: ['disk', 'gridfs'],
  analytics: ['chdb', 'clickhouse'],
} as const;

/** A kind of port whose engine configuration picks. */
export type EngineKind = keyof typeof engineNames;

/** The engine picked for each kind of port. */
export type Engines = { [K in EngineKind]: (typeof engineNames)[K][number] };

/**
 * The one place adapters are chosen: an engine whose URL is set is used (and must answer at
 * start-up), otherwise the in-process one. Services only offer adapters (`need`); this picks. A
 * service's own engine URL (CLICKHOUSE_URL) is validated by that service's settings; only its
 * presence is read here.
 */
export function chooseEngines(config: Config, env: NodeJS.ProcessEnv = {}): Engines {
  return {
    bus: config.KAFKA_BROKERS ? 'kafka' : 'in-process',
    store: config.MONGODB_URI ? 'mongodb' : 'nedb',
    cache: config.REDIS_URL ? 'redis' : 'in-process',
    mail: config.SMTP_URL ? 'smtp' : 'files',
    search: config.ELASTICSEARCH_URL ? 'elasticsearch' : 'in-process',
    // Images live beside the documents: GridFS in the service's MongoDB database, else on disk.
    blobs: config.MONGODB_URI ? 'gridfs' : 'disk',
    analytics: env.CLICKHOUSE_URL?.trim() ? 'clickhouse' : 'chdb',
  };
}

/** The keys a payments engine is chosen by (the ones saved in Settings, else the environment's). */
export interface PaymentKeys {
  stripeSecretKey: string | null;
  stripePublicKey: string | null;
  stripeWebhookSecret: string | null;
}

/** The engine chosen for settings in force, and what identifies its adapter (a new key = a new adapter). */
export interface SwitchChoice {
  engine: string;
  key: string;
}

const yes = (value: string | undefined) => ['true', '1', 'yes'].includes(value?.trim() ?? '');

/**
 * The rules of the ports whose engine follows settings that change while a service runs (see
 * `needSwitch`), picked here like every other engine. `payments`: Stripe for a Stripe secret key;
 * without one the simulator, except in PROFILE=distributed unless PAYMENTS_SIMULATOR_ALLOWED; else
 * none (payments are not configured).
 */
export const switchRules = {
  payments: (config: Pick<Config, 'PROFILE'>, env: NodeJS.ProcessEnv, keys: PaymentKeys): SwitchChoice | null => {
    if (keys.stripeSecretKey) {
      return { engine: 'stripe', key: [keys.stripeSecretKey, keys.stripePublicKey ?? '', keys.stripeWebhookSecret ?? ''].join('|') };
    }
    // One simulator per process, whatever keys come and go.
    return config.PROFILE === 'embedded' || yes(env.PAYMENTS_SIMULATOR_ALLOWED) ? { engine: 'simulator', key: '' } : null;
  },
} as const;

/** A kind of port whose engine follows the settings in force. */
export type SwitchedKind = keyof typeof switchRules;
/** What the rule of a switched kind reads. */
export type SwitchInput<K extends SwitchedKind> = Parameters<(typeof switchRules)[K]>[2];

/** Which adapter each port uses and where, for the start-up log (no passwords). */
export function describeAdapters(config: Config, env: NodeJS.ProcessEnv = {}): Record<EngineKind, string> {
  const engines = chooseEngines(config, env);
  return {
    bus: config.KAFKA_BROKERS ? `kafka ${config.KAFKA_BROKERS}` : engines.bus,
    store: config.MONGODB_URI ? `mongodb ${redactUrl(config.MONGODB_URI)}` : `nedb ${config.DATA_DIR}`,
    cache: config.REDIS_URL ? `redis ${redactUrl(config.REDIS_URL)}` : engines.cache,
    mail: config.SMTP_URL ? 'smtp' : `files ${join(config.DATA_DIR, 'outbox')}`,
    search: config.ELASTICSEARCH_URL ? `elasticsearch ${redactUrl(config.ELASTICSEARCH_URL)}` : engines.search,
    blobs: config.MONGODB_URI ? 'gridfs' : engines.blobs,
    analytics: engines.analytics === 'clickhouse' ? `clickhouse ${redactUrl(env.CLICKHOUSE_URL ?? '')}` : 'chdb in-process',
  };
}
