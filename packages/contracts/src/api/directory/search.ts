import { z } from 'zod';
import { normalizePriceRange, normalizeService, normalizeVehicleType } from '../../vocabulary.js';
import { badgesParam } from './credentials.js';
import { listParam, pageParam, termParam } from './fields.js';

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

/** Query of `GET /api/companies`; vocabulary values in any spelling, `all`/`any`/blank meaning no filter. */
export const companySearchQuerySchema = z.object({
  location: z
    .string()
    .trim()
    .max(200, 'Location must be at most 200 characters')
    .optional()
    .transform((v) => v || undefined),
  serviceType: termParam('service type', 100, ['all', 'all services'], normalizeService),
  distance: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/\s*miles?$/i, '').toLowerCase() : '25'))
    .pipe(searchDistanceSchema),
  vehicleTypes: listParam(1000, normalizeVehicleType, (item) => `Unknown vehicle type: ${item}`),
  priceRange: termParam('price range', 50, ['any'], normalizePriceRange),
  /** `verifiedOwner=true`: only listings with the Verified Owner badge. */
  verifiedOwner: z
    .enum(['true', 'false'], { error: 'verifiedOwner must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  /** `badges=licensed,insured`: only companies carrying every badge listed. */
  badges: badgesParam,
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
