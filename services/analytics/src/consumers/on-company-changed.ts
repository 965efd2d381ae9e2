import { companyCreatedV1, companyDeletedV1, companyUpdatedV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { CompaniesRepository } from '../repositories/companies.repository.js';

/** Directory's company topics: names for the dashboards and owners for the owner's analytics. */
export const COMPANY_TOPICS = ['company.created.v1', 'company.updated.v1', 'company.deleted.v1'];

/** Keeps the read-model of companies in step with directory; version-guarded, so replays change nothing. */
export const onCompanyChanged =
  (companies: CompaniesRepository): EventHandler =>
  async (event) => {
    switch (event.type) {
      case 'company.created.v1':
      case 'company.updated.v1': {
        const { data } = (event.type === 'company.created.v1' ? companyCreatedV1 : companyUpdatedV1).parse(event);
        await companies.applySnapshot(data);
        return;
      }
      case 'company.deleted.v1': {
        const { data } = companyDeletedV1.parse(event);
        await companies.applyDeleted(data.id, data.version);
        return;
      }
      default:
        throw new Error(`analytics: unexpected event type ${event.type} on the company topics`);
    }
  };
