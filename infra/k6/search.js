// Nationwide search mix: demo cities, ZIPs and empty places (misses), service/vehicle/rating
// filters, three sorts, pages 1-6. Cache hits (repeated popular queries) and misses both occur.
import { arrival, get, loadOptions, searchPath, summary } from './lib/common.js';

export const options = loadOptions({ search: arrival(150) }, { search: [100, 250] });

export default function search() {
  get(searchPath(), 'search');
}

export const handleSummary = summary('search');
