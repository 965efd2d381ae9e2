import type { CityQuoteRequestedV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { QuoteDelivery } from '../delivery/quote-delivery.js';

/** Stores one quote per company of the city (each then mailed through its own `quote.requested.v1`). */
export const onCityQuoteRequestedFanOut =
  (delivery: QuoteDelivery): EventHandler<CityQuoteRequestedV1> =>
  async ({ data }) => {
    await delivery.fanOut(data.requestId);
  };

/** Tells the customer how many companies got the city-wide request. */
export const onCityQuoteRequestedConfirmCustomer =
  (delivery: QuoteDelivery): EventHandler<CityQuoteRequestedV1> =>
  async ({ data }) => {
    await delivery.confirmCityRequest(data.requestId);
  };
