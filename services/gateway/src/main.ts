import { fileURLToPath } from 'node:url';
import {
  createLogger,
  createRedisCacheAndLimiter,
  listen,
  loadConfig,
  MemoryRateLimiter,
  onShutdown,
  type RateLimiter,
} from '@limo/platform';
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
let close = async () => {};
try {
  if (config.REDIS_URL) {
    const redis = await createRedisCacheAndLimiter({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX });
    limiter = redis.limiter;
    close = () => redis.cache.close();
  } else {
    limiter = new MemoryRateLimiter();
  }
} catch (err) {
  console.error(`gateway failed to start: ${(err as Error).message}`);
  process.exit(1);
}
const webDist = config.WEB_DIST ?? fileURLToPath(new URL('../../../web/dist', import.meta.url));
const app = await createGateway({ config, logger, limiter, webDist });
await listen(app, config.HOST, config.PORT);
onShutdown(logger, async () => {
  await app.close();
  await close();
});
