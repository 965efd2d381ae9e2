// One client trying to freeze the site (issue 22, defect 2), in two roles run at the same time:
//   ROLE=flood  many concurrent expensive requests (the claim search, 100-company pages) from one
//               address: FLOOD_REQUESTS in all (default 550, within the 600/min general allowance)
//               by FLOOD_VUS at once (default 200), for FLOOD_SECONDS at most (default 20)
//   ROLE=probe  a cheap route (GET /api/companies?limit=1) at PROBE_RATE a second (default 10) for
//               PROBE_SECONDS (default 20): its p99 must stay under 1 s (PROBE_P99_MS)
// Run the flood from another source address (k6 --local-ips 127.0.0.2) so the probe is not counted
// against the flooding address's limits. packages/embedded/test/overload-k6.int.test.ts runs both.
import { get, summary, TREND_STATS } from '../lib/common.js';

const ROLE = __ENV.ROLE || 'probe';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const CITIES = ['Miami', 'Dallas', 'Boston', 'Denver', 'Seattle', 'Austin', 'Phoenix', 'Atlanta'];

const flood = {
  executor: 'shared-iterations',
  vus: Number(__ENV.FLOOD_VUS || 200),
  iterations: Number(__ENV.FLOOD_REQUESTS || 550),
  maxDuration: `${Number(__ENV.FLOOD_SECONDS || 20)}s`,
  gracefulStop: '5s',
};
const probe = {
  executor: 'constant-arrival-rate',
  rate: Number(__ENV.PROBE_RATE || 10),
  timeUnit: '1s',
  duration: `${Number(__ENV.PROBE_SECONDS || 20)}s`,
  preAllocatedVUs: 20,
  maxVUs: 100,
  gracefulStop: '5s',
};

export const options = {
  summaryTrendStats: TREND_STATS,
  scenarios: ROLE === 'flood' ? { flood } : { probe },
  thresholds:
    ROLE === 'flood'
      ? {}
      : { http_req_failed: ['rate<0.01'], 'http_req_duration{endpoint:probe}': [`p(99)<${Number(__ENV.PROBE_P99_MS || 1000)}`] },
};

/** An expensive request: the whole claim list as the old client asked it, or a 100-company page. */
function expensivePath() {
  const letter = LETTERS[Math.floor(Math.random() * LETTERS.length)];
  const city = CITIES[Math.floor(Math.random() * CITIES.length)];
  switch (Math.floor(Math.random() * 3)) {
    case 0:
      return '/api/all-companies';
    case 1:
      return `/api/all-companies?search=${letter}&limit=100`;
    default:
      return `/api/companies?location=${encodeURIComponent(city)}&distance=statewide&limit=100`;
  }
}

export default function run() {
  if (ROLE === 'flood') get(expensivePath(), 'flood', [200, 429, 503]);
  else get('/api/companies?limit=1', 'probe');
}

export const handleSummary = summary(`overload-${ROLE}`);
