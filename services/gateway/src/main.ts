import { fileURLToPath } from 'node:url';
import { createCacheAndLimiter, createLogger, listen, loadConfig, onShutdown, type Cache, type RateLimiter } from '@limo/platform';
import { createGateway } from './app.js';

// Distributed profile: the gateway alone, reaching the services at their *_URL.
let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const logger = createLogger(config.LOG_LEVEL, 'gateway');
let limiter: RateLimiter;
let cache: Cache;
try {
  // The engine configuration picks (Redis or in-process), as for every service.
  ({ cache, limiter } = await createCacheAndLimiter(config));
} catch (err) {
  console.error(`gateway failed to start: ${(err as Error).message}`);
  process.exit(1);
}
const webDist = config.WEB_DIST ?? fileURLToPath(new URL('../../../web/dist', import.meta.url));
const app = await createGateway({ config, logger, limiter, webDist });
await listen(app, config.HOST, config.PORT);
onShutdown(logger, async () => {
  await app.close();
  await cache.close();
});
