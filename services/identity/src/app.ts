import { createServiceApp, idempotent, type HandledEvent, type Service, type ServiceContext, type Subscription } from '@limo/platform';
import { ensureAdmin } from './bootstrap/admin.js';
import { onPasswordResetRequested } from './consumers/on-password-reset-requested.js';
import { UsersRepository } from './repositories/users.repository.js';
import { adminRoutes } from './routes/admin/index.js';
import { contactRoutes } from './routes/contact/index.js';
import { passwordRoutes } from './routes/password/index.js';
import { registerRoutes } from './routes/register/index.js';
import { sessionRoutes } from './routes/session/index.js';

const GROUP = 'identity';

/** Identity: accounts, sessions, password reset, admin user counts. */
export async function createIdentityService(ctx: ServiceContext): Promise<Service> {
  const users = await UsersRepository.create(ctx.store);
  const handled = await ctx.store.collection<HandledEvent>('handled_events');
  const app = await createServiceApp({ name: 'identity', config: ctx.config, logger: ctx.logger, cache: ctx.cache, description: 'Accounts, sessions and password reset' });
  const deps = { ctx, users };
  await app.register(sessionRoutes, deps);
  await app.register(registerRoutes, deps);
  await app.register(passwordRoutes, deps);
  await app.register(adminRoutes, deps);
  await app.register(contactRoutes, deps);

  const subscriptions: Subscription[] = [];
  return {
    name: 'identity',
    app,
    async start() {
      await ensureAdmin(ctx, users);
      subscriptions.push(
        await ctx.bus.subscribe({
          group: `${GROUP}.reset-mail`,
          topics: ['password-reset.requested.v1'],
          handler: idempotent(handled, `${GROUP}.reset-mail`, onPasswordResetRequested(ctx.mailer)),
        }),
      );
    },
    async stop() {
      await Promise.all(subscriptions.map((s) => s.close()));
    },
  };
}
