import { CLICKHOUSE_IMAGE, dockerConfigured, ENGINE_VARS, selectEngineSources, sourceVar, type EngineName } from './engine-sources.js';

/** A started container: the variable to export and how to stop it. */
interface Started {
  url: string;
  stop(): Promise<unknown>;
}

/**
 * Starts one engine with its testcontainers module (loaded only here, only when Docker answers).
 * Images match what infra/local and docker-compose.yml run.
 */
async function startEngine(engine: EngineName): Promise<Started> {
  switch (engine) {
    case 'kafka': {
      const { KafkaContainer } = await import('@testcontainers/kafka');
      const c = await new KafkaContainer('confluentinc/cp-kafka:7.9.0').withKraft().start();
      return { url: `${c.getHost()}:${c.getMappedPort(9093)}`, stop: () => c.stop() };
    }
    case 'mongodb': {
      const { MongoDBContainer } = await import('@testcontainers/mongodb');
      const c = await new MongoDBContainer('mongo:7').start();
      const uri = new URL(c.getConnectionString());
      uri.searchParams.set('directConnection', 'true');
      return { url: uri.toString(), stop: () => c.stop() };
    }
    case 'elasticsearch': {
      const { ElasticsearchContainer } = await import('@testcontainers/elasticsearch');
      const c = await new ElasticsearchContainer('docker.elastic.co/elasticsearch/elasticsearch:8.19.21')
        .withEnvironment({ 'xpack.security.enabled': 'false', ES_JAVA_OPTS: '-Xms512m -Xmx512m' })
        .start();
      return { url: `http://${c.getHost()}:${c.getPort()}`, stop: () => c.stop() };
    }
    case 'redis': {
      const { RedisContainer } = await import('@testcontainers/redis');
      const c = await new RedisContainer('redis:7').start();
      return { url: c.getConnectionUrl(), stop: () => c.stop() };
    }
    case 'clickhouse': {
      const { ClickHouseContainer } = await import('@testcontainers/clickhouse');
      const c = await new ClickHouseContainer(CLICKHOUSE_IMAGE).start();
      const url = new URL(c.getHttpUrl());
      url.username = c.getUsername();
      url.password = c.getPassword();
      return { url: url.toString().replace(/\/$/, ''), stop: () => c.stop() };
    }
  }
}

/**
 * Asks the Docker engine to answer, within a few seconds. testcontainers is imported outside the
 * try: a library that cannot load (as on Node 20, where its undici needs zlib's zstd) is an error
 * to see, not "no Docker".
 */
async function dockerAnswers(): Promise<boolean> {
  if (!dockerConfigured(process.env)) return false;
  const { getContainerRuntimeClient } = await import('testcontainers');
  try {
    await Promise.race([getContainerRuntimeClient(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 5_000))]);
    return true;
  } catch {
    return false;
  }
}

/**
 * vitest global setup of the node project: engines whose variable is unset are started with
 * testcontainers when a Docker engine answers, and their variables set for the test workers.
 * Prints the path each engine took; returns the teardown that stops the containers.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const sources = selectEngineSources(process.env, await dockerAnswers());
  const started: Started[] = [];
  await Promise.all(
    (Object.entries(sources) as Array<[EngineName, string]>).map(async ([engine, source]) => {
      const envVar = ENGINE_VARS[engine];
      if (source !== 'testcontainers') return;
      const container = await startEngine(engine);
      started.push(container);
      process.env[envVar] = container.url;
      process.env[sourceVar(envVar)] = 'testcontainers';
    }),
  );
  const line = (Object.entries(sources) as Array<[EngineName, string]>)
    .map(([engine, source]) => `${engine}: ${source === 'given' ? `${ENGINE_VARS[engine]} as given` : source}`)
    .join(', ');
  console.info(`engines for the engine-backed suites: ${line}`);
  return async () => {
    await Promise.all(started.map((c) => c.stop()));
  };
}
