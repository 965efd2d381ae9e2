import { companyResponseTimeV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { CompaniesRepository } from '../repositories/companies.repository.js';

/** quotes' median lead response time of a company; the newest `computedAt` wins, so replays change nothing. */
export const onCompanyResponseTime =
  (companies: CompaniesRepository): EventHandler =>
  async (event) => {
    const { data } = companyResponseTimeV1.parse(event);
    await companies.applyResponseTime(data.companyId, {
      medianMinutes: data.medianMinutes,
      sampleSize: data.sampleSize,
      computedAt: data.computedAt,
    });
  };
