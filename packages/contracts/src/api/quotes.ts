import { z } from 'zod';
import { quoteTripFields } from '../events/quotes.events.js';
import { errorResponseSchema, requiredString, requiredText } from './common.js';
import { earliestTripDate, isCalendarDate, latestTripDate, MAX_TRIP_YEARS_AHEAD } from '../trip-dates.js';

/** Public-side §3: the per-company quote dialog's service types, in the dialog's order. */
export const QUOTE_SERVICE_TYPES = [
  'To Airport',
  'From Airport',
  'Point-to-Point (one-way)',
  'Just Drive (hourly)',
  'Prom / School Event',
  'Wedding',
  'Birthday / Anniversary',
  'Night-on-the-Town',
  'Concert / Sporting Event',
  'Bachelor(ette) Party',
  'To Cruiseport',
  'From Cruiseport',
  'Wine/Private Tour',
  'Funeral',
  'Corporate Event',
  'Multi-Day Event',
  'VIP Special Event',
] as const;
/** One of {@link QUOTE_SERVICE_TYPES}. */
export type QuoteServiceType = (typeof QUOTE_SERVICE_TYPES)[number];

/** Public-side §2: the service types whose trip has a destination, so dropoff is shown and required. */
export const DROPOFF_REQUIRED_SERVICE_TYPES: readonly QuoteServiceType[] = [
  'To Airport',
  'From Airport',
  'Point-to-Point (one-way)',
  'To Cruiseport',
  'From Cruiseport',
];

/** Whether the per-company form requires a dropoff location for `serviceType`. */
export const requiresDropoff = (serviceType: string): boolean =>
  (DROPOFF_REQUIRED_SERVICE_TYPES as readonly string[]).includes(serviceType);

/** Public-side §3: per-company passenger buckets. */
export const QUOTE_PASSENGER_BUCKETS = ['1-2', '3-4', '5-8', '9-12', '13-16', '17-20', '21+'] as const;

/** Public-side §3: vehicle choices of the per-company dialog when the company lists none. */
export const QUOTE_DEFAULT_VEHICLE_TYPES = [
  'Luxury Sedan',
  'SUV',
  'Stretch Limousine',
  'SUV Stretch',
  'Town Car',
  'Sprinter Van',
  'Limo Sprinter',
  'Party Bus',
  'Shuttle Bus',
  'Motorcoach',
] as const;

/** Public-side §3: city-wide form service types. */
export const CITY_QUOTE_SERVICE_TYPES = [
  'Airport Transfer',
  'Wedding',
  'Prom',
  'Birthday Party',
  'Anniversary',
  'Corporate Event',
  'City Tour',
  'Night Out',
  'Bachelor/Bachelorette',
  'Funeral',
  'Shopping Tour',
  'Wine Tour',
  'Concert',
  'Business Meeting',
  'Other',
] as const;

/** Public-side §3: city-wide passenger ranges. */
export const CITY_QUOTE_PASSENGER_RANGES = ['1-2', '3-4', '5-6', '7-8', '9-10', '11-15', '16-20', '20+'] as const;

/** Public-side §3: city-wide vehicle types. */
export const CITY_QUOTE_VEHICLE_TYPES = [
  'Sedan',
  'SUV',
  'Stretch Limousine',
  'Party Bus',
  'Executive Van',
  'Charter Bus',
  'Luxury Coach',
  'Vintage Car',
] as const;

/** Owner-admin side §4: quote request statuses. */
export const QUOTE_STATUSES = ['pending', 'contacted', 'completed'] as const;
/** A quote request's status. */
export const quoteStatusSchema = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof quoteStatusSchema>;

/** Where a quote came from: the company's own dialog, or the city-wide form. */
export const quoteSourceSchema = z.enum(['company', 'city']);
export type QuoteSource = z.infer<typeof quoteSourceSchema>;

/** Owner list page size (owner-admin side §2.10). */
export const OWNER_QUOTES_PAGE_SIZE = 15;
/** Admin list default page size (owner-admin side §2.9). */
export const ADMIN_QUOTES_PAGE_SIZE = 20;

