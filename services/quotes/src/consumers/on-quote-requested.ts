import type { QuoteRequestedV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { QuoteDelivery } from '../delivery/quote-delivery.js';

/**
 * Mails the company its new quote and, for a per-company request, confirms it to the customer (a
 * city-wide request is confirmed once, on its own event). A mail failure throws: the bus retries,
 * then the redelivery sweep.
 */
export const onQuoteRequestedMail =
  (delivery: QuoteDelivery): EventHandler<QuoteRequestedV1> =>
  async ({ data }) => {
    await delivery.deliverQuote(data.quoteId);
  };
