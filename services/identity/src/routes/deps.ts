import type { ServiceContext } from '@limo/platform';
import type { RevocationsRepository } from '../repositories/revocations.repository.js';
import type { UsersRepository } from '../repositories/users.repository.js';
import type { IdentitySettings } from '../settings.js';

/** What the route plugins are given. */
export interface RouteDeps {
  ctx: ServiceContext;
  /** Identity's own settings (its env schema). */
  settings: IdentitySettings;
  users: UsersRepository;
  revocations: RevocationsRepository;
}
