import { claimClaimantLinkedV1, claimRejectedV1, claimSubmittedV1 } from '@limo/contracts';
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
  (companies: CompaniesRepository, logger: Logger): EventHandler =>
  async (event) => {
    const link =
      event.type === 'claim.submitted.v1'
        ? (({ claimId, companyId, userId, submittedAt }) => ({ claimId, companyId, userId, at: submittedAt }))(
            claimSubmittedV1.parse(event).data,
          )
        : (({ claimId, companyId, userId }) => ({ claimId, companyId, userId, at: event.occurredAt }))(
            claimClaimantLinkedV1.parse(event).data,
          );
    if (!link.userId) return;
    const userId = link.userId;
    const updated = await companies.update(link.companyId, (current) =>
      current.userId && current.userId !== userId
        ? null
        : { claimed: true, claimedAt: current.claimedAt ?? link.at, claimId: link.claimId, userId },
    );
    if (!updated) logger.warn({ companyId: link.companyId, claimId: link.claimId }, 'claim submitted for a company that no longer exists');
  };

/** A rejected claim hands the listing back: unclaimed and ownerless again, unless another claim owns it by now. */
export const onClaimRejected =
  (companies: CompaniesRepository): EventHandler =>
  async (event) => {
    const { data } = claimRejectedV1.parse(event);
    await companies.update(data.companyId, (current) =>
      current.claimId === data.claimId && !current.businessVerified
        ? { claimed: false, claimedAt: null, claimId: null, userId: null }
        : null,
    );
  };
