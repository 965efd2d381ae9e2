/**
 * The gateway the benches put in front of a service (or of a bare Fastify baseline), as in production
 * (createGateway), its rate limits out of the way.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createGateway } from '@limo/gateway';
import { MemoryRateLimiter, type Config, type Logger, type RateLimiter } from '@limo/platform';

/** Listens on a free port of 127.0.0.1: the app's URL. */
export async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A gateway sending `service`'s routes to `upstream`, listening: the gateway and its URL. */
export async function startGateway(
  config: Config,
  logger: Logger,
  service: keyof Config['serviceUrls'],
  upstream: string,
  limiter: RateLimiter = new MemoryRateLimiter(),
): Promise<{ gateway: FastifyInstance; url: string }> {
  const gateway = await createGateway({
    config: { ...config, serviceUrls: { ...config.serviceUrls, [service]: upstream } },
    logger,
    limiter,
    settings: { RATE_LIMIT_PER_MINUTE: 1_000_000_000 },
  });
  return { gateway, url: await listenLocal(gateway) };
}
