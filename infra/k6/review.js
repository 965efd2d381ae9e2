// Review submission: POST /api/reviews to a demo company (pending until an admin approves it).
import { arrival, companySetup, loadOptions, pick, post, reviewBody, summary } from './lib/common.js';

export const options = loadOptions({ review: arrival(30) }, { review: [250, 500] });

export const setup = companySetup;

export default function review(data) {
  post('/api/reviews', reviewBody(pick(data.ids)), 'review', [201]);
}

export const handleSummary = summary('review');
