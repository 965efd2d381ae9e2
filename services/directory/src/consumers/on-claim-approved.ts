import type { ClaimApprovedV1 } from '@limo/contracts';
import type { EventHandler, Logger } from '@limo/platform';
import type { OwnerNotices } from '../use-cases/owner-notices.js';
import type { CompaniesRepository } from '../repositories/companies.repository.js';

/**
 * An approved claim hands the listing to the claimer: claimed, claimedAt, owner and
 * businessVerified, and makes them a Verified Owner (the claim is paid). A verified business's
 * listing is verified too, backed by the claim (the audit keeps it), unless an admin suspended it;
 * its pending change requests are closed with a note to the owner (who edits directly from now on).
 */
export const onClaimApproved =
  (companies: CompaniesRepository, notices: OwnerNotices, logger: Logger): EventHandler<ClaimApprovedV1> =>
  async (event) => {
    const { data } = event;
    const updated = await companies.update(data.companyId, (current) => ({
      claimed: true,
      claimedAt: data.claimedAt,
      claimId: data.claimId,
      userId: data.userId,
      businessVerified: data.businessVerified,
      ownerApproval: { source: 'claim' as const, by: data.claimId, at: event.occurredAt },
      ...(data.claimerEmail && { ownerEmail: data.claimerEmail }),
      ...(data.businessVerified &&
        current.suspendedAt === null && {
          verified: true,
          verification: { source: 'claim' as const, by: data.claimId, at: event.occurredAt },
        }),
    }));
    if (!updated) {
      logger.warn({ companyId: data.companyId, claimId: data.claimId }, 'claim approved for a company that no longer exists');
      return;
    }
    if (updated.businessVerified) await notices.closeRequestsOfVerified(updated._id);
  };
