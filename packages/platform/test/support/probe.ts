import { MemoryCache } from '../../src/adapters/memory.cache.js';
import type { Config } from '../../src/config/config.js';
import { createServiceApp } from '../../src/fastify/service-app.js';
import { createLogger } from '../../src/logger.js';

/** A service app named `probe` on `config`, no engine behind it: what the tests of the shared Fastify setup add routes to. */
export const probeApp = (config: Config) =>
  createServiceApp({ name: 'probe', config, logger: createLogger('silent'), cache: new MemoryCache() });
