import { createServiceApp, type Service, type ServiceContext } from '@limo/platform';

/** Quotes: Quote requests and their delivery to companies. Its routes land with its own issue; until then it answers its health check. */
export async function createQuotesService(ctx: ServiceContext): Promise<Service> {
  const app = await createServiceApp({ name: 'quotes', config: ctx.config, logger: ctx.logger, cache: ctx.cache, description: 'Quote requests and their delivery to companies' });
  return { name: 'quotes', app, async start() {}, async stop() {} };
}
