import { createServiceApp, type Service, type ServiceContext } from '@limo/platform';

/** Directory: Companies, reviews, images and geo search. Its routes land with its own issue; until then it answers its health check. */
export async function createDirectoryService(ctx: ServiceContext): Promise<Service> {
  const app = await createServiceApp({ name: 'directory', config: ctx.config, logger: ctx.logger, cache: ctx.cache, description: 'Companies, reviews, images and geo search' });
  return { name: 'directory', app, async start() {}, async stop() {} };
}
