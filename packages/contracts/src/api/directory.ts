import { z } from 'zod';
import { reviewStatusSchema } from '../events/directory.events.js';
import { normalizePriceRange, normalizeService, normalizeVehicleType } from '../vocabulary.js';
import { requiredString } from './common.js';

// ---------------------------------------------------------------------------------------------
// Input building blocks. Every optional field distinguishes "not sent" (undefined: leave as is)
// from "cleared" ('' or null: stored as null), because the owner and admin forms send every field.
// ---------------------------------------------------------------------------------------------

const blankToNull = <T>(v: T | '' | null | undefined): T | null | undefined => (v === '' ? null : v);

/** Optional free text, trimmed, at most `max` characters; '' and null clear it. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform(blankToNull);

const companyName = requiredString('Company name is required')
  .trim()
  .min(1, 'Company name is required')
  .max(200, 'Company name must be at most 200 characters');

const isEmail = (v: string) => z.email().safeParse(v).success;

/** Optional e-mail: empty or valid, stored lower-case. */
const optionalEmail = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .refine((v) => v === '' || isEmail(v), message)
    .nullish()
    .transform((v) => blankToNull(v)?.toLowerCase() ?? blankToNull(v));

/** "example.com" and "www.example.com" are taken as https://; only http(s) URLs with a dotted host pass. */
function toWebsiteUrl(input: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(input) ? input : `https://${input}`;
  try {
    const url = new URL(withScheme);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) return null;
    return url.toString();
  } catch {
    return null;
  }
}

const optionalWebsite = z
  .string({ error: 'Please enter a valid website URL' })
  .trim()
  .max(500, 'Please enter a valid website URL')
  .refine((v) => v === '' || toWebsiteUrl(v) !== null, 'Please enter a valid website URL')
  .transform((v) => (v === '' ? null : toWebsiteUrl(v)))
  .nullish();

/** Path of an image this product stores (`POST /api/upload-image` answers its absolute URL). */
export const IMAGE_PATH_PREFIX = '/api/images/';

/** An http(s) URL, or a path to one of our stored images. */
export function isImageUrl(v: string): boolean {
  if (v.startsWith(IMAGE_PATH_PREFIX)) return /^\/api\/images\/[A-Za-z0-9-]{1,64}$/.test(v);
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const optionalImageUrl = z
  .string({ error: 'Please enter a valid image URL' })
  .trim()
  .max(1000, 'Please enter a valid image URL')
  .refine((v) => v === '' || isImageUrl(v), 'Please enter a valid image URL')
  .nullish()
  .transform(blankToNull);

const optionalState = z
  .string({ error: 'Please select a state' })
  .trim()
  .refine((v) => v === '' || /^[A-Za-z]{2}$/.test(v), 'Please select a state (two-letter code, e.g. FL)')
  .nullish()
  .transform((v) => blankToNull(v)?.toUpperCase() ?? blankToNull(v));

const optionalZip = z
  .string({ error: 'Please enter a valid ZIP code' })
  .trim()
  .refine((v) => v === '' || /^\d{5}(-\d{4})?$/.test(v), 'Please enter a valid ZIP code')
  .nullish()
  .transform(blankToNull);

/** A number, a numeric string, or blank/null (cleared). */
const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v),
    schema.nullish(),
  );

const optionalLatitude = optionalNumber(
  z
    .number({ error: 'Latitude must be a number' })
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90'),
);
const optionalLongitude = optionalNumber(
  z
    .number({ error: 'Longitude must be a number' })
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180'),
);

/** Listing and owner forms: the hourly rate is parsed as an integer, blank when empty. */
const optionalRate = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v),
  z
    .number({ error: 'Hourly rate must be a number' })
    .min(0, 'Hourly rate cannot be negative')
    .max(100_000, 'Hourly rate must be at most 100000')
    .transform(Math.round)
    .nullish(),
);

/** Admin form (owner-admin §5): non-numeric input becomes 0. */
const lenientRate = z.preprocess((v) => {
  if (v === null || v === undefined) return v;
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  return Number.isFinite(n) ? n : 0;
}, z.number().min(0, 'Hourly rate cannot be negative').max(100_000, 'Hourly rate must be at most 100000').transform(Math.round).nullish());

