import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceNames } from '@limo/platform';
import { freePort } from '@limo/platform/testing';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

/** The distributed profile for real: each service its own Node process on the engines, the gateway in front. */
export interface DistributedSystem {
  url: string;
  dataDir: string;
  /** Last 20 KB of each process's output. */
  logs: Map<string, string>;
  processes: Map<string, ChildProcess>;
  /** Kills one process (SIGKILL: a crash) and waits for its exit. */
  kill(name: string): Promise<void>;
  /** Starts a killed process again with the same environment. */
  restart(name: string): void;
  /**
   * Members that exited without the test asking, each with its exit code or signal and last output,
   * then the last error lines each member logged (a 500's cause) ('' when none).
   */
  problems(): string;
  /** Waits until the gateway reports every service up. */
  healthy(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const LOCK = join(tmpdir(), 'limo-distributed-sut.lock');

/**
 * One distributed system at a time on this machine: each is six Node processes, and several at once
 * on a small CI machine time each other out. (Their data is apart: each run has its own Kafka
 * namespace, database, Redis prefix and search index.) Waits for the lock (a directory holding the
 * owner's pid; a dead owner's lock is taken over).
 */
async function acquireLock(timeoutMs = 10 * 60_000): Promise<() => Promise<void>> {
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((r) => setTimeout(r, 250))) {
    try {
      await mkdir(LOCK);
      await writeFile(join(LOCK, 'pid'), String(process.pid));
      return () => rm(LOCK, { recursive: true, force: true });
    } catch {
      const owner = Number(await readFile(join(LOCK, 'pid'), 'utf8').catch(() => '0'));
      if (owner && !alive(owner)) await rm(LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`another distributed test system held ${LOCK} for ${timeoutMs} ms`);
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Spawns every service's `dist/main.js` and the gateway's on free ports with a database of their own
 * on MONGODB_URI, once no other test system of this machine runs. Needs KAFKA_BROKERS, MONGODB_URI
 * and REDIS_URL, and the build (`make test` builds).
 */
export async function startDistributed(extraEnv: Record<string, string> = {}): Promise<DistributedSystem> {
  // A port found free can be taken before its service listens on it (another process's outgoing
  // connection may get it as its local port): the whole system then starts again on new ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDistributedOnce(extraEnv);
    } catch (err) {
      if (attempt >= 3 || !String(err).includes('EADDRINUSE')) throw err;
      console.warn(`distributed test system: a port was taken before its service listened; starting again (attempt ${attempt + 1})`);
    }
  }
}

async function startDistributedOnce(extraEnv: Record<string, string>): Promise<DistributedSystem> {
  for (const v of ['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS_URL'])
    if (!process.env[v]) throw new Error(`${v} must be set for the distributed profile`);
  const names = [...serviceNames, 'gateway'];
  const missing = names.filter((s) => !existsSync(join(root, 'services', s, 'dist/main.js')));
  if (missing.length) throw new Error(`build first (make test does): no dist/main.js for ${missing.join(', ')}`);
  const release = await acquireLock();
  const dataDir = await mkdtemp(join(tmpdir(), 'limo-distributed-'));
  const run = Math.random().toString(36).slice(2, 8);
  const ports = Object.fromEntries(await Promise.all(names.map(async (s) => [s, await freePort()] as const)));
  const mongo = new URL(process.env.MONGODB_URI!);
  mongo.pathname = `/sut${run}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PROFILE: 'distributed',
    MONGODB_URI: mongo.toString(),
    JWT_SECRET: `distributed-sut-secret-${run}-0123456789abcdef`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    // Its own keys: per-IP counters of 127.0.0.1 in a shared Redis must not leak between runs.
    REDIS_KEY_PREFIX: `limo-sut-${run}:`,
    // Its own topics, consumer groups and search index: other runs on the same engines must not take its events.
    KAFKA_NAMESPACE: `sut-${run}.`,
    ELASTICSEARCH_INDEX: `limo-sut-${run}`,
    RATE_LIMIT_PER_MINUTE: '100000',
    // No Stripe keys here: billing pays with the test-mode simulator, which this profile refuses unless allowed.
    PAYMENTS_SIMULATOR_ALLOWED: 'true',
    // Analytics on chDB unless `extraEnv` names a ClickHouse server (CI's is for the suites that ask for it).
    CLICKHOUSE_URL: '',
    PORT: String(ports.gateway),
    // Every process its own /metrics: any free port, so they never fight over 9464.
    METRICS_PORT: '0',
    ...Object.fromEntries(
      serviceNames.flatMap((s) => [
        [`${s.toUpperCase()}_PORT`, String(ports[s])],
        [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${ports[s]}`],
      ]),
    ),
    ...extraEnv,
  };
  const processes = new Map<string, ChildProcess>();
  const logs = new Map<string, string>();
  /** Processes the test stopped on purpose (kill, close): their exit is not news. */
  const stopping = new Set<ChildProcess>();
  const spawnOne = (name: string) => {
    const child = spawn(process.execPath, [join(root, 'services', name, 'dist/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    // SUT_LOG_DIR keeps each member's whole output in a file of its own, for a failure to be read afterwards.
    const logDir = process.env.SUT_LOG_DIR;
    if (logDir) mkdirSync(logDir, { recursive: true });
    const file = logDir && join(logDir, `${run}-${name}.log`);
    const keep = (chunk: Buffer) => {
      logs.set(name, ((logs.get(name) ?? '') + chunk.toString()).slice(-20_000));
      if (file) appendFileSync(file, chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    // A member that dies on its own fails the test's later requests with 502s: say which and why, at once
    // (a clean exit, code 0, is a shutdown a test asked for by signalling the process itself).
    child.once('exit', (code, signal) => {
      if (stopping.has(child) || code === 0) return;
      console.error(
        `distributed test system: ${name} exited by itself (code ${code}, signal ${signal}); its last output:\n${(logs.get(name) ?? '').slice(-4_000)}`,
      );
    });
    processes.set(name, child);
  };
  names.forEach(spawnOne);
  const url = `http://127.0.0.1:${ports.gateway}`;
  const system: DistributedSystem = {
    url,
    dataDir,
    logs,
    processes,
    async kill(name) {
      const child = processes.get(name)!;
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping.add(child);
      await new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGKILL');
      });
    },
    restart: spawnOne,
    problems() {
      const exited = [...processes]
        .filter(([, child]) => !stopping.has(child) && (child.exitCode !== null || child.signalCode !== null))
        .map(
          ([name, child]) =>
            `${name} exited (code ${child.exitCode}, signal ${child.signalCode}); its last output:\n${(logs.get(name) ?? '').slice(-3_000)}`,
        );
      // pino's error level is 50, fatal 60.
      const errors = [...logs].flatMap(([name, output]) =>
        output
          .split('\n')
          .filter((line) => /"level":[56]0/.test(line))
          .slice(-3)
          .map((line) => `${name} logged: ${line.slice(0, 1_500)}`),
      );
      return [...exited, ...errors].join('\n');
    },
    async healthy(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const exited = [...processes].find(([, p]) => p.exitCode !== null);
        if (exited) throw new Error(`${exited[0]} exited:\n${logs.get(exited[0])}`);
        try {
          if ((await fetch(`${url}/healthz`)).ok) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline)
          throw new Error(
            `services not healthy after ${timeoutMs} ms:\n${[...logs].map(([n, l]) => `--- ${n}\n${l.slice(-2000)}`).join('\n')}`,
          );
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    async close() {
      // SIGTERM first: consumers leave their Kafka groups, so the next system's members are not kept
      // waiting for a dead member's session to time out.
      await Promise.all(
        [...processes.values()].map(async (child) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          stopping.add(child);
          const exited = new Promise((done) => child.once('exit', done));
          child.kill('SIGTERM');
          await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        }),
      );
      for (const child of processes.values()) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
      await release();
    },
  };
  try {
    await system.healthy();
  } catch (err) {
    await system.close();
    throw err;
  }
  return system;
}

/** True when the engines of the distributed profile are configured. */
export const distributedEngines = (): boolean => Boolean(process.env.KAFKA_BROKERS && process.env.MONGODB_URI && process.env.REDIS_URL);
