import type { CompanyEvent } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { ReadModels } from '../repositories/read-models.repository.js';

/** Keeps billing's copy of each company (name, owner) in step, guarded by the company's version. */
export const onCompanyChanged =
  (readModels: ReadModels): EventHandler<CompanyEvent> =>
  async (event) => {
    if (event.type === 'company.deleted.v1') await readModels.applyCompanyDeleted(event.data.id, event.data.version);
    else await readModels.applyCompany(event.data);
  };
