import { describe, expect, it } from 'vitest';
import { ApiClient } from '@limo/platform/testing';
import type { AnalyticsJourney } from '../../analytics-support.js';

/** The admin dashboards (every /api/admin/analytics/* route): admins only, the spec's windows only (run by the analytics journeys). */
export function adminAnalyticsRoutes(journey: AnalyticsJourney): void {
  describe('GET /api/admin/analytics/*', () => {
    it('keeps the admin dashboards for admins, with the spec windows only', async () => {
      expect((await new ApiClient(journey.system.url).call('GET', '/api/admin/analytics/overview')).status).toBe(401);
      expect((await journey.owner.call('GET', '/api/admin/analytics/overview')).status).toBe(403);
      for (const path of [
        '/api/admin/analytics/overview?days=14',
        '/api/admin/analytics/top-companies?limit=0',
        '/api/admin/analytics/popular-searches?limit=abc',
      ]) {
        const res = await journey.adminClient.call('GET', path);
        expect(res.status).toBe(400);
        expect(typeof res.json.message).toBe('string');
      }
    });
  });
}