/** A vocabulary field: any spelling of the specs' lists, stored as the canonical slug. */
const optionalPriceRange = z
  .string({ error: 'Please select a valid price range' })
  .trim()
  .refine((v) => v === '' || normalizePriceRange(v) !== undefined, 'Please select a valid price range')
  .transform((v) => (v === '' ? null : (normalizePriceRange(v) ?? null)))
  .nullish();

/** A list of vocabulary terms in any spelling: slugs, de-duplicated in first-seen order. */
const termList = (what: string, plural: string, normalize: (s: string) => string | undefined) =>
  z
    .array(z.string({ error: `Each ${what} must be text` }).max(100, `Unknown ${what}`), { error: `${plural} must be a list` })
    .max(50, `At most 50 ${plural.toLowerCase()}`)
    .superRefine((list, ctx) => {
      for (const item of list) {
        if (normalize(item) === undefined) ctx.addIssue({ code: 'custom', message: `Unknown ${what}: ${item}` });
      }
    })
    .transform((list) => [...new Set(list.map((item) => normalize(item) as string))])
    .nullish()
    .transform((v) => (v === null ? [] : v));

const optionalServices = termList('service', 'Services', normalizeService);
const optionalVehicleTypes = termList('vehicle type', 'Vehicle types', normalizeVehicleType);

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** The fields every company form shares (public-side §3, owner-admin §3), all optional here. */
const companyFields = {
  description: optionalText('Description', 5000),
  phone: optionalText('Phone', 40),
  email: optionalEmail('Please enter a valid email address'),
  businessEmail: optionalEmail('Please enter a valid business email'),
  website: optionalWebsite,
  address: optionalText('Address', 300),
  city: optionalText('City', 100),
  state: optionalState,
  zipCode: optionalZip,
  latitude: optionalLatitude,
  longitude: optionalLongitude,
  priceRange: optionalPriceRange,
  services: optionalServices,
  vehicleTypes: optionalVehicleTypes,
  hourlyRateStart: optionalRate,
  imageUrl: optionalImageUrl,
  seoKeywords: optionalText('SEO keywords', 500),
  seoTags: optionalText('SEO tags', 500),
};

/**
 * `POST /api/companies`, the business listing form (public-side §5): only the name is asked on the
 * form, and `fullAddress` is required by the schema. `featured` and `verified` are not accepted.
 */
export const companyCreateBodySchema = z.object({
  name: companyName,
  fullAddress: requiredString('Full address is required')
    .trim()
    .min(1, 'Full address is required')
    .max(500, 'Full address must be at most 500 characters'),
  ...companyFields,
});
export type CompanyCreateBody = z.output<typeof companyCreateBodySchema>;

/**
 * `PUT /api/companies/{id}`: the owner's edit form. Every field optional (absent = unchanged);
 * `featured` and `verified` are applied for admins only.
 */
export const companyUpdateBodySchema = z.object({
  name: companyName.optional(),
  ...companyFields,
  featured: flag('Featured').optional(),
  verified: flag('Verified').optional(),
});
export type CompanyUpdateBody = z.output<typeof companyUpdateBodySchema>;

/** `POST /api/admin/companies` (owner-admin §5): featured and verified default to false; a non-numeric rate becomes 0. */
export const adminCompanyCreateBodySchema = z.object({
  name: companyName,
  ...companyFields,
  hourlyRateStart: lenientRate,
  featured: flag('Featured').default(false),
  verified: flag('Verified').default(false),
});
export type AdminCompanyCreateBody = z.output<typeof adminCompanyCreateBodySchema>;

/** `PUT /api/admin/companies/{id}` (and an admin's `PUT /api/companies/{id}`): every field optional. */
export const adminCompanyUpdateBodySchema = z.object({
  name: companyName.optional(),
  ...companyFields,
  hourlyRateStart: lenientRate,
  featured: flag('Featured').optional(),
  verified: flag('Verified').optional(),
  businessVerified: flag('Business verified').optional(),
});
export type AdminCompanyUpdateBody = z.output<typeof adminCompanyUpdateBodySchema>;

// ---------------------------------------------------------------------------------------------
// Responses. Vocabulary fields are labels ("Stretch Limousine"); priceRange stays `$`..`$$$$`,
// which is what the cards show and every price select offers.
// ---------------------------------------------------------------------------------------------

