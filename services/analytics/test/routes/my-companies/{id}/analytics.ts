import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '@limo/platform/testing';
import type { AnalyticsJourney } from '../../../analytics-support.js';

/** The owner's listing analytics: the owner's own companies only (run by the analytics journeys, on each profile). */
export function myCompanyAnalyticsRoute(journey: AnalyticsJourney): void {
  describe('GET /api/my-companies/{id}/analytics', () => {
    it("answers 403 for another owner's company, and for admins; 401 signed out", async () => {
      expect((await journey.owner.call('GET', `/api/my-companies/${journey.other.id}/analytics`)).status).toBe(403);
      expect((await journey.owner.call('GET', `/api/my-companies/${randomUUID()}/analytics`)).status).toBe(403);
      expect((await journey.adminClient.call('GET', `/api/my-companies/${journey.owned.id}/analytics`)).status).toBe(403);
      expect((await new ApiClient(journey.system.url).call('GET', `/api/my-companies/${journey.owned.id}/analytics`)).status).toBe(401);
      expect((await journey.owner.call('GET', `/api/my-companies/${journey.owned.id}/analytics?days=12`)).status).toBe(400);
    });
  });
}
