import { createServiceApp, idempotent, type HandledEvent, type Service, type ServiceContext, type Subscription } from '@limo/platform';
import { ensureAdmin } from './bootstrap/admin.js';
import { onClaimSubmitted } from './consumers/on-claim-submitted.js';
import { onPasswordResetRequested } from './consumers/on-password-reset-requested.js';
import { RevocationsRepository } from './repositories/revocations.repository.js';
import { UsersRepository } from './repositories/users.repository.js';
import { contactRoutes } from './routes/contact/index.js';
import { passwordRoutes } from './routes/password/index.js';
import { registerRoutes } from './routes/register/index.js';
import { sessionRoutes } from './routes/session/index.js';

const GROUP = 'identity';

/** Identity: accounts, sessions, password reset, and the accounts of claimers who paid without one. */
export async function createIdentityService(ctx: ServiceContext): Promise<Service> {
  const users = await UsersRepository.create(ctx.store);
  const handled = await ctx.store.collection<HandledEvent>('handled_events');
  const app = await createServiceApp({
    name: 'identity',
    config: ctx.config,
    logger: ctx.logger,
    cache: ctx.cache,
    description: 'Accounts, sessions and password reset',
  });
  const revocations = await RevocationsRepository.create(ctx.store, ctx.cache);
  const deps = { ctx, users, revocations };
  await app.register(sessionRoutes, deps);
  await app.register(registerRoutes, deps);
  await app.register(passwordRoutes, deps);
  await app.register(contactRoutes, deps);

  const subscriptions: Subscription[] = [];
  let restoring: NodeJS.Timeout | undefined;
  return {
    name: 'identity',
    app,
    async start() {
      // Before any request: a logged-out or reset-voided cookie must not work again after a restart.
      const restored = await revocations.restore();
      ctx.logger.info({ service: 'identity', revocations: restored }, 'session revocations restored into the cache');
      // Again now and then, in case the shared cache (Redis) lost them meanwhile.
      restoring = setInterval(
        () => void revocations.restore().catch((err) => ctx.logger.warn({ err }, 'restoring session revocations failed')),
        5 * 60_000,
      );
      restoring.unref();
      await ensureAdmin(ctx, users);
      subscriptions.push(
        await ctx.bus.subscribe({
          group: `${GROUP}.reset-mail`,
          topics: ['password-reset.requested.v1'],
          handler: idempotent(handled, `${GROUP}.reset-mail`, onPasswordResetRequested(ctx.mailer)),
        }),
      );
      subscriptions.push(
        await ctx.bus.subscribe({
          group: `${GROUP}.claimants`,
          topics: ['claim.submitted.v1'],
          handler: idempotent(handled, `${GROUP}.claimants`, onClaimSubmitted(ctx, users)),
        }),
      );
    },
    async stop() {
      clearInterval(restoring);
      await Promise.all(subscriptions.map((s) => s.close()));
    },
  };
}
