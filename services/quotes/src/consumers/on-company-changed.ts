import type { CompanyEvent } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { CompaniesRepository } from '../repositories/companies.repository.js';

/**
 * Keeps quotes' copy of each company (name, addresses, city, coordinates, owner) in step with the
 * directory. Every write is guarded by the company's version, so a replayed, duplicated or reordered
 * event (created/updated/deleted travel on different topics) changes nothing.
 */
export const onCompanyChanged =
  (companies: CompaniesRepository): EventHandler<CompanyEvent> =>
  async (event) => {
    if (event.type === 'company.deleted.v1') await companies.applyDeleted(event.data.id, event.data.version, event.occurredAt);
    else await companies.applySnapshot(event.data, event.data.createdAt);
  };
