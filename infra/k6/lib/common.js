// Shared pieces of the k6 scripts: where the product is, the load shape, thresholds, checks, the
// summary JSON. Every script reads the same environment:
//   BASE_URL   the gateway (default http://127.0.0.1:8080)
//   RATE       arrivals per second of the scenario (each script has its own default)
//   DURATION   how long the rate is held (default 30s)
//   SMOKE=1    a few seconds at a low rate: proves the script still works (CI), measures nothing
//   SUMMARY    where handleSummary writes the JSON summary (default infra/k6/results/<script>.json)
//   PROFILE    a label kept in the summary (embedded, distributed)
import http from 'k6/http';
import { check } from 'k6';

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
const SMOKE = __ENV.SMOKE === '1' || __ENV.SMOKE === 'true';

/** Percentiles every summary keeps (k6 keeps no p99 by default). */
export const TREND_STATS = ['avg', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'];

/** The 19 demo cities the embedded profile seeds (owner-admin §9), with a ZIP of each. */
const CITIES = [
  ['New York', 'NY', '10001'],
  ['Los Angeles', 'CA', '90012'],
  ['San Francisco', 'CA', '94103'],
  ['Washington', 'DC', '20001'],
  ['Miami', 'FL', '33130'],
  ['Dallas', 'TX', '75201'],
  ['Houston', 'TX', '77002'],
  ['Atlanta', 'GA', '30303'],
  ['Boston', 'MA', '02108'],
  ['Seattle', 'WA', '98101'],
  ['Las Vegas', 'NV', '89101'],
  ['Philadelphia', 'PA', '19103'],
  ['San Diego', 'CA', '92101'],
  ['Denver', 'CO', '80202'],
  ['Phoenix', 'AZ', '85004'],
  ['Austin', 'TX', '78701'],
  ['Orlando', 'FL', '32801'],
  ['Newark', 'NJ', '07102'],
  ['Charlotte', 'NC', '28202'],
];
/** Places with no demo company near them: searches that find nothing (misses). */
const EMPTY_PLACES = ['Billings, MT', 'Fargo, ND', '59101', 'Cheyenne, WY', 'Juneau, AK', '82001'];
const SERVICES = ['', '', 'airport', 'wedding', 'prom', 'corporate', 'Wine Tours'];
const VEHICLES = ['', '', '', 'sedan', 'suv', 'stretch-limousine', 'party-bus,sprinter-van'];
const DISTANCES = ['25', '50', '100', 'statewide'];
const RATINGS = ['', '', '3', '4', '4.5'];
const SORTS = ['best-match', 'rating', 'distance'];

export const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * One constant-arrival-rate scenario: `rate` iterations a second for `duration`, whatever the
 * answer times (an open model: a slow server builds a queue instead of slowing the clients down).
 */
export function arrival(rate, extra = {}) {
  const r = SMOKE ? Math.max(1, Math.min(5, Math.ceil(rate / 20))) : Number(__ENV.RATE || rate);
  return {
    executor: 'constant-arrival-rate',
    rate: r,
    timeUnit: '1s',
    duration: SMOKE ? '3s' : __ENV.DURATION || '30s',
    preAllocatedVUs: Math.max(2, Math.ceil(r / 10)),
    maxVUs: Math.max(10, r * 2),
    gracefulStop: '5s',
    ...extra,
  };
}

/**
 * A script's options: its scenarios (see `arrival`), the thresholds of its endpoints' budgets (see
 * `thresholds`) and the percentiles of TREND_STATS in its summary.
 */
export function loadOptions(scenarios, budgets) {
  return { summaryTrendStats: TREND_STATS, scenarios, thresholds: thresholds(budgets) };
}

/**
 * Thresholds: under 1% failed requests overall, and p95/p99 per endpoint (the `endpoint` tag each
 * request carries). In smoke runs only the failure rate counts (a cold process is slow).
 */
function thresholds(budgets) {
  const out = { http_req_failed: ['rate<0.01'], checks: ['rate>0.99'] };
  if (SMOKE) return out;
  for (const [endpoint, [p95, p99]] of Object.entries(budgets)) {
    out[`http_req_duration{endpoint:${endpoint}}`] = [`p(95)<${p95}`, `p(99)<${p99}`];
  }
  return out;
}

const JSON_HEADERS = { 'content-type': 'application/json', origin: BASE_URL };

// The first few unexpected answers of each VU are printed (status and body), so a failure rate in
// the summary comes with its reason.
let reported = 0;
function report(endpoint, res, okStatuses) {
  if (okStatuses.includes(res.status) || reported >= 3) return;
  reported++;
  console.warn(`${endpoint}: status ${res.status} ${res.error || ''} ${String(res.body || '').slice(0, 160)}`);
}

/** GET with an endpoint tag and a status check. */
export function get(path, endpoint, okStatuses = [200]) {
  const res = http.get(`${BASE_URL}${path}`, { tags: { endpoint }, responseCallback: http.expectedStatuses(...okStatuses) });
  check(res, { [`${endpoint}: status ${okStatuses.join('/')}`]: (r) => okStatuses.includes(r.status) });
  report(endpoint, res, okStatuses);
  return res;
}

/** POST of a JSON body with an endpoint tag and a status check. */
export function post(path, body, endpoint, okStatuses = [200, 201, 202]) {
  const res = http.post(`${BASE_URL}${path}`, JSON.stringify(body), {
    headers: JSON_HEADERS,
    tags: { endpoint },
    responseCallback: http.expectedStatuses(...okStatuses),
  });
  check(res, { [`${endpoint}: status ${okStatuses.join('/')}`]: (r) => okStatuses.includes(r.status) });
  report(endpoint, res, okStatuses);
  return res;
}

/** A nationwide search: a demo city, ZIP or empty place, with random filters, sort and page. */
export function searchPath() {
  const miss = Math.random() < 0.1;
  const [city, state, zip] = pick(CITIES);
  const location = miss ? pick(EMPTY_PLACES) : Math.random() < 0.3 ? zip : `${city}, ${state}`;
  const params = [`location=${encodeURIComponent(location)}`, `distance=${pick(DISTANCES)}`, `sort=${pick(SORTS)}`];
  const service = pick(SERVICES);
  if (service) params.push(`serviceType=${encodeURIComponent(service)}`);
  const vehicles = pick(VEHICLES);
  if (vehicles) params.push(`vehicleTypes=${encodeURIComponent(vehicles)}`);
  const rating = pick(RATINGS);
  if (rating) params.push(`minRating=${rating}`);
  const page = Math.random() < 0.7 ? 1 : 1 + Math.floor(Math.random() * 6);
  params.push(`page=${page}`);
  return `/api/companies?${params.join('&')}`;
}

/** Ids of demo companies to visit, quote and review: read once in setup(). */
function companyIds() {
  const ids = [];
  for (const [city, state] of CITIES.slice(0, SMOKE ? 3 : CITIES.length)) {
    const res = http.get(`${BASE_URL}/api/companies?location=${encodeURIComponent(`${city}, ${state}`)}&limit=100`, {
      tags: { endpoint: 'setup' },
    });
    if (res.status !== 200) continue;
    for (const company of res.json()) ids.push(company.id ?? company._id);
  }
  if (ids.length === 0) throw new Error(`no company found at ${BASE_URL}: is the demo data seeded (SEED_DEMO_DATA=true)?`);
  return ids;
}

/** setup() of the scripts that visit demo companies: `{ ids }`, what their iterations pick from. */
export function companySetup() {
  return { ids: companyIds() };
}

/** A trip a week ahead, for the quote forms. */
function tripDate() {
  return new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
}

export function quoteBody(companyId) {
  const n = Math.floor(Math.random() * 1e9);
  return {
    companyId,
    customerName: 'Load Tester',
    customerEmail: `load+${n}@example.com`,
    customerPhone: '(312) 555-0199',
    serviceType: 'To Airport',
    pickupLocation: '233 S Wacker Dr, Chicago, IL',
    dropoffLocation: "O'Hare International Airport",
    tripDate: tripDate(),
    tripTime: '6:15 AM',
    passengerCount: '3-4',
    vehicleType: 'SUV',
    specialRequests: 'k6 load test',
  };
}

export function cityQuoteBody() {
  const [city, state] = pick(CITIES);
  const n = Math.floor(Math.random() * 1e9);
  return {
    targetCity: `${city}, ${state}`,
    customerName: 'Load Tester',
    customerEmail: `load+${n}@example.com`,
    customerPhone: '(312) 555-0199',
    serviceType: 'Airport Transfer',
    pickupLocation: 'Downtown',
    dropoffLocation: 'Airport',
    tripDate: tripDate(),
    tripTime: '6:30 AM',
    passengerCount: '3-4',
    vehicleType: 'SUV',
    specialRequests: 'k6 load test',
  };
}

export function reviewBody(companyId) {
  return {
    companyId,
    rating: 1 + Math.floor(Math.random() * 5),
    reviewerName: 'Load Tester',
    comment: `k6 review ${Math.random().toString(36).slice(2)}`,
  };
}

export function trackBody(companyId) {
  const action = pick(['page_view', 'page_view', 'search', 'company_view', 'call_click']);
  return {
    sessionId: `k6-${__VU}-${Math.floor(Math.random() * 1e6)}`,
    actionType: action,
    deviceType: pick(['mobile', 'desktop', 'tablet']),
    currentPage: action === 'company_view' ? `/company/${companyId}` : '/search',
    referrer: 'direct',
    timestamp: new Date().toISOString(),
    ...(action === 'search' ? { searchQuery: 'Chicago, IL', companyIds: [companyId] } : {}),
    ...(['company_view', 'call_click'].includes(action) ? { companyId } : {}),
  };
}

/**
 * handleSummary: the figures `npm run load` tabulates, as JSON (k6's own end-of-test summary is
 * kept on stdout too).
 */
export function summary(script) {
  return (data) => {
    const m = data.metrics;
    const dur = m.http_req_duration?.values ?? {};
    const endpoints = {};
    for (const [name, metric] of Object.entries(m)) {
      const match = name.match(/^http_req_duration\{endpoint:(.+)\}$/);
      if (match) endpoints[match[1]] = { p95: metric.values['p(95)'], p99: metric.values['p(99)'] };
    }
    const seconds = (data.state?.testRunDurationMs ?? 0) / 1000;
    const out = {
      script,
      profile: __ENV.PROFILE || 'unknown',
      baseUrl: BASE_URL,
      smoke: SMOKE,
      seconds,
      requests: m.http_reqs?.values.count ?? 0,
      rps: m.http_reqs?.values.rate ?? 0,
      iterations: m.iterations?.values.count ?? 0,
      droppedIterations: m.dropped_iterations?.values.count ?? 0,
      failedRate: m.http_req_failed?.values.rate ?? 0,
      checksRate: m.checks?.values.rate ?? 0,
      p95: dur['p(95)'],
      p99: dur['p(99)'],
      endpoints,
      thresholdsOk: Object.values(m).every((metric) => Object.values(metric.thresholds ?? {}).every((t) => t.ok)),
    };
    const file = __ENV.SUMMARY || `infra/k6/results/${script}.json`;
    const line = `${script} [${out.profile}]: ${out.rps.toFixed(0)} req/s, p95 ${(out.p95 ?? 0).toFixed(1)} ms, p99 ${(out.p99 ?? 0).toFixed(1)} ms, failed ${(out.failedRate * 100).toFixed(2)}%, thresholds ${out.thresholdsOk ? 'ok' : 'CROSSED'}\n`;
    return { [file]: JSON.stringify(out, null, 2), stdout: line };
  };
}