const minutesLabel = (minutes: number): string => {
  const h24 = Math.floor(minutes / 60);
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(minutes % 60).padStart(2, '0')} ${h24 < 12 ? 'AM' : 'PM'}`;
};

/** The time choices of a form: "12:00 AM" to the last slot before midnight, every `stepMinutes`. */
export function tripTimeSlots(stepMinutes: number): string[] {
  const slots: string[] = [];
  for (let m = 0; m < 24 * 60; m += stepMinutes) slots.push(minutesLabel(m));
  return slots;
}

/** Public-side §2: the per-company dialog offers 15-minute steps (96 choices). */
export const QUOTE_TIME_SLOTS = tripTimeSlots(15);
/** Public-side §3: the city form offers 30-minute steps (48 choices). */
export const CITY_QUOTE_TIME_SLOTS = tripTimeSlots(30);

/**
 * The slot label ("1:30 PM") for a time given as a 12-hour label ("1:30 PM", "01:30pm") or as 24-hour
 * "HH:mm" ("13:30"), when it falls on a `stepMinutes` step; otherwise undefined.
 */
export function normalizeTripTime(input: string, stepMinutes: number): string | undefined {
  const value = input.trim();
  let minutes: number;
  const twelve = /^(\d{1,2}):(\d{2})\s*([AaPp])\.?[Mm]\.?$/.exec(value);
  const twentyFour = /^(\d{1,2}):(\d{2})$/.exec(value);
  if (twelve) {
    const hour = Number(twelve[1]);
    const minute = Number(twelve[2]);
    if (hour < 1 || hour > 12 || minute > 59) return undefined;
    const pm = twelve[3].toLowerCase() === 'p';
    minutes = ((hour % 12) + (pm ? 12 : 0)) * 60 + minute;
  } else if (twentyFour) {
    const hour = Number(twentyFour[1]);
    const minute = Number(twentyFour[2]);
    if (hour > 23 || minute > 59) return undefined;
    minutes = hour * 60 + minute;
  } else {
    return undefined;
  }
  return minutes % stepMinutes === 0 ? minutesLabel(minutes) : undefined;
}

/** An optional free-text field: blank becomes undefined. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: tooLong })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : undefined));

const emailField = (message: string) => requiredString(message).trim().max(254, message).email(message);

/** At least 10 digits, written with the characters people use in phone numbers (and an optional extension). */
const PHONE_PATTERN = /^\+?[\d\s().-]+(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i;
const phoneField = (message: string) =>
  requiredString(message)
    .trim()
    .min(10, message)
    .max(30, message)
    // The spec asks for 10 characters; phone punctuation only, and enough digits to be a number.
    .refine((v) => PHONE_PATTERN.test(v) && (v.replace(/(?:x|ext\.?)\s*\d+$/i, '').match(/\d/g)?.length ?? 0) >= 7, message);

// One check per field, none of them aborting: an aborted field issue would stop zod from running the
// object-level dropoff rule, and the form must learn every problem at once.
const tripDateField = (required: string) =>
  requiredString(required)
    .trim()
    // A date picker that JSON-encodes a Date sends "2026-12-20T05:00:00.000Z": its calendar day counts.
    .transform((v) => (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v))
    .superRefine((v, ctx) => {
      const message = !v
        ? required
        : !isCalendarDate(v)
          ? 'Please enter the trip date as YYYY-MM-DD'
          : v < earliestTripDate()
            ? 'Trip date cannot be in the past'
            : v > latestTripDate()
              ? `Trip date must be within the next ${MAX_TRIP_YEARS_AHEAD} years`
              : undefined;
      if (message) ctx.addIssue({ code: 'custom', message });
    });

const tripTimeField = (required: string, stepMinutes: number) =>
  requiredString(required)
    .trim()
    .superRefine((v, ctx) => {
      if (!v) ctx.addIssue({ code: 'custom', message: required });
      else if (!normalizeTripTime(v, stepMinutes))
        ctx.addIssue({ code: 'custom', message: `Please choose a trip time in ${stepMinutes}-minute steps, e.g. 1:30 PM` });
    })
    .transform((v) => normalizeTripTime(v, stepMinutes) ?? v);

const LOCATION_TOO_LONG = 'Location must be at most 300 characters';
const SPECIAL_REQUESTS_TOO_LONG = 'Special requests must be at most 2000 characters';

/**
 * Public-side §5: the per-company quote form plus `companyId`, with the spec's messages. Dropoff is
 * required only for {@link DROPOFF_REQUIRED_SERVICE_TYPES}; the trip date may not be before today in
 * `TRIP_DATE_TIME_ZONE` (../trip-dates.ts); the time is normalised to its 15-minute slot label ("1:15 PM").
 */
export const quoteRequestBodySchema = z
  .object({
    companyId: requiredText(
      'Please choose a company to send the quote request to',
      64,
      'Please choose a company to send the quote request to',
    ),
    customerName: requiredString('Name must be at least 2 characters')
      .trim()
      .min(2, 'Name must be at least 2 characters')
      .max(100, 'Name must be at most 100 characters'),
    customerEmail: emailField('Please enter a valid email address'),
    customerPhone: phoneField('Please enter a valid phone number'),
    serviceType: z.enum(QUOTE_SERVICE_TYPES, { error: 'Please select a service type' }),
    pickupLocation: requiredText('Please enter pickup location', 300, LOCATION_TOO_LONG),
    dropoffLocation: optionalText(300, LOCATION_TOO_LONG),
    tripDate: tripDateField('Please select trip date'),
    tripTime: tripTimeField('Please select trip time', 15),
    passengerCount: z.enum(QUOTE_PASSENGER_BUCKETS, { error: 'Please select number of passengers' }),
    vehicleType: optionalText(100, 'Vehicle type must be at most 100 characters'),
    specialRequests: optionalText(2000, SPECIAL_REQUESTS_TOO_LONG),
  })
  .refine((v) => !requiresDropoff(v.serviceType) || v.dropoffLocation !== undefined, {
    path: ['dropoffLocation'],
    message: 'Please enter dropoff location',
    // Checked even when other fields failed, so the form learns every problem at once.
    when: (payload) => !payload.issues.some((i) => i.path?.[0] === 'serviceType' || i.path?.[0] === 'dropoffLocation'),
  });
export type QuoteRequestBody = z.infer<typeof quoteRequestBodySchema>;

/** "City, State": exactly one comma, and at least 2 characters after it once trimmed (public-side §5). */
export function isCityStateText(value: string): boolean {
  const parts = value.split(',');
  return parts.length === 2 && parts[1].trim().length >= 2;
}

/** Public-side §5: the message for a city that is not "City, State". */
export const CITY_FORMAT_MESSAGE = 'Please enter city and state in format: City, State (e.g., Rockford, IL)';

/** Public-side §5: the 12 fields of the city-wide quote form, with the spec's messages. */
export const cityQuoteRequestBodySchema = z.object({
  targetCity: requiredString('City of service is required')
    .trim()
    .min(1, { message: 'City of service is required', abort: true })
    .max(100, { message: CITY_FORMAT_MESSAGE, abort: true })
    .refine(isCityStateText, CITY_FORMAT_MESSAGE),
  customerName: requiredText('Name is required', 100, 'Name must be at most 100 characters'),
  customerEmail: emailField('Valid email is required'),
  customerPhone: phoneField('Phone number is required'),
  serviceType: z.enum(CITY_QUOTE_SERVICE_TYPES, { error: 'Service type is required' }),
  pickupLocation: requiredText('Pickup location is required', 300, LOCATION_TOO_LONG),
  dropoffLocation: requiredText('Dropoff location is required', 300, LOCATION_TOO_LONG),
  tripDate: tripDateField('Trip date is required'),
  tripTime: tripTimeField('Trip time is required', 30),
  passengerCount: z.enum(CITY_QUOTE_PASSENGER_RANGES, { error: 'Passenger count is required' }),
  vehicleType: z.enum(CITY_QUOTE_VEHICLE_TYPES, { error: 'Vehicle type is required' }),
  specialRequests: optionalText(2000, SPECIAL_REQUESTS_TOO_LONG),
});
export type CityQuoteRequestBody = z.infer<typeof cityQuoteRequestBodySchema>;

/** A company a city-wide request goes to. */
export const cityQuoteCompanySchema = z.object({ id: z.string(), name: z.string() });
export type CityQuoteCompany = z.infer<typeof cityQuoteCompanySchema>;

/**
 * Answer to POST /api/city-quote-requests: the best-matched companies of the city the request goes
 * to (at most the configured number, 5 by default; docs/directory.md).
 */
export const cityQuoteRequestCreatedSchema = z.object({
  id: z.string(),
  companiesNotified: z.number().int().min(0),
  companies: z.array(cityQuoteCompanySchema),
});

/** Query of GET /api/city-quote-requests/preview. */
export const cityQuotePreviewQuerySchema = z.object({
  targetCity: cityQuoteRequestBodySchema.shape.targetCity,
  serviceType: z.enum(CITY_QUOTE_SERVICE_TYPES, { error: "Service type must be one of the form's choices" }).optional(),
  vehicleType: z.enum(CITY_QUOTE_VEHICLE_TYPES, { error: "Vehicle type must be one of the form's choices" }).optional(),
});
export type CityQuotePreviewQuery = z.infer<typeof cityQuotePreviewQuerySchema>;

/**
 * Answer to GET /api/city-quote-requests/preview: how many companies a request to the city would reach
 * now, and which kind: `verifiedOwners` and `owners` get the customer's details; `unclaimed`
 * listings get only an invitation to claim their listing (they count in `companiesNotified`).
 */
export const cityQuotePreviewSchema = z.object({
  /** The city as the gazetteer reads it ("Miami, FL"), else as typed. */
  city: z.string(),
  companiesNotified: z.number().int().min(0),
  /** How many companies serve the city in all (the request goes to the best-matched few). */
  companiesServing: z.number().int().min(0),
  verifiedOwners: z.number().int().min(0),
  owners: z.number().int().min(0),
  unclaimed: z.number().int().min(0),
  /** The most companies a request goes to (setting CITY_QUOTE_MAX_COMPANIES). */
  maxCompanies: z.number().int().min(1),
});
export type CityQuotePreview = z.infer<typeof cityQuotePreviewSchema>;
export type CityQuoteRequestCreated = z.infer<typeof cityQuoteRequestCreatedSchema>;

/** How many served cities a 422 of POST /api/city-quote-requests offers at most. */
export const NEARBY_CITIES_LIMIT = 5;

/** A city near an unserved one where a city-wide request would reach at least one company. */
export const nearbyCitySchema = z.object({
  city: z.string(),
  /** Two-letter code. */
  state: z.string(),
  /** "City, ST", as the form's city of service takes it. */
  label: z.string(),
  /** How many companies serve `label` now (a city-wide request goes to the best-matched few of them). */
  companies: z.number().int().min(1),
  /** From the unserved city's centre (or its state's, for a city the gazetteer does not know), rounded. */
  distanceMiles: z.number().int().min(0),
});
export type NearbyCity = z.infer<typeof nearbyCitySchema>;

/**
 * 422 of POST /api/city-quote-requests: no active company that can be reached serves the city, so
 * nothing was stored or sent; the nearest served cities first, at most {@link NEARBY_CITIES_LIMIT}.
 */
export const cityQuoteUnservedSchema = errorResponseSchema.extend({
  nearbyCities: z.array(nearbyCitySchema).max(NEARBY_CITIES_LIMIT),
});
export type CityQuoteUnserved = z.infer<typeof cityQuoteUnservedSchema>;

/**
 * A quote request as owners and admins see it (owner-admin side §3), with lead tracking: when the mail
 * reached the company's mail server, when the owner first saw it, when it was marked contacted.
 */
export const quoteRequestSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  source: quoteSourceSchema,
  ...quoteTripFields,
  status: quoteStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  deliveredAt: z.string().nullable(),
  firstViewedAt: z.string().nullable(),
  contactedAt: z.string().nullable(),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** Answer to POST /api/quote-requests: the stored request, pending until the company acts. */
export const quoteRequestCreatedSchema = quoteRequestSchema.pick({
  id: true,
  companyId: true,
  companyName: true,
  status: true,
  createdAt: true,
});
export type QuoteRequestCreated = z.infer<typeof quoteRequestCreatedSchema>;

const pageNumber = z.coerce
  .number({ error: 'Page must be a whole number of 1 or more' })
  .int('Page must be a whole number of 1 or more')
  .min(1, 'Page must be a whole number of 1 or more')
  .max(100_000, 'Page must be a whole number of 1 or more');
const pageField = pageNumber.default(1);

/** `companyId` of the owner's quote routes: one of the caller's companies (the dashboard's switcher); the first when absent. */
const ownedCompanyId = z.string().trim().min(1, 'companyId must not be empty').max(100, 'companyId is too long').optional();

/** Query of GET /api/quote-requests (owner): every quote newest first, or one page of 15 with `page`. */
export const ownerQuoteListQuerySchema = z.object({ page: pageNumber.optional(), companyId: ownedCompanyId });

/** Query of GET /api/quote-requests/summary (owner). */
export const ownerQuoteSummaryQuerySchema = z.object({ companyId: ownedCompanyId });

/** A company's median time from request to "contacted" over its recent quotes. */
export const responseTimeSchema = z.object({
  medianMinutes: z.number().int().min(0),
  sampleSize: z.number().int().min(1),
  computedAt: z.string(),
});
export type ResponseTime = z.infer<typeof responseTimeSchema>;

/**
 * Answer to GET /api/quote-requests: a JSON array (the spec's client reads a list), the owner's first
 * company's quotes newest first; the total is in the `X-Total-Count` header.
 */
export const ownerQuoteListSchema = z.array(quoteRequestSchema);

/** Answer to GET /api/quote-requests/summary: which company the owner's quotes are for, and its response time. */
export const ownerQuoteSummarySchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  total: z.number().int(),
  responseTime: responseTimeSchema.nullable(),
});
export type OwnerQuoteSummary = z.infer<typeof ownerQuoteSummarySchema>;
export type OwnerQuoteList = z.infer<typeof ownerQuoteListSchema>;

/** Query of GET /api/admin/quote-requests; `status` "all" or empty means every status. */
export const adminQuoteListQuerySchema = z.object({
  page: pageField,
  limit: z.coerce
    .number({ error: 'Limit must be a whole number from 1 to 100' })
    .int('Limit must be a whole number from 1 to 100')
    .min(1, 'Limit must be a whole number from 1 to 100')
    .max(100, 'Limit must be a whole number from 1 to 100')
    .default(ADMIN_QUOTES_PAGE_SIZE),
  status: z
    .enum(['all', '', ...QUOTE_STATUSES], { error: 'Status must be pending, contacted, completed or all' })
    .optional()
    .transform((v) => (v === 'all' || v === '' ? undefined : v)),
  search: z
    .string()
    .trim()
    .max(100, 'Search must be at most 100 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type AdminQuoteListQuery = z.infer<typeof adminQuoteListQuerySchema>;

/** Answer to GET /api/admin/quote-requests (owner-admin side §7). */
export const adminQuoteListSchema = z.object({
  quoteRequests: z.array(quoteRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type AdminQuoteList = z.infer<typeof adminQuoteListSchema>;

/** Body of PUT /api/quote-requests/{id} (owner: only "contacted") and PUT /api/admin/quote-requests/{id}. */
export const quoteStatusBodySchema = z.object({
  status: z.enum(QUOTE_STATUSES, { error: 'Status must be pending, contacted or completed' }),
});
export type QuoteStatusBody = z.infer<typeof quoteStatusBodySchema>;
