import type { CompanyEvent } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { SearchProjection } from '../search/projection.js';

/**
 * Keeps the search index in step with the companies store. Company events are keyed by company id,
 * and the projection reads the company as it is now, so the event's own data is not needed.
 */
export const onCompanyChanged =
  (projection: SearchProjection): EventHandler<CompanyEvent> =>
  async (event) => {
    await projection.sync(event.key);
  };
