// City quote: POST /api/city-quote-requests for a demo city (fans out to its 5 best-matched companies).
import { arrival, cityQuoteBody, loadOptions, post, summary } from './lib/common.js';

export const options = loadOptions({ 'city-quote': arrival(5) }, { 'city-quote': [500, 1000] });

export default function cityQuote() {
  post('/api/city-quote-requests', cityQuoteBody(), 'city-quote', [201]);
}

export const handleSummary = summary('city-quote');
