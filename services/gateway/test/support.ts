import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createLogger, loadConfig, MemoryRateLimiter, serviceNames, type ServiceName } from '@limo/platform';
import { createGateway } from '../src/app.js';
import { gatewayEnvSchema } from '../src/settings.js';

/**
 * A gateway in front of `directory` (a listening stand-in; every other service unreachable), serving
 * the web build in `webDist`, as https://limo.example.
 */
export function gatewayOver(directory: FastifyInstance, webDist: string): Promise<FastifyInstance> {
  const directoryUrl = `http://127.0.0.1:${(directory.server.address() as AddressInfo).port}`;
  const urls = Object.fromEntries(serviceNames.map((n) => [n, n === 'directory' ? directoryUrl : 'http://127.0.0.1:1'])) as Record<
    ServiceName,
    string
  >;
  const config = {
    ...loadConfig({ DATA_DIR: webDist, JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://limo.example' }),
    serviceUrls: urls,
  };
  return createGateway({
    config,
    logger: createLogger('silent'),
    limiter: new MemoryRateLimiter(),
    settings: gatewayEnvSchema.parse({}),
    webDist,
  });
}

/** A served page's `<title>`. */
export const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];

/** A served page's structured data (JSON-LD), if it has any. */
export const jsonLdOf = (html: string) => {
  const text = /<script type="application\/ld\+json" id="structured-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return text === undefined ? undefined : (JSON.parse(text) as { '@graph'?: Array<Record<string, unknown>> } & Record<string, unknown>);
};
