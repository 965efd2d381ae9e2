// Nationwide search mix: demo cities, ZIPs and empty places (misses), service/vehicle/rating
// filters, three sorts, pages 1-6. Cache hits (repeated popular queries) and misses both occur.
import { arrival, get, searchPath, summary, thresholds, TREND_STATS } from './lib/common.js';

export const options = {
  summaryTrendStats: TREND_STATS,
  scenarios: { search: arrival(150) },
  thresholds: thresholds({ search: [100, 250] }),
};

export default function search() {
  get(searchPath(), 'search');
}

export const handleSummary = summary('search');
