import { signReviewLink } from '@limo/platform';
import type { QuoteDoc } from './quote.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The page where the customer of `quote` reviews its company, with a single-use link token that
 * expires `validDays` after the trip day (or after `now`, whichever is later).
 */
export function reviewLinkUrl(
  quote: Pick<QuoteDoc, '_id' | 'companyId' | 'customerName' | 'tripDate'>,
  options: { publicUrl: string; key: Buffer; validDays: number; now: Date },
): string {
  const tripDay = Date.parse(`${quote.tripDate}T23:59:59Z`);
  const from = Number.isNaN(tripDay) ? options.now.getTime() : Math.max(tripDay, options.now.getTime());
  const token = signReviewLink(
    {
      quoteId: quote._id,
      companyId: quote.companyId,
      customerName: quote.customerName.slice(0, 100),
      expiresAt: new Date(from + options.validDays * DAY_MS),
    },
    options.key,
  );
  return `${options.publicUrl}/company/${encodeURIComponent(quote.companyId)}?reviewToken=${encodeURIComponent(token)}#write-review`;
}

/** The trip date (yyyy-MM-dd) on or before which a trip is `days` days past at `now`. */
export function tripDatePast(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);
}
