/** The user agent every analytics bench request and event carries (a desktop Chrome: counted, not a bot). */
export const BENCH_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** The `i`-th event of a bench batch, as the web app sends it; `__ID__` becomes an id unique to the request. */
export const benchEvent = (i: number) => ({
  sessionId: `bench-__ID__`,
  userAgent: BENCH_UA,
  deviceType: 'desktop',
  referrer: 'direct',
  timestamp: new Date().toISOString(),
  actionType: i % 3 === 0 ? 'company_view' : 'page_view',
  currentPage: `/company/bench-__ID__/${i}`,
  landingPage: '/',
  ...(i % 3 === 0 ? { companyId: `bench-${i % 2000}-__ID__` } : {}),
});
