import type { ClaimClaimantLinkedV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { BillingOperations } from '../use-cases/billing-operations.js';

/** Identity found or created the claimer's account: the claim belongs to it from now on. */
export const onClaimantLinked =
  (ops: BillingOperations): EventHandler<ClaimClaimantLinkedV1> =>
  async ({ data }) => {
    await ops.linkClaimant(data.claimId, data.userId);
  };
