import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '@limo/platform/testing';

const local = fileURLToPath(new URL('../../../../infra/local/', import.meta.url));
const run = promisify(execFile);

/** A Kafka broker of one test's own, which it may kill: the shared one serves other test files. */
export interface ThrowawayKafka {
  /** `127.0.0.1:<port>`, for KAFKA_BROKERS. */
  brokers: string;
  /** kill -9 of the broker's JVM; resolves once it is gone. */
  kill(): Promise<void>;
  /**
   * Starts it again on its data (as a restarted node would), or with `fresh` on none (as a node whose
   * volume was lost: no topics, no committed offsets); resolves once it answers.
   */
  start(options?: { fresh?: boolean }): Promise<void>;
  /** Stops it and deletes its data. */
  stop(): Promise<void>;
}

/** Why no throwaway broker can start here (no Kafka jars downloaded by infra/local/kafka.sh, no Java), or undefined. */
export function throwawayKafkaMissing(): string | undefined {
  const pom = readFileSync(join(local, 'kafka/pom.xml'), 'utf8');
  const version = /<kafka\.version>(.*)<\/kafka\.version>/.exec(pom)?.[1];
  if (!version || !existsSync(join(local, '.cache/kafka', version, 'lib/.complete')))
    return `no Kafka ${version ?? ''} distribution in infra/local/.cache (infra/local/kafka.sh up downloads it)`;
  return undefined;
}

/**
 * Starts a single-node KRaft broker with infra/local/kafka.sh on free ports and a folder of its own
 * (the script's LOCAL_KAFKA_* variables), from the distribution the script downloaded.
 * `advertisedPort`: the port its clients are told to connect to (a proxy in front of it, already
 * listening and forwarding to `port`), instead of its own.
 */
export async function startThrowawayKafka(options: { port?: number; advertisedPort?: number } = {}): Promise<ThrowawayKafka> {
  const dir = await mkdtemp(join(tmpdir(), 'limo-kafka-'));
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOCAL_KAFKA_PORT: String(port),
    LOCAL_KAFKA_ADVERTISED_PORT: String(options.advertisedPort ?? port),
    LOCAL_KAFKA_CONTROLLER_PORT: String(await freePort()),
    LOCAL_KAFKA_RUN_DIR: join(dir, 'kafka'),
    LOCAL_KAFKA_KEEP_DATA: 'true',
    LOCAL_KAFKA_HEAP: '384m',
  };
  const script = async (command: 'up' | 'down', fresh = false) => {
    try {
      await run('bash', [join(local, 'kafka.sh'), command], { env: { ...env, LOCAL_KAFKA_KEEP_DATA: String(!fresh) }, timeout: 120_000 });
    } catch (err) {
      const { stderr } = err as { stderr?: string };
      throw new Error(`infra/local/kafka.sh ${command} (throwaway broker on ${port}) failed:\n${stderr ?? String(err)}`, { cause: err });
    }
  };
  await script('up');
  return {
    brokers: `127.0.0.1:${options.advertisedPort ?? port}`,
    async kill() {
      const pid = Number(await readFile(join(dir, 'kafka/kafka.pid'), 'utf8'));
      process.kill(pid, 'SIGKILL');
      for (;;) {
        try {
          process.kill(pid, 0);
        } catch {
          return;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    start: (options) => script('up', options?.fresh),
    async stop() {
      await script('down').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
