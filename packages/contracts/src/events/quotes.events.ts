import { z } from 'zod';
import { eventSchema } from './envelope.js';

/** A stored quote request's customer and trip, as its events and the owner/admin lists carry them. */
export const quoteTripFields = {
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  serviceType: z.string(),
  vehicleType: z.string().nullable(),
  passengerCount: z.string(),
  pickupLocation: z.string(),
  dropoffLocation: z.string().nullable(),
  /** yyyy-MM-dd. */
  tripDate: z.string(),
  /** Slot label, e.g. "1:30 PM". */
  tripTime: z.string(),
  specialRequests: z.string().nullable(),
};

/**
 * A quote request for one company was stored (from the company's dialog, or one of the quotes a
 * city-wide request fanned out into). Key: the quote id. Quotes mails the company and, for a
 * per-company request, the customer.
 */
export const quoteRequestedV1 = eventSchema('quote.requested.v1', {
  quoteId: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  source: z.enum(['company', 'city']),
  /** The city-wide request this quote came from, or null. */
  cityRequestId: z.string().nullable(),
  ...quoteTripFields,
  createdAt: z.string(),
});
export type QuoteRequestedV1 = z.infer<typeof quoteRequestedV1>;

/**
 * A city-wide request was stored with the companies found serving the city; one quote per company
 * follows. Key: the request id.
 */
export const cityQuoteRequestedV1 = eventSchema('city-quote.requested.v1', {
  requestId: z.string(),
  /** As the customer typed it, "City, State". */
  targetCity: z.string(),
  /** The gazetteer's reading of `targetCity`, or null when it does not know the place. */
  resolvedCity: z.object({ city: z.string(), state: z.string(), latitude: z.number(), longitude: z.number() }).nullable(),
  companyIds: z.array(z.string()),
  companiesNotified: z.number().int().min(0),
  ...quoteTripFields,
  createdAt: z.string(),
});
export type CityQuoteRequestedV1 = z.infer<typeof cityQuoteRequestedV1>;

/** The company's quote mail was accepted by the mail transport. Key: the quote id. */
export const quoteDeliveredV1 = eventSchema('quote.delivered.v1', {
  quoteId: z.string(),
  companyId: z.string(),
  deliveredAt: z.string(),
});
export type QuoteDeliveredV1 = z.infer<typeof quoteDeliveredV1>;

/**
 * A company's median time from quote request to "contacted", over its most recently contacted
 * quotes; published each time one of its quotes is first marked contacted. Key: the company id.
 */
export const companyResponseTimeV1 = eventSchema('company.response-time.v1', {
  companyId: z.string(),
  medianMinutes: z.number().int().min(0),
  /** How many contacted quotes the median is over. */
  sampleSize: z.number().int().min(1),
  computedAt: z.string(),
});
export type CompanyResponseTimeV1 = z.infer<typeof companyResponseTimeV1>;

/**
 * A company's responsiveness over the last {@link RESPONSIVENESS_WINDOW_DAYS} days (issue 21):
 * of the quotes delivered to it in that window, how many got a reply mark (first marked contacted),
 * the median business hours from delivery to that mark, and how many were marked within
 * {@link FAST_REPLY_BUSINESS_HOURS} business hours. Published when a quote is delivered, when one is
 * first marked contacted, and by the periodic sweep as leads leave the window. Key: the company id;
 * the newest `computedAt` wins.
 */
export const companyResponsivenessV1 = eventSchema('company.responsiveness.v1', {
  companyId: z.string(),
  /** Quotes delivered in the window. */
  leadCount: z.number().int().min(0),
  /** Of those, the ones with a reply mark. */
  repliedCount: z.number().int().min(0),
  /** Of those, the ones marked within FAST_REPLY_BUSINESS_HOURS business hours of delivery. */
  fastReplyCount: z.number().int().min(0),
  /** Median business hours from delivery to the reply mark, one decimal; null when none was replied. */
  medianBusinessHours: z.number().min(0).nullable(),
  computedAt: z.string(),
});
export type CompanyResponsivenessV1 = z.infer<typeof companyResponsivenessV1>;

/** The window a company's responsiveness is computed over. */
export const RESPONSIVENESS_WINDOW_DAYS = 30;
/** A reply within this many business hours is a fast one (the Top Rated badge asks 75% of leads). */
export const FAST_REPLY_BUSINESS_HOURS = 4;
/** Fewest leads in the window for a response time and rate to be shown. */
export const RESPONSIVENESS_MIN_LEADS = 3;
