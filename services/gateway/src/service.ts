import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseEngines, defineService, rateLimiterNeed } from '@limo/platform';
import { createGateway } from './app.js';
import { devOutboxEnabled, devOutboxRoutes } from './dev-outbox.js';
import { gatewayEnvSchema } from './settings.js';

/**
 * The gateway, declared like the services: its own settings, its rate limiter as a need (Redis or
 * in-process, as configuration picks; the embedded root hands it the limiter its services share),
 * and `init`, which builds the proxy, the pages, `/healthz`, `/readyz`, `/api/docs` and, where allowed,
 * `/dev/outbox`. The services' addresses are the context's `config.serviceUrls`.
 */
export const gatewayService = defineService.edge({
  name: 'gateway',
  description: 'The public entry: API proxy, web app, health and API docs',
  env: gatewayEnvSchema,
  needs: { limiter: rateLimiterNeed() },
  async init({ ctx, env, ports, handedIn }) {
    const { config, logger } = ctx;
    const webDist = env.WEB_DIST ?? fileURLToPath(new URL('../../../web/dist', import.meta.url));
    // A limiter handed in (the embedded root's) is its owner's to check: the services' /readyz ask its engine.
    const readiness = handedIn.has('limiter')
      ? []
      : [{ kind: 'cache', engine: chooseEngines(config).cache, ping: () => ports.limiter.ping() }];
    const app = await createGateway({ config, logger, limiter: ports.limiter, settings: env, webDist, readiness });
    if (devOutboxEnabled(config, env)) {
      await app.register(devOutboxRoutes, {
        dir: join(config.DATA_DIR, 'outbox'),
        identityUrl: config.serviceUrls.identity,
        internalSecret: config.INTERNAL_SECRET,
      });
    }
    return { app };
  },
});
