import { createLogger, loadConfig, onShutdown } from '@limo/platform';
import { startEmbedded } from './index.js';

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const logger = createLogger(config.LOG_LEVEL);
try {
  const system = await startEmbedded(config, logger);
  console.log(
    `\n  LimoDirectory is up at ${config.PUBLIC_URL}  (API docs: ${config.PUBLIC_URL}/api/docs, health: ${config.PUBLIC_URL}/healthz)\n`,
  );
  onShutdown(logger, () => system.close());
} catch (err) {
  logger.fatal({ err }, 'start-up failed');
  console.error(`LimoDirectory failed to start: ${(err as Error).message}`);
  process.exit(1);
}
