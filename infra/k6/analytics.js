// Analytics ingest: POST /api/analytics/track (page views, searches, company views, call clicks).
import { arrival, companySetup, loadOptions, pick, post, summary, trackBody } from './lib/common.js';

export const options = loadOptions({ analytics: arrival(200) }, { analytics: [100, 250] });

export const setup = companySetup;

export default function analytics(data) {
  post('/api/analytics/track', trackBody(pick(data.ids)), 'analytics', [200, 202, 204]);
}

export const handleSummary = summary('analytics');
