import type { ClaimClaimantLinkedV1, ClaimRejectedV1, ClaimSubmittedV1 } from '@limo/contracts';
import type { EventHandler, Logger } from '@limo/platform';
import type { CompaniesRepository } from '../repositories/companies.repository.js';

/**
 * A paid claim waiting for an admin (owner-admin §4: "immediate dashboard access with limited
 * editing"): once the claimer's account is known (`claim.submitted.v1` from a signed-in claimer,
 * or identity's `claim.claimant-linked.v1`), the listing is the claimer's, claimed but not
 * verified, so /dashboard shows it with the "Pending Verification" banner. A listing someone else
 * already owns is left alone. Approval (`on-claim-approved`) then verifies it.
 */
export const onClaimPending =
  (companies: CompaniesRepository, logger: Logger): EventHandler<ClaimSubmittedV1 | ClaimClaimantLinkedV1> =>
  async (event) => {
    const { claimId, companyId, userId } = event.data;
    if (!userId) return;
    const at = event.type === 'claim.submitted.v1' ? event.data.submittedAt : event.occurredAt;
    const updated = await companies.update(companyId, (current) =>
      current.userId && current.userId !== userId ? null : { claimed: true, claimedAt: current.claimedAt ?? at, claimId, userId },
    );
    if (!updated) logger.warn({ companyId, claimId }, 'claim submitted for a company that no longer exists');
  };

/** A rejected claim hands the listing back: unclaimed and ownerless again, unless another claim owns it by now. */
export const onClaimRejected =
  (companies: CompaniesRepository): EventHandler<ClaimRejectedV1> =>
  async ({ data }) => {
    await companies.update(data.companyId, (current) =>
      current.claimId === data.claimId && !current.businessVerified
        ? { claimed: false, claimedAt: null, claimId: null, userId: null }
        : null,
    );
  };
