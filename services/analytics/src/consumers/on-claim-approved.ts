import type { ClaimApprovedV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { CompaniesRepository } from '../repositories/companies.repository.js';

/** billing's approved claim: the claimer owns the company from now on (idempotent: sets the same owner again). */
export const onClaimApproved =
  (companies: CompaniesRepository): EventHandler<ClaimApprovedV1> =>
  async ({ data }) => {
    await companies.applyClaim(data.companyId, data.userId);
  };
