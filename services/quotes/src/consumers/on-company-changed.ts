import { companyCreatedV1, companyDeletedV1, companyUpdatedV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { CompaniesRepository } from '../repositories/companies.repository.js';

/** Topics that feed the read-model of company contacts. */
export const COMPANY_TOPICS = ['company.created.v1', 'company.updated.v1', 'company.deleted.v1'];

/**
 * Keeps quotes' copy of each company (name, addresses, city, coordinates, owner) in step with the
 * directory. Every write is guarded by the company's version, so a replayed, duplicated or reordered
 * event (created/updated/deleted travel on different topics) changes nothing.
 */
export const onCompanyChanged =
  (companies: CompaniesRepository): EventHandler =>
  async (event) => {
    switch (event.type) {
      case 'company.created.v1':
      case 'company.updated.v1': {
        const { data } = (event.type === 'company.created.v1' ? companyCreatedV1 : companyUpdatedV1).parse(event);
        await companies.applySnapshot(data, data.createdAt);
        return;
      }
      case 'company.deleted.v1': {
        const { data, occurredAt } = companyDeletedV1.parse(event);
        await companies.applyDeleted(data.id, data.version, occurredAt);
        return;
      }
      default:
        throw new Error(`quotes: unexpected event type ${event.type} on the company topics`);
    }
  };
