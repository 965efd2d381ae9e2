import { createServiceApp, type Service, type ServiceContext } from '@limo/platform';

/** Billing: Payments, claims and subscriptions. Its routes land with its own issue; until then it answers its health check. */
export async function createBillingService(ctx: ServiceContext): Promise<Service> {
  const app = await createServiceApp({ name: 'billing', config: ctx.config, logger: ctx.logger, cache: ctx.cache, description: 'Payments, claims and subscriptions' });
  return { name: 'billing', app, async start() {}, async stop() {} };
}
