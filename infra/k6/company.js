// Company page: the listing and its reviews, as the page loads them.
import { arrival, companyIds, get, pick, summary, thresholds, TREND_STATS } from './lib/common.js';

export const options = {
  summaryTrendStats: TREND_STATS,
  scenarios: { company: arrival(150) },
  thresholds: thresholds({ company: [100, 250], 'company-reviews': [100, 250] }),
};

export function setup() {
  return { ids: companyIds() };
}

export default function company(data) {
  const id = pick(data.ids);
  get(`/api/companies/${id}`, 'company');
  get(`/api/companies/${id}/reviews`, 'company-reviews');
}

export const handleSummary = summary('company');
