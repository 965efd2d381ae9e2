import { describe, expect, it } from 'vitest';
import { topCompaniesSchema } from '@limo/contracts';
import { ApiClient, waitFor } from '@limo/platform/testing';
import { VISIBLE_WITHIN_MS, type AnalyticsJourney } from '../../../analytics-support.js';
import { BROWSER_UA } from '../../../fixtures.js';

/** A batch of events: a company counted once per visitor whatever pages it names; one IP's share capped (run by the analytics journeys). */
export function trackBatchRoute(journey: AnalyticsJourney): void {
  const { event } = journey;

  describe('POST /api/analytics/track/batch', () => {
    it('counts a company once per visitor whatever pages a batch names, and caps rotating user agents from one IP', async () => {
      const agent = `${BROWSER_UA} Run/${journey.run}`;
      const views = Array.from({ length: 50 }, (_, i) =>
        event('company_view', {
          companyId: journey.other.id,
          currentPage: `/company/${journey.other.id}?page=${i}`,
          timestamp: new Date(Date.now() + i).toISOString(),
        }),
      );
      const batch = await new ApiClient(journey.system.url).call(
        'POST',
        '/api/analytics/track/batch',
        { events: views },
        { 'user-agent': agent },
      );
      expect(batch.status).toBe(202);
      // The same IP with a new user agent each time: a new visitor id each time, but the IP's share on
      // the company (ANALYTICS_IP_COMPANY_EVENTS, 2 per burst window) is used up after one more.
      for (let i = 0; i < 5; i++) {
        const res = await new ApiClient(journey.system.url).call(
          'POST',
          '/api/analytics/track',
          event('company_view', { companyId: journey.other.id, currentPage: `/company/${journey.other.id}` }),
          { 'user-agent': `${agent} Rotating/${i}` },
        );
        expect(res.status).toBe(202);
      }
      const viewsOfOther = async () => {
        const top = topCompaniesSchema.parse((await journey.adminClient.call('GET', '/api/admin/analytics/top-companies?days=30')).json);
        return top.find((t) => t.companyId === journey.other.id)?.viewCount ?? 0;
      };
      await waitFor(async () => (await viewsOfOther()) >= 2, VISIBLE_WITHIN_MS, "the other company's views");
      // Give a wrongly counted view the time to land, then look again.
      await new Promise((r) => setTimeout(r, 1_000));
      expect(await viewsOfOther()).toBe(2);
    });
  });
}
