// Review submission: POST /api/reviews to a demo company (pending until an admin approves it).
import { arrival, companyIds, pick, post, reviewBody, summary, thresholds, TREND_STATS } from './lib/common.js';

export const options = {
  summaryTrendStats: TREND_STATS,
  scenarios: { review: arrival(30) },
  thresholds: thresholds({ review: [250, 500] }),
};

export function setup() {
  return { ids: companyIds() };
}

export default function review(data) {
  post('/api/reviews', reviewBody(pick(data.ids)), 'review', [201]);
}

export const handleSummary = summary('review');
