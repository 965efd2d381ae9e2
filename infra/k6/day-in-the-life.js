// A day in the life: every kind of visitor at once, in the proportions of a real day: mostly
// searches and company pages, each page view tracked, a few quotes, city quotes and reviews.
import { sleep } from 'k6';
import {
  arrival,
  cityQuoteBody,
  companySetup,
  get,
  loadOptions,
  pick,
  post,
  quoteBody,
  reviewBody,
  searchPath,
  summary,
  trackBody,
} from './lib/common.js';

const scale = Number(__ENV.SCALE || 1);
export const options = loadOptions(
  {
    browse: arrival(Math.round(60 * scale), { exec: 'browse' }),
    quotes: arrival(Math.max(1, Math.round(8 * scale)), { exec: 'quote' }),
    reviews: arrival(Math.max(1, Math.round(3 * scale)), { exec: 'review' }),
    cityQuotes: arrival(1, { exec: 'cityQuote' }),
  },
  {
    search: [150, 400],
    company: [150, 400],
    analytics: [150, 400],
    quote: [300, 800],
    review: [300, 800],
    'city-quote': [800, 2000],
  },
);

export const setup = companySetup;

/** A visitor searches, tracks it, opens a company page and tracks that. */
export function browse(data) {
  get(searchPath(), 'search');
  const id = pick(data.ids);
  post('/api/analytics/track', trackBody(id), 'analytics', [200, 202, 204]);
  if (!__ENV.SMOKE) sleep(0.1);
  get(`/api/companies/${id}`, 'company');
}

export function quote(data) {
  post('/api/quote-requests', quoteBody(pick(data.ids)), 'quote', [201]);
}

export function review(data) {
  post('/api/reviews', reviewBody(pick(data.ids)), 'review', [201]);
}

export function cityQuote() {
  post('/api/city-quote-requests', cityQuoteBody(), 'city-quote', [201]);
}

export const handleSummary = summary('day-in-the-life');
