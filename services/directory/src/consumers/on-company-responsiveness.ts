import type { CompanyResponsivenessV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { TopRatedJudge } from '../use-cases/top-rated.js';

/**
 * quotes' responsiveness of a company (last 30 days of leads) onto the company document, which then
 * carries `responseTimeHours` and `responseRate` and is re-indexed; the newest `computedAt` wins, so a
 * replayed or reordered event changes nothing.
 */
export const onCompanyResponsiveness =
  (judge: TopRatedJudge, now: () => Date): EventHandler<CompanyResponsivenessV1> =>
  async ({ data }) => {
    const { companyId, ...responsiveness } = data;
    await judge.applyResponsiveness(companyId, responsiveness, now());
  };
