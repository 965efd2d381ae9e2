import type { FastifyInstance, FastifyPluginOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { MemoryCache } from '../../src/adapters/memory.cache.js';
import type { Config } from '../../src/config/config.js';
import type { RoutePlugin } from '../../src/fastify/admin-scope.js';
import { createServiceApp } from '../../src/fastify/service-app.js';
import { createLogger } from '../../src/logger.js';

/** A service app named `probe` on `config`, no engine behind it: what the tests of the shared Fastify setup add routes to. */
export const probeApp = (config: Config) =>
  createServiceApp({ name: 'probe', config, logger: createLogger('silent'), cache: new MemoryCache() });

/** In a describe: a {@link probeApp} with `plugin` registered with `options`, ready before its tests and closed after. */
export function useProbeApp<Options extends FastifyPluginOptions>(
  config: Config,
  plugin: RoutePlugin<Options>,
  options: Options,
): () => FastifyInstance {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await probeApp(config);
    await app.register(plugin, options);
    await app.ready();
  });
  afterAll(() => app?.close());
  return () => app!;
}

/** The status codes the app's OpenAPI document gives `POST path`, sorted. */
export function documentedPostAnswers(app: FastifyInstance, path: string): string[] {
  const spec = app.swagger() as { paths: Record<string, { post: { responses: Record<string, unknown> } }> };
  return Object.keys(spec.paths[path].post.responses).sort();
}
