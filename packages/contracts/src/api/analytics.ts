import { z } from 'zod';
import { responseTimeSchema } from './quotes.js';

// ---------------------------------------------------------------------------------------------
// POST /api/analytics/track (public-side §3, §4, §7)
// ---------------------------------------------------------------------------------------------

/**
 * Public-side §7: the five event types, plus `call_click` and `website_click` (the company page's
 * Call Now and website links) so owners see their leads.
 */
export const ANALYTICS_ACTION_TYPES = [
  'page_view',
  'search',
  'company_view',
  'quote_request',
  'review_submission',
  'call_click',
  'website_click',
] as const;
/** One of {@link ANALYTICS_ACTION_TYPES}. */
export const analyticsActionTypeSchema = z.enum(ANALYTICS_ACTION_TYPES, {
  error: `actionType must be one of ${ANALYTICS_ACTION_TYPES.join(', ')}`,
});
export type AnalyticsActionType = z.infer<typeof analyticsActionTypeSchema>;

/** Public-side §3: mobile up to 768 px wide, tablet up to 1024 px, desktop above. */
export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;
export const deviceTypeSchema = z.enum(DEVICE_TYPES, { error: 'deviceType must be mobile, tablet or desktop' });
export type DeviceType = z.infer<typeof deviceTypeSchema>;

/** Event types that are about one company and must name it. */
export const COMPANY_ACTION_TYPES: readonly AnalyticsActionType[] = ['company_view', 'review_submission', 'call_click', 'website_click'];

/** How far a client's `timestamp` may be from the server's clock before the event is refused (400). */
export const TRACK_MAX_PAST_MS = 24 * 60 * 60 * 1000;
export const TRACK_MAX_FUTURE_MS = 60 * 60 * 1000;

/** Field size limits of the track request (longer answers 400). */
export const TRACK_LIMITS = {
  sessionId: 128,
  userAgent: 1024,
  referrer: 2048,
  page: 2048,
  searchQuery: 500,
  searchFilters: 4096,
  companyId: 64,
  companyIds: 100,
} as const;

const text = (field: string, max: number) =>
  z.string({ error: `${field} must be text` }).max(max, `${field} must be at most ${max} characters`);
const optionalText = (field: string, max: number) =>
  text(field, max)
    .trim()
    .nullish()
    .transform((v) => (v ? v : undefined));

/**
 * The analytics event the web app sends (public-side §3 "Analytics event"), fire and forget.
 * Only `sessionId` and `actionType` are required; the server adds the received time, the user agent
 * it saw, the visitor's country/state/city (from the client IP, which is never stored), the device
 * type from the user agent when `deviceType` is missing, and a daily-rotating visitor hash.
 */
export const trackEventBodySchema = z
  .object({
    /** One id per browser tab session (public-side §4). */
    sessionId: text('sessionId', TRACK_LIMITS.sessionId).trim().min(1, 'sessionId is required'),
    /** The browser's user agent as the page read it; the request's own header wins when both exist. */
    userAgent: optionalText('userAgent', TRACK_LIMITS.userAgent),
    deviceType: deviceTypeSchema.nullish().transform((v) => v ?? undefined),
    /** Previous page, an external URL, or "direct". */
    referrer: optionalText('referrer', TRACK_LIMITS.referrer),
    /** ISO 8601 time on the client; at most 24 h in the past or 1 h in the future. */
    timestamp: z
      .string({ error: 'timestamp must be an ISO 8601 date-time' })
      .max(40, 'timestamp must be an ISO 8601 date-time')
      .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v), 'timestamp must be an ISO 8601 date-time')
      .refine((v) => Date.parse(v) >= Date.now() - TRACK_MAX_PAST_MS, 'timestamp is more than 24 hours in the past')
      .refine((v) => Date.parse(v) <= Date.now() + TRACK_MAX_FUTURE_MS, 'timestamp is more than 1 hour in the future')
      .nullish()
      .transform((v) => v ?? undefined),
    actionType: analyticsActionTypeSchema,
    currentPage: optionalText('currentPage', TRACK_LIMITS.page),
    /** The first page of the tab session (public-side §4). */
    landingPage: optionalText('landingPage', TRACK_LIMITS.page),
    searchQuery: optionalText('searchQuery', TRACK_LIMITS.searchQuery),
    /** JSON text of the search filters (an object is accepted and stored as its JSON text). */
    searchFilters: z
      .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())], { error: 'searchFilters must be JSON text' })
      .nullish()
      .transform((v) => (v === null || v === undefined || v === '' ? undefined : typeof v === 'string' ? v : JSON.stringify(v)))
      .refine(
        (v) => v === undefined || v.length <= TRACK_LIMITS.searchFilters,
        `searchFilters must be at most ${TRACK_LIMITS.searchFilters} characters`,
      ),
    companyId: optionalText('companyId', TRACK_LIMITS.companyId),
    /** `search` only: ids of the companies on the result page shown, for owners' "search appearances". */
    companyIds: z
      .array(text('companyIds[]', TRACK_LIMITS.companyId).min(1, 'companyIds[] must not be empty'), {
        error: 'companyIds must be a list of company ids',
      })
      .max(TRACK_LIMITS.companyIds, `companyIds must list at most ${TRACK_LIMITS.companyIds} companies`)
      .nullish()
      .transform((v) => (v ? [...new Set(v)] : undefined)),
    /** Seconds spent on the previous page, when the client measures it (traffic_analytics.timeSpent). */
    timeSpent: z
      .number({ error: 'timeSpent must be a number of seconds' })
      .int('timeSpent must be a whole number of seconds')
      .min(0, 'timeSpent must be 0 or more')
      .max(86_400, 'timeSpent must be at most 86400 seconds')
      .nullish()
      .transform((v) => v ?? undefined),
  })
  .refine((v) => !COMPANY_ACTION_TYPES.includes(v.actionType) || v.companyId !== undefined, {
    path: ['companyId'],
    message: 'companyId is required for this actionType',
    when: (payload) => !payload.issues.some((i) => i.path?.[0] === 'actionType' || i.path?.[0] === 'companyId'),
  });
