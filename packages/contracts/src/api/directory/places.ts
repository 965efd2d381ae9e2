import { z } from 'zod';
import { companySchema } from './companies.js';

// ---------------------------------------------------------------------------------------------
// Places: the landing pages' data (`/limo-service/{state}[/{city}]`) and the sitemap's
// (services/directory/src/routes/places/, services/directory/src/routes/company-links/)
// ---------------------------------------------------------------------------------------------

/** Companies per page of a city page. */
export const CITY_PAGE_SIZE = 20;
/** Companies per chunk of `GET /api/company-links`: a sitemap holds at most 50,000 URLs. */
export const COMPANY_LINKS_CHUNK_SIZE = 50_000;

const stateSlugParam = z.string().regex(/^[a-z]{2}$/, 'State must be a two-letter lower-case code, such as "fl"');
const citySlugParam = z
  .string()
  .max(100, 'City must be at most 100 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'City must be a lower-case hyphenated name, such as "fort-lauderdale"');
const pageParam = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(100_000, message);

/** `GET /api/places/{state}`. */
export const stateParamsSchema = z.object({ state: stateSlugParam });
/** `GET /api/places/{state}/{city}`. */
export const cityParamsSchema = z.object({ state: stateSlugParam, city: citySlugParam });
/** `?page=` of a city page (1 when absent). */
export const cityPageQuerySchema = z.object({ page: pageParam('Page must be a whole number of at least 1').default(1) });
/** `?chunk=` of `GET /api/company-links` (1 when absent). */
export const companyLinksQuerySchema = z.object({ chunk: pageParam('Chunk must be a whole number of at least 1').default(1) });

/** A city with companies: its name as listed, its slug, how many, and when one last changed. */
export const cityCountSchema = z.object({
  city: z.string(),
  slug: z.string(),
  count: z.number().int(),
  lastModified: z.string(),
});
export type CityCount = z.infer<typeof cityCountSchema>;

/** A state with companies and its cities, most companies first. */
export const stateSummarySchema = z.object({
  /** Two-letter code, upper case ("FL"). */
  state: z.string(),
  slug: z.string(),
  name: z.string(),
  count: z.number().int(),
  lastModified: z.string(),
  cities: z.array(cityCountSchema),
});
export type StateSummary = z.infer<typeof stateSummarySchema>;

/** `GET /api/places`: every state with companies, by name. */
export const placesResponseSchema = z.object({ states: z.array(stateSummarySchema) });
export type PlacesResponse = z.infer<typeof placesResponseSchema>;

/** Figures of a city computed from its companies. */
export const cityFiguresSchema = z.object({
  companyCount: z.number().int(),
  /** Mean rating of the companies with approved reviews, one decimal; null when none has any. */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** Mean, lowest and highest starting hourly rate of the companies that state one, whole dollars. */
  averageHourlyRate: z.number().nullable(),
  lowestHourlyRate: z.number().nullable(),
  highestHourlyRate: z.number().nullable(),
  /** Services offered, as labels, with how many companies offer each, most first. */
  services: z.array(z.object({ service: z.string(), count: z.number().int() })),
});
export type CityFigures = z.infer<typeof cityFiguresSchema>;

/** A nearby city with companies. */
export const nearbyLandingCitySchema = z.object({
  city: z.string(),
  state: z.string(),
  path: z.string(),
  count: z.number().int(),
  distanceMiles: z.number(),
});

/** `GET /api/places/{state}/{city}?page=`: the city's companies ranked, a page at a time, with its figures. */
export const cityPageResponseSchema = z.object({
  city: z.string(),
  state: z.string(),
  stateName: z.string(),
  page: z.number().int(),
  pages: z.number().int(),
  pageSize: z.number().int(),
  lastModified: z.string(),
  figures: cityFiguresSchema,
  companies: z.array(companySchema),
  nearby: z.array(nearbyLandingCitySchema),
});
export type CityPageData = z.infer<typeof cityPageResponseSchema>;

/** `GET /api/company-links?chunk=`: every company's id and last change, by id, a chunk at a time. */
export const companyLinksResponseSchema = z.object({
  total: z.number().int(),
  chunks: z.number().int(),
  companies: z.array(z.object({ id: z.string(), lastModified: z.string() })),
});
export type CompanyLinks = z.infer<typeof companyLinksResponseSchema>;