/** A review (public-side §3). Public pages only ever receive approved ones. */
export const reviewSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  reviewerName: z.string(),
  status: reviewStatusSchema,
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A review in the admin lists, with its company's name. */
export const adminReviewSchema = reviewSchema.extend({ companyName: z.string().nullable() });
export type AdminReview = z.infer<typeof adminReviewSchema>;

/** A company as every visitor sees it (public-side §3, plus the server-added rating fields). */
export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** `$`..`$$$$`. */
  priceRange: z.string().nullable(),
  /** Labels, e.g. "Airport Transfer". */
  services: z.array(z.string()),
  /** Labels, e.g. "Stretch Limousine". */
  vehicleTypes: z.array(z.string()),
  hourlyRateStart: z.number().int().nullable(),
  featured: z.boolean(),
  verified: z.boolean(),
  claimed: z.boolean(),
  claimedAt: z.string().nullable(),
  businessVerified: z.boolean(),
  imageUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  seoKeywords: z.string().nullable(),
  seoTags: z.string().nullable(),
  /** Average of approved reviews, one decimal; 0 when none. */
  rating: z.number(),
  /** Approved reviews only. */
  reviewCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Miles from the searched place, in search results that had one. */
  distanceMiles: z.number().optional(),
});
export type Company = z.infer<typeof companySchema>;

/** `GET /api/companies/{id}`: the company with its approved reviews, newest first. */
export const companyDetailSchema = companySchema.extend({ reviews: z.array(reviewSchema) });
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

/** The premium subscription of a company (owner-admin §3). */
export const subscriptionInfoSchema = z.object({
  subscriptionStatus: z.string(),
  createdAt: z.string(),
  subscriptionEndDate: z.string().nullable(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

/** A company as its owner and the admins see it (owner-admin §3). */
export const ownerCompanySchema = companySchema.extend({
  userId: z.string().nullable(),
  businessEmail: z.string().nullable(),
  /** Same figure as `rating`, under the name the dashboards read. */
  averageRating: z.number(),
  subscriptionInfo: subscriptionInfoSchema.nullable(),
  /** Verified taken away by an admin (suspend); such listings rank below the others. */
  suspended: z.boolean(),
  suspendedAt: z.string().nullable(),
});
export type OwnerCompany = z.infer<typeof ownerCompanySchema>;

/** What an owner's edit changes, as stored in a change request (labels for vocabulary fields). */
export const companyChangesSchema = z.object({
  name: z.string().optional(),
  description: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  businessEmail: z.string().nullable().optional(),
  website: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  zipCode: z.string().nullable().optional(),
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
  priceRange: z.string().nullable().optional(),
  services: z.array(z.string()).optional(),
  vehicleTypes: z.array(z.string()).optional(),
  hourlyRateStart: z.number().int().nullable().optional(),
  imageUrl: z.string().nullable().optional(),
  seoKeywords: z.string().nullable().optional(),
  seoTags: z.string().nullable().optional(),
});
export type CompanyChanges = z.infer<typeof companyChangesSchema>;

/** pending until an admin approves (changes applied) or rejects it. */
export const changeRequestStatusSchema = z.enum(['pending', 'approved', 'rejected']);

/** An unverified owner's edit, waiting for an admin (DESIGN: the "Request Changes" form gets a backend). */
export const changeRequestSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  userId: z.string(),
  requestedBy: z.string(),
  /** The fields the owner changed, with their new values. */
  changes: companyChangesSchema,
  /** The same fields' values when the request was made. */
  previous: companyChangesSchema,
  status: changeRequestStatusSchema,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

/** `PUT /api/companies/{id}` by an owner whose business is not verified yet: 202 with this. */
export const changeRequestCreatedSchema = z.object({
  message: z.string(),
  changeRequest: changeRequestSchema,
});

/** `GET /api/admin/change-requests?status=`: pending by default. */
export const changeRequestListQuerySchema = z.object({
  status: z
    .enum(['pending', 'approved', 'rejected', 'all'], { error: 'Status must be pending, approved, rejected or all' })
    .default('pending'),
});

// ---------------------------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------------------------

/** `POST /api/reviews` (public-side §5). `website` is a honeypot: people leave it empty. */
export const reviewCreateBodySchema = z.object({
  companyId: requiredString('Company is required').trim().min(1, 'Company is required').max(64, 'Company not found'),
  rating: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'Please select a rating from 1 to 5' })
      .int('Please select a rating from 1 to 5')
      .min(1, 'Please select a rating from 1 to 5')
      .max(5, 'Please select a rating from 1 to 5'),
  ),
  reviewerName: requiredString('Please enter your name')
    .trim()
    .min(1, 'Please enter your name')
    .max(100, 'Name must be at most 100 characters'),
  comment: optionalText('Comment', 2000),
  website: z.string().max(500).optional(),
});
export type ReviewCreateBody = z.output<typeof reviewCreateBodySchema>;

