import { createServiceApp, type Service, type ServiceContext } from '@limo/platform';

/** Analytics: Traffic analytics. Its routes land with its own issue; until then it answers its health check. */
export async function createAnalyticsService(ctx: ServiceContext): Promise<Service> {
  const app = await createServiceApp({ name: 'analytics', config: ctx.config, logger: ctx.logger, cache: ctx.cache, description: 'Traffic analytics' });
  return { name: 'analytics', app, async start() {}, async stop() {} };
}
