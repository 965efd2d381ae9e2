import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, it } from 'vitest';
import { freePort } from '@limo/platform/testing';
import { analyticsWorkload, burst, CRASH_ANALYTICS_ENV, intakeWorkload, outboxOf, verifyAll } from './support/crash.js';
import { SUT_ADMIN } from './support/profiles.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const main = join(root, 'packages/embedded/dist/main.js');

let child: ChildProcess | undefined;
let dataDir = '';
afterAll(async () => {
  child?.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    METRICS_PORT: '0',
    ...Object.fromEntries(['IDENTITY', 'DIRECTORY', 'QUOTES', 'BILLING', 'ANALYTICS'].map((s) => [`${s}_PORT`, '0'])),
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: SUT_ADMIN.email,
    ADMIN_PASSWORD: SUT_ADMIN.password,
    RATE_LIMIT_PER_MINUTE: '1000000',
    QUOTE_RATE_LIMIT_PER_HOUR: '1000000',
    REVIEW_RATE_LIMIT_PER_HOUR: '1000000',
    LISTING_RATE_LIMIT_PER_HOUR: '1000000',
    ...CRASH_ANALYTICS_ENV,
  };
  for (const v of ['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS_URL', 'ELASTICSEARCH_URL', 'SMTP_URL', 'CLICKHOUSE_URL', 'PROFILE'])
    delete env[v];
  child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 100))) {
    if (child.exitCode !== null) throw new Error(`embedded process exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return url;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('embedded process not healthy after 30 s');
  }
}

// Issue 13: kill -9 of the embedded process in the middle of a burst of writes and tracked events,
// restart on the same DATA_DIR: every acknowledged write is stored once, every mail and event it owed
// is delivered once, and every acknowledged tracked event is counted once in the admin analytics.
describe.skipIf(!existsSync(main))('kill -9 of the embedded process during a burst of quotes, reviews and listings', () => {
  it('keeps every acknowledged write, once, and delivers what each owed, once', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'limo-crash-'));
    const port = await freePort();
    let url = await start(port);
    const intake = await intakeWorkload(() => url, outboxOf(dataDir));
    const analytics = await analyticsWorkload(() => url);
    await burst(
      [intake, analytics],
      async () => {
        await new Promise((r) => setTimeout(r, 2_500));
        child!.kill('SIGKILL');
        await new Promise((r) => child!.once('exit', r));
      },
      { clients: 12 },
    );
    url = await start(port);
    await verifyAll('crash test (embedded)', [intake, analytics]);
  }, 90_000);
});
