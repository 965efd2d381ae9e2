import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createLogger, loadConfig, MemoryRateLimiter, serviceNames, type ServiceName } from '@limo/platform';
import { createGateway } from '../src/app.js';
import { gatewayEnvSchema } from '../src/settings.js';

/** A gateway serving a web build, and closing it with what it stands on. */
export interface Site {
  gateway: FastifyInstance;
  /** Closes the gateway and the directory, and removes the web build. */
  close(): Promise<void>;
}

/**
 * A gateway in front of `directory` (a stand-in, listened on here; every other service unreachable),
 * serving the web build `build` writes into a fresh folder, as https://limo.example.
 */
export async function siteOver(directory: FastifyInstance, build: (webDist: string) => Promise<void>): Promise<Site> {
  await directory.listen({ port: 0, host: '127.0.0.1' });
  const directoryUrl = `http://127.0.0.1:${(directory.server.address() as AddressInfo).port}`;
  const urls = Object.fromEntries(serviceNames.map((n) => [n, n === 'directory' ? directoryUrl : 'http://127.0.0.1:1'])) as Record<
    ServiceName,
    string
  >;
  const webDist = await mkdtemp(join(tmpdir(), 'limo-gateway-'));
  await build(webDist);
  const config = {
    ...loadConfig({ DATA_DIR: webDist, JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://limo.example' }),
    serviceUrls: urls,
  };
  const gateway = await createGateway({
    config,
    logger: createLogger('silent'),
    limiter: new MemoryRateLimiter(),
    settings: gatewayEnvSchema.parse({}),
    webDist,
  });
  return {
    gateway,
    async close() {
      await gateway.close();
      await directory.close();
      await rm(webDist, { recursive: true, force: true });
    },
  };
}

/** A served page's `<title>`. */
export const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];

/** A served page's structured data (JSON-LD), if it has any. */
export const jsonLdOf = (html: string) => {
  const text = /<script type="application\/ld\+json" id="structured-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return text === undefined ? undefined : (JSON.parse(text) as { '@graph'?: Array<Record<string, unknown>> } & Record<string, unknown>);
};
