import type { CityQuoteRequestedV1 } from '@limo/contracts';
import type { QuoteDetails } from './quote.js';

/** A city-wide quote request: the city, the companies found for it, and its fan-out and confirmation state. */
export interface CityRequestDoc extends QuoteDetails {
  _id: string;
  targetCity: string;
  resolvedCity: CityQuoteRequestedV1['data']['resolvedCity'];
  companyIds: string[];
  companiesNotified: number;
  /**
   * The companies chosen, best first, as the customer's confirmation lists them; `invited`: an unclaimed
   * listing, mailed an invitation to claim it rather than the request (absent on older requests).
   */
  companies?: Array<{ id: string; name: string; invited: boolean }>;
  createdAt: string;
  /** 'pending' until one quote per company has been stored. */
  fanOut: 'pending' | 'done';
  confirmation: 'pending' | 'sent';
  confirmedAt: string | null;
  confirmationAttempts: number;
  confirmationLeaseUntil: number;
}
