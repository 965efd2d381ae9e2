import { request as httpRequest } from 'node:http';
import type { SystemUnderTest } from '../support/profiles.js';

/** The five identities of the authorization matrix, in its column order. */
export const ROLES = ['anonymous', 'user', 'owner', 'otherOwner', 'admin'] as const;
export type RoleName = (typeof ROLES)[number];

export interface RawResponse {
  status: number;
  text: string;
  /** The session cookie the answer set, as `name=value`. */
  cookie?: string;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as is; with `chunked`, without a Content-Length. */
  body?: string | Buffer;
  chunked?: boolean;
}

/**
 * How long a request may go unanswered before it counts as a failure. The slowest route, populate-database
 * with an empty body (1,900 companies), outlasted 30 s on the distributed profile of a loaded 2-core machine.
 */
const NO_ANSWER_MS = 60_000;

/** One request over plain node:http, so odd headers (Expect, chunked bodies) go out exactly as written. */
export function send(baseUrl: string, req: RawRequest): Promise<RawResponse> {
  const url = new URL(req.path, baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { origin: baseUrl, ...req.headers };
    if (req.body !== undefined && !req.chunked) headers['content-length'] = Buffer.byteLength(req.body);
    if (req.chunked) headers['transfer-encoding'] = 'chunked';
    const r = httpRequest(url, { method: req.method, headers, timeout: NO_ANSWER_MS, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      const cookie = res.headers['set-cookie']?.[0]?.split(';')[0];
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), cookie }));
      res.on('error', reject);
    });
    // No answer is as bad as a 5xx: reported as status 0.
    r.on('timeout', () => {
      resolve({ status: 0, text: `no answer in ${NO_ANSWER_MS / 1000} s` });
      r.destroy();
    });
    r.on('error', (err: NodeJS.ErrnoException) => {
      // The server may answer (413) and close before the whole body went out.
      if (err.code === 'EPIPE' || err.code === 'ECONNRESET') resolve({ status: -1, text: err.code });
      else reject(err);
    });
    if (req.body === undefined) return void r.end();
    if (!req.chunked) return void r.end(req.body);
    const body = Buffer.from(req.body);
    for (let i = 0; i < body.length; i += 64 * 1024) r.write(body.subarray(i, i + 64 * 1024));
    r.end();
  });
}

/** JSON call helper for fixtures: throws unless the status is the expected one. */
export async function json(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  cookie: string | undefined,
  expect: number[],
): Promise<Record<string, unknown>> {
  const res = await send(baseUrl, {
    method,
    path,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!expect.includes(res.status))
    throw new Error(`${method} ${path} answered ${res.status} (wanted ${expect.join('/')}): ${res.text.slice(0, 300)}`);
  return res.text ? (JSON.parse(res.text) as Record<string, unknown>) : {};
}

async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const url = new URL('/api/login', baseUrl);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}: ${await res.text()}`);
  return res.headers.getSetCookie()[0].split(';')[0];
}

export const companyBody = (suffix: string) => ({
  name: `Matrix Limousines ${suffix}`,
  description: 'Sedans and stretch limousines',
  phone: '(815) 555-0142',
  email: `dispatch-${suffix}@example.com`,
  fullAddress: '100 N Main St, Rockford, IL 61101',
  address: '100 N Main St',
  city: 'Rockford',
  state: 'IL',
  zipCode: '61101',
  latitude: 42.2711,
  longitude: -89.094,
  services: ['Wedding'],
  vehicleTypes: ['Stretch Limousine'],
  priceRange: '$$',
  hourlyRateStart: 95,
});

const tripDate = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
export const quoteBody = (companyId: string) => ({
  companyId,
  customerName: 'Matrix Rider',
  customerEmail: 'matrix.rider@example.com',
  customerPhone: '(815) 555-0199',
  serviceType: 'Wedding',
  pickupLocation: '1 Church St, Rockford, IL',
  tripDate: tripDate(),
  tripTime: '4:30 PM',
  passengerCount: '5-8',
});

/** Signed-in identities: a user without a company, two owners each with a company, the admin. */
export interface Actors {
  cookies: Record<RoleName, string | undefined>;
  credentials: Record<'user' | 'owner' | 'otherOwner', { email: string; password: string }>;
  ownerCompanyId: string;
  otherCompanyId: string;
  /** A fresh session of the role (for routes that end the one they are called with). */
  freshCookie(role: RoleName): Promise<string | undefined>;
}

export async function createActors(sut: SystemUnderTest): Promise<Actors> {
  const run = Math.random().toString(36).slice(2, 8);
  const credentials = {
    user: { email: `user-${run}@example.com`, password: 'user-pass-123' },
    owner: { email: `owner-${run}@example.com`, password: 'owner-pass-123' },
    otherOwner: { email: `other-${run}@example.com`, password: 'other-pass-123' },
  };
  for (const [name, c] of Object.entries(credentials)) {
    await json(sut.url, 'POST', '/api/register', { username: `${name}-${run}`, ...c }, undefined, [201]);
  }
  const cookies: Record<RoleName, string | undefined> = {
    anonymous: undefined,
    user: await login(sut.url, credentials.user.email, credentials.user.password),
    owner: await login(sut.url, credentials.owner.email, credentials.owner.password),
    otherOwner: await login(sut.url, credentials.otherOwner.email, credentials.otherOwner.password),
    admin: await login(sut.url, sut.admin.email, sut.admin.password),
  };
  const ownerCompanyId = String((await json(sut.url, 'POST', '/api/companies', companyBody(`o-${run}`), cookies.owner, [201])).id);
  const otherCompanyId = String((await json(sut.url, 'POST', '/api/companies', companyBody(`x-${run}`), cookies.otherOwner, [201])).id);
  // Quotes learns companies from events: wait until it knows both (the distributed bus is not instant).
  for (const role of ['owner', 'otherOwner'] as const) {
    for (const deadline = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 100))) {
      const res = await send(sut.url, { method: 'GET', path: '/api/quote-requests/summary', headers: { cookie: cookies[role]! } });
      if (res.status === 200) break;
      if (Date.now() > deadline) throw new Error(`quotes never learned the ${role}'s company: ${res.status} ${res.text}`);
    }
  }
  return {
    cookies,
    credentials,
    ownerCompanyId,
    otherCompanyId,
    async freshCookie(role) {
      if (role === 'anonymous') return undefined;
      const c = role === 'admin' ? sut.admin : credentials[role];
      return login(sut.url, c.email, c.password);
    },
  };
}
