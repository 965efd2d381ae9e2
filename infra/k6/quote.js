// Quote intake: POST /api/quote-requests to a demo company (each owes two mails).
import { arrival, companySetup, loadOptions, pick, post, quoteBody, summary } from './lib/common.js';

export const options = loadOptions({ quote: arrival(50) }, { quote: [250, 500] });

export const setup = companySetup;

export default function quote(data) {
  post('/api/quote-requests', quoteBody(pick(data.ids)), 'quote', [201]);
}

export const handleSummary = summary('quote');
