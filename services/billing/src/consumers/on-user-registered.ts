import { userRegisteredV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { ReadModels } from '../repositories/read-models.repository.js';

/** Keeps billing's copy of each account (subscriber rows, user counts for the admin stats). */
export const onUserRegistered =
  (readModels: ReadModels): EventHandler =>
  async (event) => {
    await readModels.applyUser(userRegisteredV1.parse(event).data);
  };
