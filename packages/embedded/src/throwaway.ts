import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, loadConfig, readOutbox, type Config, type OutboxEntry } from '@limo/platform';
import { startEmbedded, type EmbeddedSystem } from './system.js';

export interface ThrowawaySystem extends EmbeddedSystem {
  config: Config;
  dataDir: string;
  /** The mails written so far (file mail only). */
  outbox(): Promise<OutboxEntry[]>;
}

/** Settings that put the gateway, every service and the metrics on a free port each. */
export const EVERY_PORT_FREE = {
  PORT: '0',
  IDENTITY_PORT: '0',
  DIRECTORY_PORT: '0',
  QUOTES_PORT: '0',
  BILLING_PORT: '0',
  ANALYTICS_PORT: '0',
  METRICS_PORT: '0',
};

/**
 * The whole product for a test or a benchmark: every port free, a fresh temp DATA_DIR that `close()`
 * removes, quiet logs, no demo data and no gateway rate limit unless `env` says otherwise.
 */
export async function startThrowaway(env: Record<string, string> = {}): Promise<ThrowawaySystem> {
  const dataDir = await mkdtemp(join(tmpdir(), 'limo-throwaway-'));
  const run = randomUUID().slice(0, 8);
  const settings: Record<string, string> = {
    ...EVERY_PORT_FREE,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Apart from every other run on shared engines (when the caller points it at them).
    KAFKA_NAMESPACE: `throwaway-${run}.`,
    REDIS_KEY_PREFIX: `limo-throwaway-${run}:`,
    ELASTICSEARCH_INDEX: `limo-throwaway-${run}`,
    // Analytics on chDB in-process, like every other engine in-process, unless `env` names a server: a
    // CLICKHOUSE_URL in the caller's environment (CI's ClickHouse server for its own suites) is not
    // inherited, or every throwaway would share that server's one database.
    CLICKHOUSE_URL: '',
    ...env,
    DATA_DIR: dataDir,
  };
  const config = loadConfig(settings);
  let system: EmbeddedSystem;
  try {
    // Services read their own settings from the process's environment with these on top.
    system = await startEmbedded(config, createLogger(config.LOG_LEVEL), { ...process.env, ...settings });
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    ...system,
    config,
    dataDir,
    outbox: () => readOutbox(join(dataDir, 'outbox')),
    async close() {
      await system.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
