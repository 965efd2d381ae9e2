import type { ServiceContext } from '@limo/platform';
import type { RevocationsRepository } from '../repositories/revocations.repository.js';
import type { UsersRepository } from '../repositories/users.repository.js';

/** What the route plugins are given. */
export interface RouteDeps {
  ctx: ServiceContext;
  users: UsersRepository;
  revocations: RevocationsRepository;
}
