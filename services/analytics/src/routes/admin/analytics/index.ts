import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsDaysQuerySchema,
  analyticsOverviewSchema,
  dailyTrendsSchema,
  deviceStatsSchema,
  errorResponses,
  geographicStatsSchema,
  MAX_ANALYTICS_LIMIT,
  popularSearchesQuerySchema,
  popularSearchesSchema,
  realtimeAnalyticsSchema,
  REALTIME_WINDOW_MINUTES,
  referrerStatsSchema,
  topCompaniesQuerySchema,
  topCompaniesSchema,
} from '@limo/contracts';
import type { z } from 'zod';
import { dayWindow, daysBetween } from '@limo/analytics-store';
import type { RouteDeps } from '../../deps.js';

const errors = errorResponses(400);

/**
 * GET /api/admin/analytics/{overview,top-companies,geographic,daily-trends,popular-searches,devices,
 * referrers}?days=7|30|90|365 and /realtime (owner-admin side §2.9 tab 7, §3, §7, §9). Admin only:
 * one guard for the whole folder.
 */
export async function adminAnalyticsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { store, companies } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'analytics'];
  /** The schema of a report over the window of the last `?days=` days (`querystring`), answering `response`. */
  const windowSchema = <Q extends z.ZodType, T extends z.ZodType>(summary: string, querystring: Q, response: T) => ({
    tags,
    summary,
    querystring,
    response: { 200: response, ...errors },
  });

  r.get(
    '/api/admin/analytics/overview',
    {
      schema: windowSchema(
        'Page views, company views, searches, quote requests and unique visitors, with the previous period',
        analyticsDaysQuerySchema,
        analyticsOverviewSchema,
      ),
    },
    async (request) => store.overview(dayWindow(request.query.days)),
  );

  r.get(
    '/api/admin/analytics/top-companies',
    { schema: windowSchema('Most viewed companies with their quote requests (limit 10)', topCompaniesQuerySchema, topCompaniesSchema) },
    async (request) => {
      const rows = await store.topCompanies(dayWindow(request.query.days), request.query.limit);
      const names = await companies.names(rows.map((row) => row.companyId));
      return rows.map((row) => ({
        companyId: row.companyId,
        companyName: names.get(row.companyId) ?? row.companyId,
        viewCount: row.viewCount,
        quoteCount: row.quoteCount,
      }));
    },
  );

  r.get(
    '/api/admin/analytics/geographic',
    { schema: windowSchema('Places by distinct visitors', analyticsDaysQuerySchema, geographicStatsSchema) },
    async (request) => store.geographic(dayWindow(request.query.days), MAX_ANALYTICS_LIMIT),
  );

  r.get(
    '/api/admin/analytics/daily-trends',
    { schema: windowSchema('Every day of the window, newest first', analyticsDaysQuerySchema, dailyTrendsSchema) },
    async (request) => {
      const window = dayWindow(request.query.days);
      const byDay = new Map((await store.dailyTrends(window)).map((row) => [row.date, row]));
      return daysBetween(window.from, window.to)
        .reverse()
        .map((date) => byDay.get(date) ?? { date, pageViews: 0, companyViews: 0, searches: 0, quoteRequests: 0 });
    },
  );

  r.get(
    '/api/admin/analytics/popular-searches',
    { schema: windowSchema('Most searched texts (limit 20)', popularSearchesQuerySchema, popularSearchesSchema) },
    async (request) => store.popularSearches(dayWindow(request.query.days), request.query.limit),
  );

  r.get(
    '/api/admin/analytics/devices',
    { schema: windowSchema('Events per device type', analyticsDaysQuerySchema, deviceStatsSchema) },
    async (request) => store.devices(dayWindow(request.query.days), MAX_ANALYTICS_LIMIT),
  );

  r.get(
    '/api/admin/analytics/referrers',
    { schema: windowSchema('Events per referrer ("direct" when none)', analyticsDaysQuerySchema, referrerStatsSchema) },
    async (request) => store.referrers(dayWindow(request.query.days), MAX_ANALYTICS_LIMIT),
  );

  r.get(
    '/api/admin/analytics/realtime',
    {
      schema: {
        tags,
        summary: `Visitors and events of the last ${REALTIME_WINDOW_MINUTES} minutes`,
        response: { 200: realtimeAnalyticsSchema, ...errors },
      },
    },
    async () => store.realtime(new Date(Date.now() - REALTIME_WINDOW_MINUTES * 60_000), REALTIME_WINDOW_MINUTES),
  );
}
