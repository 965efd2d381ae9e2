import { describe, expect, it } from 'vitest';
import { realtimeAnalyticsSchema } from '@limo/contracts';
import { waitFor } from '@limo/platform/testing';
import { VISIBLE_WITHIN_MS, type AnalyticsJourney } from '../../analytics-support.js';
import { BOT_UA, PHONE_UA } from '../../fixtures.js';

/** One tracked event: bad input refused with a 400, bots, replays and bursts not counted (run by the analytics journeys). */
export function trackRoute(journey: AnalyticsJourney): void {
  const { browser, event } = journey;

  describe('POST /api/analytics/track', () => {
    it('refuses bad events with a clear 400, never a 5xx', async () => {
      const send = browser();
      const bad: Array<[unknown, RegExp]> = [
        [event('page_click'), /actionType must be one of/],
        [event('company_view'), /companyId is required/],
        [{ ...event('page_view'), sessionId: undefined }, /sessionId/],
        [event('page_view', { currentPage: `/${'x'.repeat(3000)}` }), /currentPage must be at most 2048/],
        [event('search', { searchQuery: 'x'.repeat(501) }), /searchQuery must be at most 500/],
        [event('page_view', { timestamp: '2031-01-01T00:00:00Z' }), /more than 1 hour in the future/],
        [event('page_view', { timestamp: '2020-01-01T00:00:00Z' }), /more than 24 hours in the past/],
        [event('page_view', { timestamp: 'yesterday' }), /ISO 8601/],
        [event('page_view', { deviceType: 'fridge' }), /deviceType/],
        [event('search', { companyIds: Array.from({ length: 101 }, (_, i) => `c${i}`) }), /at most 100/],
        [[event('page_view')], /./],
        ['{"sessionId": ', /not valid JSON/],
        [{ ...event('page_view'), ['__proto__']: { admin: true } }, /./],
      ];
      for (const [body, message] of bad) {
        const res = await send(body as Record<string, unknown>);
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(String(res.json?.message ?? ''), JSON.stringify(body).slice(0, 80)).toMatch(message);
      }
      const huge = await send(event('page_view', { searchFilters: 'x'.repeat(200_000) }));
      expect(huge.status).toBeGreaterThanOrEqual(400);
      expect(huge.status).toBeLessThan(500);
    });

    it("does not count a bot's event, a replayed event or a burst", async () => {
      const page = `/replay-${journey.run}`;
      const body = event('page_view', { currentPage: page });
      const send = browser();
      expect((await send(body)).status).toBe(202);
      // The same event again (a replay), from another client too, and Googlebot's visit: all 202, none counted.
      expect((await send(body)).status).toBe(202);
      expect((await browser(PHONE_UA)(body)).status).toBe(202);
      expect((await browser(BOT_UA)(event('page_view', { currentPage: page, userAgent: BOT_UA }))).status).toBe(202);
      // A burst: the same action on the same page by the same visitor, with new timestamps.
      expect((await send(event('page_view', { currentPage: page, timestamp: new Date(Date.now() + 5).toISOString() }))).status).toBe(202);
      const live = await waitFor(
        async () => {
          const res = realtimeAnalyticsSchema.parse((await journey.adminClient.call('GET', '/api/admin/analytics/realtime')).json);
          return res.topPages.find((p) => p.page === page);
        },
        VISIBLE_WITHIN_MS,
        'the replayed page in realtime',
      );
      // Give a wrongly counted duplicate the time to land, then look again.
      await new Promise((r) => setTimeout(r, 1_000));
      const again = realtimeAnalyticsSchema.parse((await journey.adminClient.call('GET', '/api/admin/analytics/realtime')).json);
      expect(live.views).toBe(1);
      expect(again.topPages.find((p) => p.page === page)?.views).toBe(1);
    });
  });
}
