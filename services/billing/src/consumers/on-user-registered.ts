import type { UserRegisteredV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { ReadModels } from '../repositories/read-models.repository.js';

/** Keeps billing's copy of each account (subscriber rows, user counts for the admin stats). */
export const onUserRegistered =
  (readModels: ReadModels): EventHandler<UserRegisteredV1> =>
  async ({ data }) => {
    await readModels.applyUser(data);
  };
