import { quoteRequestedV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { QuoteDelivery } from '../delivery/quote-delivery.js';

/** Mails the company its new quote. A mail failure throws: the bus retries, then the redelivery sweep. */
export const onQuoteRequestedMailCompany =
  (delivery: QuoteDelivery): EventHandler =>
  async (event) => {
    const { data } = quoteRequestedV1.parse(event);
    await delivery.deliverToCompany(data.quoteId);
  };

/** Confirms a per-company request to the customer (a city-wide request is confirmed once, on its own event). */
export const onQuoteRequestedConfirmCustomer =
  (delivery: QuoteDelivery): EventHandler =>
  async (event) => {
    const { data } = quoteRequestedV1.parse(event);
    if (data.source === 'company') await delivery.confirmToCustomer(data.quoteId);
  };
