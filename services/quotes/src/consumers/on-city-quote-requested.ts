import { cityQuoteRequestedV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { QuoteDelivery } from '../delivery/quote-delivery.js';

/** Stores one quote per company of the city (each then mailed through its own `quote.requested.v1`). */
export const onCityQuoteRequestedFanOut =
  (delivery: QuoteDelivery): EventHandler =>
  async (event) => {
    const { data } = cityQuoteRequestedV1.parse(event);
    await delivery.fanOut(data.requestId);
  };

/** Tells the customer how many companies got the city-wide request. */
export const onCityQuoteRequestedConfirmCustomer =
  (delivery: QuoteDelivery): EventHandler =>
  async (event) => {
    const { data } = cityQuoteRequestedV1.parse(event);
    await delivery.confirmCityRequest(data.requestId);
  };
