import { claimClaimantLinkedV1, claimSubmittedV1, passwordResetRequestedV1, userRegisteredV1, userRemovedV1 } from '@limo/contracts';
import { buildService, consumer, defineService, type BuiltService, type ServiceContext } from '@limo/platform';
import { ensureAdmin } from './bootstrap/admin.js';
import { onClaimSubmitted } from './consumers/on-claim-submitted.js';
import { onPasswordResetRequested } from './consumers/on-password-reset-requested.js';
import { RevocationsRepository } from './repositories/revocations.repository.js';
import { UsersRepository } from './repositories/users.repository.js';
import { contactRoutes } from './routes/contact/index.js';
import { internalAccountRoutes } from './routes/internal/accounts/index.js';
import { passwordRoutes } from './routes/password/index.js';
import { registerRoutes } from './routes/register/index.js';
import { sessionRoutes } from './routes/session/index.js';
import { identityEnvSchema } from './settings.js';

/** Identity: accounts, sessions, password reset, and the accounts of claimers who paid without one. */
export const identityService = defineService({
  name: 'identity',
  description: 'Accounts, sessions and password reset',
  env: identityEnvSchema,
  produces: [userRegisteredV1, userRemovedV1, passwordResetRequestedV1, claimClaimantLinkedV1],
  needs: {},
  async init({ ctx, env: settings }) {
    const users = await UsersRepository.create(ctx.store);
    const revocations = await RevocationsRepository.create(ctx.store, ctx.cache);
    let restoring: NodeJS.Timeout | undefined;
    return {
      deps: { ctx, settings, users, revocations },
      routes: [sessionRoutes, registerRoutes, passwordRoutes, contactRoutes, internalAccountRoutes],
      consumers: [
        consumer({
          group: 'identity.reset-mail',
          consumes: [passwordResetRequestedV1],
          handler: onPasswordResetRequested(ctx.mailer),
          idempotent: true,
        }),
        consumer({ group: 'identity.claimants', consumes: [claimSubmittedV1], handler: onClaimSubmitted(ctx, users), idempotent: true }),
      ],
      async prepare() {
        // Before any request: a logged-out or reset-voided cookie must not work again after a restart.
        const restored = await revocations.restore();
        ctx.logger.info({ service: 'identity', revocations: restored }, 'session revocations restored into the cache');
        // Again now and then, in case the shared cache (Redis) lost them meanwhile.
        restoring = setInterval(
          () => void revocations.restore().catch((err: unknown) => ctx.logger.warn({ err }, 'restoring session revocations failed')),
          5 * 60_000,
        );
        restoring.unref();
        await ensureAdmin(ctx, settings, users);
      },
      async stop() {
        clearInterval(restoring);
      },
    };
  },
});

/** The identity service built on `ctx` (tests). */
export function createIdentityService(ctx: ServiceContext): Promise<BuiltService<unknown>> {
  return buildService(identityService, ctx);
}
