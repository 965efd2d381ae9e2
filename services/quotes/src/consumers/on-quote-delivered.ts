import type { QuoteDeliveredV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { LeadTracking } from '../use-cases/lead-tracking.js';

/** A delivered quote is a new lead in the company's window: its responsiveness is recomputed. */
export const onQuoteDeliveredResponsiveness =
  (leads: LeadTracking): EventHandler<QuoteDeliveredV1> =>
  async ({ data }) => {
    await leads.refreshResponsiveness(data.companyId);
  };
