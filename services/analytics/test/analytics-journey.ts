import { describe, expect, it } from 'vitest';
import {
  analyticsOverviewSchema,
  companyAnalyticsSchema,
  dailyTrendsSchema,
  deviceStatsSchema,
  geographicStatsSchema,
  popularSearchesSchema,
  realtimeAnalyticsSchema,
  referrerStatsSchema,
  topCompaniesSchema,
} from '@limo/contracts';
import { waitFor } from '@limo/platform/testing';
import { useAnalyticsSystem, VISIBLE_WITHIN_MS } from './analytics-support.js';
import { PHONE_UA } from './fixtures.js';
import { adminAnalyticsRoutes } from './routes/admin/analytics.js';
import { trackRoute } from './routes/analytics/track.js';
import { trackBatchRoute } from './routes/analytics/track/batch.js';
import { myCompanyAnalyticsRoute } from './routes/my-companies/{id}/analytics.js';

/**
 * Events sent through the gateway, as the web app sends them, show in every admin dashboard and in
 * the owner's listing analytics within 5 seconds; bad input is a 400; bots, replays and other
 * people's companies are refused or not counted. `env` picks the profile.
 */
export function describeAnalyticsJourney(name: string, env: () => Record<string, string>): void {
  describe(name, () => {
    const journey = useAnalyticsSystem(env);
    const { browser, event } = journey;

    // The aim is 5 s (the flush interval is 300 ms here); the wait allows 20 s, because a CI machine
    // running every suite at once can stall a process for seconds. The time taken is printed.
    it('shows events sent through the gateway in every dashboard within seconds', async () => {
      const send = browser();
      const phone = browser(PHONE_UA);
      const answers = await Promise.all([
        send(event('page_view')),
        phone(event('page_view', { currentPage: '/company/x', referrer: '/', deviceType: undefined, userAgent: PHONE_UA })),
        send(
          event('search', {
            searchQuery: journey.searchText,
            searchFilters: { serviceType: 'all' },
            companyIds: [journey.owned.id, journey.other.id],
          }),
        ),
        send(event('company_view', { companyId: journey.owned.id, currentPage: `/company/${journey.owned.id}` })),
        // The same visitor views the profile again from another page within the burst window: one view.
        send(event('company_view', { companyId: journey.owned.id, currentPage: `/company/${journey.owned.id}?tab=reviews` })),
        send(event('quote_request', { companyId: journey.owned.id })),
        send(event('call_click', { companyId: journey.owned.id })),
        send(event('website_click', { companyId: journey.owned.id })),
        send(event('review_submission', { companyId: journey.owned.id })),
      ]);
      expect(answers.map((a) => a.status)).toEqual(Array(9).fill(202));
      const started = Date.now();
      let last: unknown;
      const get = async (path: string) => {
        const res = await journey.adminClient.call('GET', path);
        expect(res.status).toBe(200);
        return res.json;
      };
      await waitFor(
        async () => {
          const overview = analyticsOverviewSchema.parse(await get('/api/admin/analytics/overview?days=7'));
          const top = topCompaniesSchema.parse(await get('/api/admin/analytics/top-companies?days=30'));
          const geo = geographicStatsSchema.parse(await get('/api/admin/analytics/geographic?days=30'));
          const trends = dailyTrendsSchema.parse(await get('/api/admin/analytics/daily-trends?days=30'));
          const searches = popularSearchesSchema.parse(await get('/api/admin/analytics/popular-searches?days=30'));
          const devices = deviceStatsSchema.parse(await get('/api/admin/analytics/devices?days=90'));
          const referrers = referrerStatsSchema.parse(await get('/api/admin/analytics/referrers?days=365'));
          const live = realtimeAnalyticsSchema.parse(await get('/api/admin/analytics/realtime'));
          last = { overview, top, geo, trends: trends.slice(0, 2), searches, devices, referrers, live: live.events };
          return (
            overview.totalPageViews >= 2 &&
            overview.totalCompanyViews >= 1 &&
            overview.totalSearches >= 1 &&
            overview.totalQuoteRequests >= 1 &&
            overview.uniqueVisitors >= 2 &&
            top.some(
              (t) => t.companyId === journey.owned.id && t.companyName === journey.owned.name && t.viewCount === 1 && t.quoteCount === 1,
            ) &&
            // Loopback clients have no place.
            geo.some((g) => g.city === 'Unknown' && g.visitorCount >= 2) &&
            trends.length === 30 &&
            trends[0].pageViews >= 2 &&
            searches.some((s) => s.searchQuery === journey.searchText && s.searchCount === 1) &&
            devices.some((d) => d.deviceType === 'mobile') &&
            devices.some((d) => d.deviceType === 'desktop') &&
            referrers.some((r) => r.referrer === '/') &&
            // Nine sent, the second company view of the same visitor is a burst.
            live.events >= 8
          );
        },
        VISIBLE_WITHIN_MS,
        'the events in every dashboard',
      ).catch((err: unknown) => {
        throw new Error(`${String(err)}; last answers: ${JSON.stringify(last)}`);
      });
      console.log(`analytics (${name}): every dashboard showed the events after ${Date.now() - started} ms (aim 5,000)`);

      const mine = await journey.owner.call('GET', `/api/my-companies/${journey.owned.id}/analytics?days=30`);
      expect(mine.status).toBe(200);
      const analytics = companyAnalyticsSchema.parse(mine.json);
      // Views by the same visitor on the same day are one profile view.
      expect(analytics.totals).toEqual({ profileViews: 1, searchAppearances: 1, quoteRequests: 1, callClicks: 1, websiteClicks: 1 });
      expect(analytics.daily).toHaveLength(30);
      expect(analytics.daily.at(-1)).toMatchObject({ profileViews: 1, searchAppearances: 1 });
      expect(analytics.responseTime).toBeNull();
    });

    // Each route's own tests, at the path of its URL, on the same system.
    myCompanyAnalyticsRoute(journey);
    adminAnalyticsRoutes(journey);
    trackRoute(journey);
    trackBatchRoute(journey);
  });
}

/**
 * The journey on the distributed profile (Kafka ingest, MongoDB, Redis from the environment), on a
 * Kafka topic and a MongoDB database of the run's own, so concurrent runs on the shared engines never
 * consume each other's events; `env` adds to the profile.
 */
export function describeDistributedJourney(brokers: string, run: string, label: string, env: Record<string, string> = {}): void {
  process.env.ANALYTICS_TOPIC = `analytics.tracked.${label}-${run}`;
  process.env.ANALYTICS_FLUSH_INTERVAL_MS = '300';
  describeAnalyticsJourney('journey', () => {
    const mongo = new URL(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017');
    mongo.pathname = `/analytics_${label}_${run}`;
    return {
      PROFILE: 'distributed',
      KAFKA_BROKERS: brokers,
      MONGODB_URI: mongo.toString(),
      REDIS_URL: process.env.REDIS_URL ?? '',
      JWT_SECRET: `analytics-${label}-secret-${run}-0123456789`,
      ...env,
    };
  });
}
