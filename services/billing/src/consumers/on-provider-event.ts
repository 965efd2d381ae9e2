import { paymentProviderEventReceivedV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { BillingOperations } from '../operations/billing-operations.js';

/** Applies a verified webhook event stored by the webhook route. */
export const onProviderEvent =
  (ops: BillingOperations): EventHandler =>
  async (event) => {
    await ops.handleProviderEvent(paymentProviderEventReceivedV1.parse(event).data.eventId);
  };
