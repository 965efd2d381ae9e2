import type { EventHandler } from '@limo/platform';
import type { SearchProjection } from '../search/projection.js';

/** Topics that feed the search projection. */
export const COMPANY_TOPICS = ['company.created.v1', 'company.updated.v1', 'company.deleted.v1'];

/**
 * Keeps the search index in step with the companies store. Company events are keyed by company id,
 * and the projection reads the company as it is now, so the event's own data is not needed.
 */
export const onCompanyChanged =
  (projection: SearchProjection): EventHandler =>
  async (event) => {
    await projection.sync(event.key);
  };
