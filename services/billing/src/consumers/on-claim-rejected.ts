import type { ClaimRejectedV1 } from '@limo/contracts';
import type { EventHandler, Mailer } from '@limo/platform';
import { claimRejectedMail } from '../mails/claim-rejected.mail.js';
import type { BillingOperations } from '../use-cases/billing-operations.js';

/** Refunds the rejected claim's payment and ends its subscription (retried by the bus until the provider agrees). */
export const onClaimRejectedRefund =
  (ops: BillingOperations): EventHandler<ClaimRejectedV1> =>
  async ({ data }) => {
    await ops.refundRejectedClaim(data.claimId);
  };

/**
 * Tells the claimer (its own consumer group, so a refund retry never mails twice; keyed by the event,
 * so a redelivery after a crash between the send and its record does not either).
 */
export const onClaimRejectedMail =
  (mailer: Mailer, supportEmail: string): EventHandler<ClaimRejectedV1> =>
  async (event) => {
    await mailer.send({
      ...claimRejectedMail(event.data, supportEmail),
      idempotencyKey: `claim-rejected:${event.id}`,
    });
  };
