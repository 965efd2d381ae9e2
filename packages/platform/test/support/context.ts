import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InProcessEventBus } from '../../src/adapters/inprocess.event-bus.js';
import { MemoryCache, MemoryRateLimiter } from '../../src/adapters/memory.cache.js';
import { readOutbox } from '../../src/adapters/outbox-index.js';
import { NedbDocumentStore } from '@limo/engine-nedb';
import { FileMailer } from '@limo/engine-smtp';
import { loadConfig } from '../../src/config/config.js';
import { createLogger } from '../../src/logger.js';
import { OutboxRelay } from '../../src/outbox/outbox-relay.js';
import type { OutboxEntry } from '../../src/ports/mail.port.js';
import type { ServiceContext } from '../../src/runtime/service.js';

export interface TestContext extends ServiceContext {
  /** Publishes what writes owed (started; the store signals it after each such write). */
  relay: OutboxRelay;
  dataDir: string;
  /** Mails written so far, oldest first. */
  outbox(): Promise<OutboxEntry[]>;
  close(): Promise<void>;
}

/**
 * A ServiceContext on the embedded adapters (in-memory store, in-process bus, memory cache, mail
 * files in a temp dir), for API tests with `app.inject`.
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(join(tmpdir(), 'limo-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-test-secret-test-secret-123', ...env });
  const logger = createLogger('silent');
  const store = await NedbDocumentStore.create({ logger });
  const bus = InProcessEventBus.create({ logger });
  const mailDir = join(dataDir, 'outbox');
  const mailer = await FileMailer.create({ dir: mailDir, from: config.MAIL_FROM });
  const relay = new OutboxRelay({ store, bus, logger, intervalMs: 20 });
  relay.start();
  return {
    config,
    logger,
    store,
    bus,
    cache: new MemoryCache(),
    limiter: new MemoryRateLimiter(),
    mailer,
    env: { ...env },
    // The embedded adapters only: a test that needs an engine's builds it from its engine package.
    adapters: {},
    relay,
    dataDir,
    outbox: () => readOutbox(mailDir),
    async close() {
      await relay.stop();
      await bus.close();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` until it returns a value (not undefined/false) or `timeoutMs` passes. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 5000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
