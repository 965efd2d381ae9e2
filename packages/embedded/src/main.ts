import { createLogger, loadSettings, onShutdown, startTracing } from '@limo/platform';
import { serviceDefinitions } from './services.js';
import { startEmbedded } from './system.js';

let config;
try {
  // The shared settings and every service's own: each bad variable is named, all at once.
  config = loadSettings(serviceDefinitions);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const logger = createLogger(config.LOG_LEVEL);
const stopTracing = startTracing({ serviceName: 'limodirectory', endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
try {
  const system = await startEmbedded(config, logger);
  console.log(
    `\n  LimoDirectory is up at ${config.PUBLIC_URL}  (API docs: ${config.PUBLIC_URL}/api/docs, health: ${config.PUBLIC_URL}/healthz)\n`,
  );
  onShutdown(logger, async () => {
    await system.close();
    await stopTracing();
  });
} catch (err) {
  logger.fatal({ err }, 'start-up failed');
  console.error(`LimoDirectory failed to start: ${(err as Error).message}`);
  process.exit(1);
}
