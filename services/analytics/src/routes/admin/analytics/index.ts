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
import { dayWindow, daysBetween } from '../../../domain/windows.js';
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

  r.get(
    '/api/admin/analytics/overview',
    {
      schema: {
        tags,
        summary: 'Page views, company views, searches, quote requests and unique visitors, with the previous period',
        querystring: analyticsDaysQuerySchema,
        response: { 200: analyticsOverviewSchema, ...errors },
      },
    },
    async (request) => store.overview(dayWindow(request.query.days)),
  );

  r.get(
    '/api/admin/analytics/top-companies',
    {
      schema: {
        tags,
        summary: 'Most viewed companies with their quote requests (limit 10)',
        querystring: topCompaniesQuerySchema,
        response: { 200: topCompaniesSchema, ...errors },
      },
    },
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
    {
      schema: {
        tags,
        summary: 'Places by distinct visitors',
        querystring: analyticsDaysQuerySchema,
        response: { 200: geographicStatsSchema, ...errors },
      },
    },
    async (request) => store.geographic(dayWindow(request.query.days), MAX_ANALYTICS_LIMIT),
  );

  r.get(
    '/api/admin/analytics/daily-trends',
    {
      schema: {
        tags,
        summary: 'Every day of the window, newest first',
        querystring: analyticsDaysQuerySchema,
        response: { 200: dailyTrendsSchema, ...errors },
      },
    },
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
    {
      schema: {
        tags,
        summary: 'Most searched texts (limit 20)',
        querystring: popularSearchesQuerySchema,
        response: { 200: popularSearchesSchema, ...errors },
      },
    },
    async (request) => store.popularSearches(dayWindow(request.query.days), request.query.limit),
  );

  r.get(
    '/api/admin/analytics/devices',
    {
      schema: {
        tags,
        summary: 'Events per device type',
        querystring: analyticsDaysQuerySchema,
        response: { 200: deviceStatsSchema, ...errors },
      },
    },
    async (request) => store.devices(dayWindow(request.query.days), MAX_ANALYTICS_LIMIT),
  );

  r.get(
    '/api/admin/analytics/referrers',
    {
      schema: {
        tags,
        summary: 'Events per referrer ("direct" when none)',
        querystring: analyticsDaysQuerySchema,
        response: { 200: referrerStatsSchema, ...errors },
      },
    },
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
