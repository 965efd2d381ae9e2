import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '@limo/platform';
import type { CompaniesRepository } from '../repositories/companies.repository.js';
import type { AnalyticsStore } from '@limo/analytics-store';

/** Events of the demo: enough to fill every dashboard, spread over the last 90 days. */
const DEMO_EVENTS = 30_000;

/**
 * Fills an empty store with demo traffic (embedded profile with demo data only), once directory's
 * demo companies have reached the read-model: page views, searches naming the seeded cities,
 * company views, quotes, calls and website clicks, from a few hundred visitors in US cities.
 * Generated inside ClickHouse (INSERT ... SELECT FROM numbers()), through the same rollups as real events.
 */
export async function seedDemoTraffic(
  store: AnalyticsStore,
  database: string,
  companies: CompaniesRepository,
  logger: Logger,
  signal: AbortSignal,
): Promise<void> {
  const [row] = await store.rows<{ n: string }>(`SELECT count() AS n FROM ${database}.events`);
  if (Number(row?.n) > 0) return;
  // Directory's demo companies arrive one event at a time: wait until 200 are there or the count settles.
  let ids: string[] = [];
  for (let waited = 0; waited < 60_000 && !signal.aborted; waited += 1_000) {
    const seen = ids.length;
    ids = await companies.someIds(200);
    if (ids.length >= 200 || (ids.length > 0 && ids.length === seen)) break;
    // A stop ends the wait at once.
    await delay(1_000, undefined, { signal }).catch(() => undefined);
  }
  if (ids.length === 0 || signal.aborted) return;
  const list = `[${ids.map((id) => `'${id.replace(/[^A-Za-z0-9_-]/g, '')}'`).join(', ')}]`;
  const started = Date.now();
  await store.command(`
    INSERT INTO ${database}.events (eventId, receivedAt, actionType, companyId, companyIds, sessionId, visitorId, searchQuery, currentPage, landingPage, referrer, userAgent, deviceType, country, state, city, newVisitor, newProfileView, ingestSource, ingestOffset)
    SELECT generateUUIDv4(number),
      now64(3) - toIntervalSecond(cityHash64(number) % (90 * 86400)) AS receivedAt,
      ['page_view', 'page_view', 'page_view', 'search', 'company_view', 'company_view', 'quote_request', 'call_click', 'website_click', 'review_submission'][1 + number % 10] AS action,
      if(action IN ('company_view', 'quote_request', 'call_click', 'website_click', 'review_submission'), ${list}[1 + cityHash64(number, 1) % length(${list})], ''),
      if(action = 'search', arrayDistinct(arrayMap(i -> ${list}[1 + cityHash64(number, i) % length(${list})], range(15))), []),
      concat('demo-', toString(cityHash64(number, 2) % 4000)),
      lower(hex(cityHash64(number % 600, toDate(receivedAt)))),
      if(action = 'search', ['New York, NY', 'Los Angeles, CA', 'Miami, FL', 'Chicago, IL', 'Dallas, TX', 'Las Vegas, NV', 'Atlanta, GA', 'Boston, MA'][1 + cityHash64(number, 3) % 8], ''),
      ['/', '/how-it-works', '/subscribe', '/support', '/request-city-quote'][1 + cityHash64(number, 4) % 5],
      '/',
      ['direct', 'direct', 'https://www.google.com/', '/', 'https://www.bing.com/', 'https://www.facebook.com/'][1 + cityHash64(number, 5) % 6],
      'Mozilla/5.0 (demo traffic)',
      ['desktop', 'desktop', 'mobile', 'mobile', 'tablet'][1 + cityHash64(number, 6) % 5],
      'US',
      ['NY', 'CA', 'FL', 'IL', 'TX', 'NV', 'GA', 'MA'][1 + (number % 600) % 8] AS st,
      ['New York', 'Los Angeles', 'Miami', 'Chicago', 'Dallas', 'Las Vegas', 'Atlanta', 'Boston'][1 + (number % 600) % 8],
      -- About one event in four is a visitor's first of the day, one company view in two a new profile view.
      if(cityHash64(number, 7) % 4 = 0, 1, 0),
      if(action = 'company_view' AND cityHash64(number, 8) % 2 = 0, 1, 0),
      'demo',
      number
    FROM numbers(${DEMO_EVENTS})`);
  logger.info(
    { events: DEMO_EVENTS, companies: ids.length, ms: Date.now() - started },
    'demo traffic added (SEED_DEMO_DATA=false skips it)',
  );
}
