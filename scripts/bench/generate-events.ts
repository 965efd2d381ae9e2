import { BENCH_UA } from './track-events.js';

/** 10M events over 365 days: 2,000 companies, 300k visitors, 500 search texts, 300 cities, as SQL. */
export const generateSql = (db: string, count: number) => `
INSERT INTO ${db}.events (eventId, receivedAt, actionType, companyId, companyIds, sessionId, visitorId, searchQuery, currentPage, landingPage, referrer, userAgent, deviceType, country, state, city, newVisitor, newProfileView, ingestSource, ingestOffset)
SELECT
  generateUUIDv4(number),
  now64(3) - toIntervalMillisecond(intHash64(number) % (365 * 86400000)) AS receivedAt,
  ['page_view', 'page_view', 'page_view', 'search', 'company_view', 'company_view', 'quote_request', 'call_click', 'website_click', 'review_submission'][1 + number % 10] AS action,
  if(action IN ('company_view', 'quote_request', 'call_click', 'website_click', 'review_submission'), concat('bench-', toString(intHash32(number) % 2000)), ''),
  if(action = 'search', arrayMap(i -> concat('bench-', toString((intHash32(number) + i * 131) % 2000)), range(15)), []),
  concat('s', toString(cityHash64(number, 1) % 1000000)),
  lower(hex(intHash64(number % 300000))),
  if(action = 'search', concat('City ', toString(cityHash64(number, 2) % 500), ', TX'), ''),
  if(action = 'page_view', ['/', '/how-it-works', '/subscribe', '/support'][1 + number % 4], concat('/company/bench-', toString(intHash32(number) % 2000))),
  '/',
  ['direct', 'https://www.google.com/', '/', 'https://www.bing.com/', '/how-it-works'][1 + cityHash64(number, 3) % 5],
  '${BENCH_UA}',
  ['desktop', 'desktop', 'mobile', 'tablet'][1 + cityHash64(number, 4) % 4],
  'US',
  ['TX', 'CA', 'NY', 'FL', 'IL', 'GA', 'NV', 'WA', 'MA', 'CO'][1 + cityHash64(number, 5) % 10],
  concat('City ', toString(cityHash64(number, 6) % 300)),
  if(cityHash64(number, 7) % 4 = 0, 1, 0),
  if(action = 'company_view' AND cityHash64(number, 8) % 2 = 0, 1, 0),
  'bench',
  number
FROM numbers(${count})`;
