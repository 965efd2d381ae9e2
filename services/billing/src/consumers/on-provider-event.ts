import type { PaymentProviderEventReceivedV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { BillingOperations } from '../use-cases/billing-operations.js';

/** Applies a verified webhook event stored by the webhook route. */
export const onProviderEvent =
  (ops: BillingOperations): EventHandler<PaymentProviderEventReceivedV1> =>
  async ({ data }) => {
    await ops.handleProviderEvent(data.eventId);
  };
