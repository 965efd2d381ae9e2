// Analytics ingest: POST /api/analytics/track (page views, searches, company views, call clicks).
import { arrival, companyIds, pick, post, summary, thresholds, trackBody, TREND_STATS } from './lib/common.js';

export const options = {
  summaryTrendStats: TREND_STATS,
  scenarios: { analytics: arrival(200) },
  thresholds: thresholds({ analytics: [100, 250] }),
};

export function setup() {
  return { ids: companyIds() };
}

export default function analytics(data) {
  post('/api/analytics/track', trackBody(pick(data.ids)), 'analytics', [200, 202, 204]);
}

export const handleSummary = summary('analytics');
