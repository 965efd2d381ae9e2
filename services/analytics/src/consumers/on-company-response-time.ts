import type { CompanyResponseTimeV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { CompaniesRepository } from '../repositories/companies.repository.js';

/** quotes' median lead response time of a company; the newest `computedAt` wins, so replays change nothing. */
export const onCompanyResponseTime =
  (companies: CompaniesRepository): EventHandler<CompanyResponseTimeV1> =>
  async ({ data }) => {
    await companies.applyResponseTime(data.companyId, {
      medianMinutes: data.medianMinutes,
      sampleSize: data.sampleSize,
      computedAt: data.computedAt,
    });
  };
