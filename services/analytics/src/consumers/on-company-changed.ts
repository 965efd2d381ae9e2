import type { CompanyEvent } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { CompaniesRepository } from '../repositories/companies.repository.js';

/** Keeps the read-model of companies in step with directory; version-guarded, so replays change nothing. */
export const onCompanyChanged =
  (companies: CompaniesRepository): EventHandler<CompanyEvent> =>
  async (event) => {
    if (event.type === 'company.deleted.v1') await companies.applyDeleted(event.data.id, event.data.version);
    else await companies.applySnapshot(event.data);
  };
