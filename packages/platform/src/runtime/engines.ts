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

/** The engine a switched need's rule picks for the settings in force, and what identifies its adapter (a new key = a new adapter). */
export interface SwitchChoice {
  engine: string;
  key: string;
}

/**
 * The defaults of the service settings that follow how the product is deployed, computed here by the
 * composition root so that no service asks which profile it runs in. The embedded profile is one
 * process that alone owns its data (its bus keeps nothing across a restart), with demo data and the
 * payments simulator (its checkouts kept under DATA_DIR); the distributed profile takes each
 * setting's own default. A variable set in the environment always wins.
 */
export function settingDefaults(config: Pick<Config, 'PROFILE' | 'DATA_DIR'>): Record<string, string> {
  if (config.PROFILE !== 'embedded') return {};
  return {
    SEED_DEMO_DATA: 'true',
    PAYMENTS_SIMULATOR_ALLOWED: 'true',
    PAYMENTS_SIMULATOR_STATE_FILE: join(config.DATA_DIR, 'billing', 'simulator-state.json'),
    SOLE_INSTANCE: 'true',
  };
}

/** `env` over the root's {@link settingDefaults}: what a service's settings are read from. */
export function withSettingDefaults(config: Pick<Config, 'PROFILE' | 'DATA_DIR'>, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const defaults = settingDefaults(config);
  const merged: NodeJS.ProcessEnv = { ...env };
  for (const [name, value] of Object.entries(defaults)) if (merged[name] === undefined || merged[name] === '') merged[name] = value;
  return merged;
}

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
