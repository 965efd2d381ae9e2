import { claimClaimantLinkedV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { BillingOperations } from '../operations/billing-operations.js';

/** Identity found or created the claimer's account: the claim belongs to it from now on. */
export const onClaimantLinked =
  (ops: BillingOperations): EventHandler =>
  async (event) => {
    const { data } = claimClaimantLinkedV1.parse(event);
    await ops.linkClaimant(data.claimId, data.userId);
  };