// ---------------------------------------------------------------------------------------------
// Search (public-side §7)
// ---------------------------------------------------------------------------------------------

/** Public-side §9: search page size. */
export const SEARCH_PAGE_SIZE = 15;
/** Public-side §3: search radius in miles, or the whole state. */
export const searchDistanceSchema = z.enum(['25', '50', '100', 'statewide'], { error: 'Distance must be 25, 50, 100 or statewide' });
/** Search orders: best-match (premium first, then nearest), rating, distance. */
export const searchSortSchema = z.enum(['best-match', 'rating', 'distance'], { error: 'Sort must be best-match, rating or distance' });
export type SearchSortParam = z.infer<typeof searchSortSchema>;

/** The visitor's detected place, sent as JSON text when no location is typed. */
export const userLocationSchema = z.object({
  city: z.string().trim().max(100).optional(),
  state: z.string().trim().max(50).optional(),
});
export type UserLocation = z.infer<typeof userLocationSchema>;

const USER_LOCATION_MESSAGE = 'userLocation must be JSON like {"city":"Miami","state":"FL"}';

const pageParam = (max: number, fallback: number, what: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message: `${what} must be a whole number from 1 to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/** Query of `GET /api/companies`; vocabulary values in any spelling, `all`/`any`/blank meaning no filter. */
export const companySearchQuerySchema = z.object({
  location: z
    .string()
    .trim()
    .max(200, 'Location must be at most 200 characters')
    .optional()
    .transform((v) => v || undefined),
  serviceType: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v, ctx) => {
      if (!v || v.toLowerCase() === 'all' || v.toLowerCase() === 'all services') return undefined;
      const slug = normalizeService(v);
      if (!slug) {
        ctx.addIssue({ code: 'custom', message: `Unknown service type: ${v}` });
        return z.NEVER;
      }
      return slug;
    }),
  distance: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/\s*miles?$/i, '').toLowerCase() : '25'))
    .pipe(searchDistanceSchema),
  vehicleTypes: z
    .string()
    .max(1000)
    .optional()
    .transform((v, ctx) => {
      const out: string[] = [];
      for (const item of (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const slug = normalizeVehicleType(item);
        if (!slug) {
          ctx.addIssue({ code: 'custom', message: `Unknown vehicle type: ${item}` });
          return z.NEVER;
        }
        if (!out.includes(slug)) out.push(slug);
      }
      return out;
    }),
  priceRange: z
    .string()
    .trim()
    .max(50)
    .optional()
    .transform((v, ctx) => {
      if (!v || v.toLowerCase() === 'any') return undefined;
      const slug = normalizePriceRange(v);
      if (!slug) {
        ctx.addIssue({ code: 'custom', message: `Unknown price range: ${v}` });
        return z.NEVER;
      }
      return slug;
    }),
  minRating: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v || v.toLowerCase() === 'any') return undefined;
      const n = Number(v.replace(/\+$/, ''));
      if (!Number.isFinite(n) || n < 0 || n > 5) {
        ctx.addIssue({ code: 'custom', message: 'Minimum rating must be a number from 1 to 5' });
        return z.NEVER;
      }
      return n === 0 ? undefined : n;
    }),
  userLocation: z
    .string()
    .max(500, USER_LOCATION_MESSAGE)
    .optional()
    .transform((v, ctx): UserLocation | undefined => {
      if (!v || v.trim() === '') return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: USER_LOCATION_MESSAGE });
        return z.NEVER;
      }
      const result = userLocationSchema.safeParse(parsed);
      if (!result.success) {
        ctx.addIssue({ code: 'custom', message: USER_LOCATION_MESSAGE });
        return z.NEVER;
      }
      return result.data;
    }),
  /** Free text on name and description, when the location box holds something that is not a place. */
  q: z
    .string()
    .trim()
    .max(200, 'Search text must be at most 200 characters')
    .optional()
    .transform((v) => v || undefined),
  page: pageParam(1000, 1, 'Page'),
  limit: pageParam(100, SEARCH_PAGE_SIZE, 'Limit'),
  /** `location` is the client's older name for distance order. */
  sort: z
    .string()
    .trim()
    .optional()
    .transform((v) => (!v || v === 'relevance' ? 'best-match' : v === 'location' || v === 'nearest' ? 'distance' : v))
    .pipe(searchSortSchema),
});
export type CompanySearchQuery = z.output<typeof companySearchQuerySchema>;

/** Name of the response header carrying the total of a search (the body stays a JSON array). */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** `GET /api/geo/cities?q=`: "City, ST" suggestions for the location box. */
export const citySuggestQuerySchema = z.object({
  q: z
    .string({ error: 'Type part of a city name' })
    .trim()
    .min(1, 'Type part of a city name')
    .max(100, 'City name must be at most 100 characters'),
  limit: pageParam(20, 8, 'Limit'),
});
/** One suggestion of the location box. */
export const citySuggestionSchema = z.object({
  label: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** The city's central ZIP code (an address picked offline takes it). */
  zipCode: z.string().optional(),
});
export type CitySuggestion = z.infer<typeof citySuggestionSchema>;

const coordinate = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(-max, `${name} must be between -${max} and ${max}`)
    .max(max, `${name} must be between -${max} and ${max}`);
/** Query of GET /api/geo/reverse: the browser's position. */
export const reverseGeocodeQuerySchema = z.object({ latitude: coordinate('Latitude', 90), longitude: coordinate('Longitude', 180) });

// ---------------------------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------------------------

/** `POST /api/upload-image` answer: an absolute URL the gateway serves. */
export const uploadImageResponseSchema = z.object({ imageUrl: z.string() });

// ---------------------------------------------------------------------------------------------
// Admin tools (owner-admin §7)
// ---------------------------------------------------------------------------------------------

/** `GET /api/admin/companies?search&page&limit` (limit 50 by default). */
export const adminCompanyListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(200, 'Search must be at most 200 characters')
    .optional()
    .transform((v) => v || undefined),
  page: pageParam(100_000, 1, 'Page'),
  limit: pageParam(200, 50, 'Limit'),
});

/** One page of the admin company list with the total of every match. */
export const adminCompanyListResponseSchema = z.object({
  companies: z.array(ownerCompanySchema),
  totalCount: z.number().int(),
});
export type AdminCompanyList = z.infer<typeof adminCompanyListResponseSchema>;

/** `POST /api/admin/populate-database` answer. */
export const populateResponseSchema = z.object({
  companiesAdded: z.number().int(),
  citiesProcessed: z.number().int(),
  totalCompanies: z.number().int(),
});
export type PopulateResponse = z.infer<typeof populateResponseSchema>;

/** `fixed` companies lost a verified flag no claim or admin decision backed, out of `total` verified ones checked. */
export const auditVerificationResponseSchema = z.object({
  fixed: z.number().int(),
  total: z.number().int(),
});
export type AuditVerificationResponse = z.infer<typeof auditVerificationResponseSchema>;

/** `GET /api/admin/companies-by-state`: one state and its company count. */
export const stateCountSchema = z.object({ state: z.string(), count: z.number().int() });
export const stateCountsResponseSchema = z.array(stateCountSchema);
export type StateCount = z.infer<typeof stateCountSchema>;

/** The claim page's page size for `GET /api/all-companies?search=`. */
export const CLAIM_SEARCH_PAGE_SIZE = 12;

/**
 * `GET /api/all-companies`: without a query, every company by name (the spec's client); with
 * `search` or `page`, one page of the companies whose name, city, state or e-mail contains the
 * text (case-insensitive), the total in `X-Total-Count`.
 */
export const allCompaniesQuerySchema = z.object({
  search: z.string({ error: 'Search must be text' }).trim().max(100, 'Search must be at most 100 characters').optional(),
  page: z.coerce
    .number({ error: 'Page must be a whole number of 1 or more' })
    .int('Page must be a whole number of 1 or more')
    .min(1, 'Page must be a whole number of 1 or more')
    .max(10_000, 'Page must be a whole number of 1 or more')
    .optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a whole number from 1 to 100' })
    .int('Limit must be a whole number from 1 to 100')
    .min(1, 'Limit must be a whole number from 1 to 100')
    .max(100, 'Limit must be a whole number from 1 to 100')
    .optional(),
});
