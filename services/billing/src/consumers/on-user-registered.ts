import type { UserRegisteredV1, UserRemovedV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { ReadModels } from '../repositories/read-models.repository.js';

/** Keeps billing's copy of each account (subscriber rows, user counts for the admin stats), removals included. */
export const onUserRegistered =
  (readModels: ReadModels): EventHandler<UserRegisteredV1 | UserRemovedV1> =>
  async (event) => {
    if (event.type === 'user.removed.v1') await readModels.removeUser(event.data);
    else await readModels.applyUser(event.data);
  };
