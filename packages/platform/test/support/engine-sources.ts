import { existsSync } from 'node:fs';

// No vitest import here: the global setup (./global-setup.ts) runs outside the test workers.

/**
 * The engines the engine-backed suites use, by the variable each suite reads. The one place that
 * decides where an engine comes from, for every suite:
 * - `given`: the variable is set (CI and these machines: infra/local/, or any URL you export);
 * - `testcontainers`: it is not, but a Docker engine is reachable: the vitest global setup
 *   (./global-setup.ts) starts the engine with its testcontainers module and sets the variable;
 * - `missing`: neither: the suites that need it are skipped and say so (an error in CI).
 */
export const ENGINE_VARS = {
  kafka: 'KAFKA_BROKERS',
  mongodb: 'MONGODB_URI',
  elasticsearch: 'ELASTICSEARCH_URL',
  redis: 'REDIS_URL',
  clickhouse: 'CLICKHOUSE_URL',
} as const;
export type EngineName = keyof typeof ENGINE_VARS;

/**
 * The ClickHouse server image of the testcontainers suites: the ClickHouse release chDB runs (the
 * embedded store, and infra/local/clickhouse.sh's server), as docker-compose.yml does. A test holds the three together.
 */
export const CLICKHOUSE_IMAGE = 'clickhouse/clickhouse-server:26.7';
export type EngineSource = 'given' | 'testcontainers' | 'missing';

/** Set by the global setup beside each variable it filled, so suites can say which path they took. */
export const sourceVar = (envVar: string): string => `LIMO_ENGINE_SOURCE_${envVar}`;

/**
 * Where each engine comes from: a set variable wins; else testcontainers when Docker answers (and
 * `TESTCONTAINERS` is not `false`); else missing.
 */
export function selectEngineSources(env: NodeJS.ProcessEnv, dockerReachable: boolean): Record<EngineName, EngineSource> {
  const useDocker = dockerReachable && env.TESTCONTAINERS !== 'false';
  const out = {} as Record<EngineName, EngineSource>;
  for (const [engine, envVar] of Object.entries(ENGINE_VARS) as Array<[EngineName, string]>) {
    out[engine] = env[envVar] ? 'given' : useDocker ? 'testcontainers' : 'missing';
  }
  return out;
}

/** Where the Docker client would look: DOCKER_HOST, or the usual sockets. Cheap, no connection. */
export function dockerConfigured(env: NodeJS.ProcessEnv, exists: (path: string) => boolean = existsSync): boolean {
  if (env.DOCKER_HOST) return true;
  const home = env.HOME ?? '';
  return ['/var/run/docker.sock', `${home}/.docker/run/docker.sock`, `${home}/.colima/default/docker.sock`].some((p) => p && exists(p));
}

/** How the variable got its value, for the suite's line in the output. */
export function engineSourceOf(envVar: string, env: NodeJS.ProcessEnv = process.env): EngineSource {
  if (!env[envVar]) return 'missing';
  return env[sourceVar(envVar)] === 'testcontainers' ? 'testcontainers' : 'given';
}
