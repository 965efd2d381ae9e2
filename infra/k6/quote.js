// Quote intake: POST /api/quote-requests to a demo company (each owes two mails).
import { arrival, companyIds, pick, post, quoteBody, summary, thresholds, TREND_STATS } from './lib/common.js';

export const options = {
  summaryTrendStats: TREND_STATS,
  scenarios: { quote: arrival(50) },
  thresholds: thresholds({ quote: [250, 500] }),
};

export function setup() {
  return { ids: companyIds() };
}

export default function quote(data) {
  post('/api/quote-requests', quoteBody(pick(data.ids)), 'quote', [201]);
}

export const handleSummary = summary('quote');