export type TrackEventBody = z.output<typeof trackEventBodySchema>;
export type TrackEventInput = z.input<typeof trackEventBodySchema>;

/** Most events in one POST /api/analytics/track/batch. */
export const TRACK_BATCH_MAX = 100;

/** Body of POST /api/analytics/track/batch: several events of one page, each as {@link trackEventBodySchema}. */
export const trackBatchBodySchema = z.object({
  events: z
    .array(trackEventBodySchema, { error: 'events must be a list of analytics events' })
    .min(1, 'events must list at least one event')
    .max(TRACK_BATCH_MAX, `events must list at most ${TRACK_BATCH_MAX} events`),
});
export type TrackBatchBody = z.output<typeof trackBatchBodySchema>;

/** Answer to POST /api/analytics/track: 202 and an empty object, whether the event was counted or dropped (bots, replays). */
export const trackAcceptedSchema = z.object({});

// ---------------------------------------------------------------------------------------------
// Admin: GET /api/admin/analytics/* (owner-admin side §2.9 tab 7, §3, §7, §9)
// ---------------------------------------------------------------------------------------------

/** Owner-admin §9: the windows the dashboards offer; 30 is the default. */
export const ANALYTICS_WINDOWS = [7, 30, 90, 365] as const;
export const DEFAULT_ANALYTICS_DAYS = 30;
export const TOP_COMPANIES_LIMIT = 10;
export const POPULAR_SEARCHES_LIMIT = 20;
export const MAX_ANALYTICS_LIMIT = 100;
/** GET /api/admin/analytics/realtime covers the last 30 minutes. */
export const REALTIME_WINDOW_MINUTES = 30;

const daysField = z
  .enum(['7', '30', '90', '365'], { error: 'days must be 7, 30, 90 or 365' })
  .default('30')
  .transform((v) => Number(v) as (typeof ANALYTICS_WINDOWS)[number]);
