import { companyCreatedV1, companyDeletedV1, companyUpdatedV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { ReadModels } from '../repositories/read-models.repository.js';

/** Topics that feed billing's copy of the companies. */
export const COMPANY_TOPICS = ['company.created.v1', 'company.updated.v1', 'company.deleted.v1'];

/** Keeps billing's copy of each company (name, owner) in step, guarded by the company's version. */
export const onCompanyChanged =
  (readModels: ReadModels): EventHandler =>
  async (event) => {
    if (event.type === 'company.deleted.v1') {
      const { data } = companyDeletedV1.parse(event);
      await readModels.applyCompanyDeleted(data.id, data.version);
      return;
    }
    const { data } = (event.type === 'company.created.v1' ? companyCreatedV1 : companyUpdatedV1).parse(event);
    await readModels.applyCompany(data);
  };
