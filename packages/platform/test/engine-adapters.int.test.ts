import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { smtpEngine } from '@limo/engine-smtp';
import { InProcessEventBus } from '../src/adapters/inprocess.event-bus.js';
import { ConfigError, loadConfig } from '../src/config/config.js';
import { createLogger } from '../src/logger.js';
import type { EngineAdapters } from '../src/runtime/engine-adapters.js';
import { createServiceStore, createSharedPorts } from '../src/runtime/ports.js';

const JWT_SECRET = 'test-secret-test-secret-test-secret-123';
const logger = createLogger('silent');

// The platform holds no driver: an engine the settings name is built by the adapters its root passed.
describe('the engine adapters a composition root passes', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'limo-engine-adapters-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('build the engine the settings name, on the options computed from them', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET, KAFKA_BROKERS: 'k1:9092, k2:9092', KAFKA_NAMESPACE: 'stage.' });
    const asked: unknown[] = [];
    const adapters: EngineAdapters = {
      ...smtpEngine,
      kafka: async (options) => {
        asked.push({ brokers: options.brokers, clientId: options.clientId, namespace: options.namespace });
        return InProcessEventBus.create({ logger: options.logger });
      },
    };
    const shared = await createSharedPorts(config, logger, 'limo-test', adapters);
    await shared.close();
    expect(asked).toEqual([{ brokers: ['k1:9092', 'k2:9092'], clientId: 'limo-test', namespace: 'stage.' }]);
  });

  it('refuse to start, naming the engine package, when the root did not pass the engine the settings name', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET,
      KAFKA_BROKERS: '127.0.0.1:9092',
      MONGODB_URI: 'mongodb://127.0.0.1:1/limo',
    });
    const refusal = await createSharedPorts(config, logger, 'limo-test', {}).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as ConfigError).problems).toEqual([
      '  the settings pick kafka, but this process was started without @limo/engine-kafka',
    ]);
    await expect(createServiceStore(config, 'quotes', logger, {})).rejects.toThrow(/started without @limo\/engine-mongo$/);
    // The outbox of .eml files, the mail engine when no SMTP_URL is set, is @limo/engine-smtp's too.
    const embedded = loadConfig({ DATA_DIR: dataDir, JWT_SECRET });
    await expect(createSharedPorts(embedded, logger, 'limo-test', {})).rejects.toThrow(/started without @limo\/engine-smtp$/);
  });
});