const limitField = (fallback: number) =>
  z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_ANALYTICS_LIMIT}` })
    .int(`limit must be a whole number from 1 to ${MAX_ANALYTICS_LIMIT}`)
    .min(1, `limit must be a whole number from 1 to ${MAX_ANALYTICS_LIMIT}`)
    .max(MAX_ANALYTICS_LIMIT, `limit must be a whole number from 1 to ${MAX_ANALYTICS_LIMIT}`)
    .default(fallback);

/** Query of overview, geographic, daily-trends, devices, referrers and the owner's analytics: `days`. */
export const analyticsDaysQuerySchema = z.object({ days: daysField });
export type AnalyticsDaysQuery = z.output<typeof analyticsDaysQuerySchema>;
/** Query of GET /api/admin/analytics/top-companies: `days`, `limit` (default 10). */
export const topCompaniesQuerySchema = z.object({ days: daysField, limit: limitField(TOP_COMPANIES_LIMIT) });
/** Query of GET /api/admin/analytics/popular-searches: `days`, `limit` (default 20). */
export const popularSearchesQuerySchema = z.object({ days: daysField, limit: limitField(POPULAR_SEARCHES_LIMIT) });
export type AnalyticsLimitQuery = z.output<typeof topCompaniesQuerySchema>;

const count = z.number().int().min(0);

/** Owner-admin §3 "overview" figures. */
export const analyticsOverviewFiguresSchema = z.object({
  totalPageViews: count,
  totalCompanyViews: count,
  totalSearches: count,
  totalQuoteRequests: count,
  uniqueVisitors: count,
});
export type AnalyticsOverviewFigures = z.infer<typeof analyticsOverviewFiguresSchema>;

/**
 * GET /api/admin/analytics/overview: the spec's five figures for the last `days` days, and
 * `previousPeriod` with the same figures for the `days` days before (to show the change).
 */
export const analyticsOverviewSchema = analyticsOverviewFiguresSchema.extend({
  previousPeriod: analyticsOverviewFiguresSchema,
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

/** GET /api/admin/analytics/top-companies: most viewed companies first (limit 10). */
export const topCompanySchema = z.object({
  companyId: z.string(),
  /** The company's current name; the id when the company is unknown (e.g. deleted). */
  companyName: z.string(),
  viewCount: count,
  quoteCount: count,
});
export const topCompaniesSchema = z.array(topCompanySchema);
export type TopCompany = z.infer<typeof topCompanySchema>;

/** GET /api/admin/analytics/geographic: places by distinct visitors, most first. "Unknown" where the IP gave no place. */
export const geographicStatSchema = z.object({
  city: z.string(),
  state: z.string(),
  country: z.string(),
  visitorCount: count,
});
export const geographicStatsSchema = z.array(geographicStatSchema);
export type GeographicStat = z.infer<typeof geographicStatSchema>;

/**
 * GET /api/admin/analytics/daily-trends: one row for every day of the window (UTC, days without
 * events as zeros), newest first; `date` is yyyy-MM-dd.
 */
export const dailyTrendSchema = z.object({
  date: z.string(),
  pageViews: count,
  companyViews: count,
  searches: count,
  quoteRequests: count,
});
export const dailyTrendsSchema = z.array(dailyTrendSchema);
export type DailyTrend = z.infer<typeof dailyTrendSchema>;

/** GET /api/admin/analytics/popular-searches: non-empty search texts, most searched first (limit 20). */
export const popularSearchSchema = z.object({ searchQuery: z.string(), searchCount: count });
export const popularSearchesSchema = z.array(popularSearchSchema);
export type PopularSearch = z.infer<typeof popularSearchSchema>;

/** GET /api/admin/analytics/devices: events per device type, most first. */
export const deviceStatSchema = z.object({ deviceType: z.string(), count });
export const deviceStatsSchema = z.array(deviceStatSchema);
export type DeviceStat = z.infer<typeof deviceStatSchema>;

/** GET /api/admin/analytics/referrers: events per referrer ("direct" when none), most first. */
export const referrerStatSchema = z.object({ referrer: z.string(), count });
export const referrerStatsSchema = z.array(referrerStatSchema);
export type ReferrerStat = z.infer<typeof referrerStatSchema>;

/** GET /api/admin/analytics/realtime: the last {@link REALTIME_WINDOW_MINUTES} minutes. */
export const realtimeAnalyticsSchema = z.object({
  windowMinutes: z.number().int(),
  /** Start of the window, ISO. */
  since: z.string(),
  /** Distinct visitors (daily visitor hashes) in the window. */
  activeVisitors: count,
  /** Distinct tab sessions in the window. */
  activeSessions: count,
  /** Every event of the window. */
  events: count,
  pageViews: count,
  /** Most viewed pages of the window, most first (up to 10). */
  topPages: z.array(z.object({ page: z.string(), views: count })),
  /** Events per minute, oldest first, minutes without events left out; `minute` is ISO. */
  perMinute: z.array(z.object({ minute: z.string(), events: count })),
});
export type RealtimeAnalytics = z.infer<typeof realtimeAnalyticsSchema>;

// ---------------------------------------------------------------------------------------------
// Owner: GET /api/my-companies/{id}/analytics?days= (replaces "N/A (coming soon)", owner-admin §2.10)
// ---------------------------------------------------------------------------------------------

/** One company's lead figures over a window. */
export const companyAnalyticsFiguresSchema = z.object({
  /** company_view events, counted once per visitor and day. */
  profileViews: count,
  /** Search result pages that showed the company. */
  searchAppearances: count,
  quoteRequests: count,
  /** Clicks on Call Now. */
  callClicks: count,
  websiteClicks: count,
});
export type CompanyAnalyticsFigures = z.infer<typeof companyAnalyticsFiguresSchema>;

/** One day of {@link companyAnalyticsSchema}'s series; `date` is yyyy-MM-dd (UTC). */
export const companyAnalyticsDaySchema = companyAnalyticsFiguresSchema.extend({ date: z.string() });
export type CompanyAnalyticsDay = z.infer<typeof companyAnalyticsDaySchema>;

/** Answer to GET /api/my-companies/{id}/analytics?days=7|30|90|365 (owner of the company only; 403 otherwise). */
export const companyAnalyticsSchema = z.object({
  companyId: z.string(),
  days: z.number().int(),
  /** Totals over the last `days` days. */
  totals: companyAnalyticsFiguresSchema,
  /** The same figures for the `days` days before. */
  previousPeriod: companyAnalyticsFiguresSchema,
  /** One entry for every day of the window, oldest first, zeros included. */
  daily: z.array(companyAnalyticsDaySchema),
  /** The company's median time to mark a quote contacted (from the quotes service), null until one was. */
  responseTime: responseTimeSchema.nullable(),
});
export type CompanyAnalytics = z.infer<typeof companyAnalyticsSchema>;
