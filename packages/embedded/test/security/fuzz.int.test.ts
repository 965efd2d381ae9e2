import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '@limo/platform/testing';
import { describeOnProfiles } from '../support/profiles.js';
import { createActors, send, type Actors, type RawRequest } from './actors.js';
import { loadApiRoutes, type ApiRoute } from './openapi-routes.js';

/** fast-check runs per route; with the fixed corpus about 2,600 requests per profile. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 16);
const SEED = Number(process.env.FUZZ_SEED ?? 1313);

const deep = (depth: number, open: string, close: string, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);
const HUGE = 'x'.repeat(150_000);

/** UTF-8 no encoder writes: an overlong '/', an encoded surrogate, a cut sequence, a byte that never starts one. */
const BAD_UTF8 = [Buffer.from([0xc0, 0xaf]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xe2, 0x82]), Buffer.from([0xff])];
const jsonWithBytes = (bytes: Buffer) => Buffer.concat([Buffer.from('{"name":"a'), bytes, Buffer.from('b"}')]);

/** Text no field accepts (issue 22): lone surrogates, NUL and other controls, bidirectional controls. */
const MALFORMED_TEXT = ['\ud800', 'a\udbffb', '\udc00', 'nul\u0000', 'esc\u001b[31m', 'c1\u0085', 'evil\u202eexe.txt', '\u2066x\u2069'];

/** Bodies no well-behaved client sends; each must be answered 4xx (or 2xx where harmless), never 5xx. */
const RAW_BODIES: Array<string | Buffer> = [
  '',
  ' ',
  '\n\t ',
  'null',
  '{',
  '{"a":',
  '[',
  '[]',
  '"text"',
  '123',
  'true',
  '{"__proto__":{"role":"admin"}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '{"a":{"__proto__":{"x":1}}}',
  deep(10_000, '[', ']'),
  deep(5_000, '{"a":', '}'),
  JSON.stringify({ name: HUGE }),
  '\u0000\u0001\u0002',
  '{"name":"\ud800"}',
  '\ufeff{}',
  // JSON escapes of malformed text (what JSON.stringify writes for a lone surrogate).
  '{"name":"\\ud800","comment":"\\udfff"}',
  '{"name":"\\u0000"}',
  '{"name\\ud800":"x"}',
  ...BAD_UTF8.map(jsonWithBytes),
];

const ODD_IDS = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '..%2F..%2F.jwt-secret',
  '%2e%2e',
  '%00',
  '%',
  '%E0%A4%A',
  'null',
  '-1',
  '1e999',
  'NaN',
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('{"$gt":""}'),
  'a'.repeat(3000),
  encodeURIComponent('😀🚗'),
];

/** Malformed text in a query or a path, percent-encoded as a client can send it (lone surrogate, overlong, NUL, bidi, ESC, cut, 0xFF). */
const MALFORMED_ENCODED = ['%ED%A0%80', '%C0%AF', '%00', '%E2%80%AE', '%1B', '%E2%82', '%FF'];

/** Header values that are malformed text once read as UTF-8 (HTTP gives headers as Latin-1 bytes). */
const latin1 = (bytes: Buffer) => bytes.toString('latin1');
const BAD_HEADERS: Array<Record<string, string>> = [
  { 'user-agent': latin1(Buffer.from([0xed, 0xa0, 0x80])) },
  { 'user-agent': latin1(Buffer.from('Mozilla/5.0 \u202e')) },
  { referer: latin1(Buffer.from([0xc0, 0xaf])) },
  { 'x-request-id': latin1(Buffer.from('\u2066id\u2069')) },
  { 'accept-language': latin1(Buffer.from([0xff, 0xfe])) },
  { 'x-forwarded-for': latin1(Buffer.from([0xed, 0xa0, 0x80])) },
  { cookie: `limo_session=${latin1(Buffer.from([0xed, 0xa0, 0x80]))}` },
];

const PROTOTYPE_QUERY_VALUES = [
  'constructor',
  'Constructor, TX',
  '__proto__',
  'toString',
  'hasOwnProperty, valueOf',
  '{"city":"constructor"}',
  '{"city":"__proto__","state":"constructor"}',
];

const nosql = fc.constantFrom<unknown>(
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(1000)' },
  { $regex: '.*' },
  { $in: [] },
  { $exists: true },
);
const protoKeys = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__":{"admin":true}}'),
  { constructor: { prototype: { admin: true } } },
  'constructor',
  '__proto__',
  'toString',
);
const evilValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', 'constructor', '__proto__', 'Constructor, TX', HUGE, '9'.repeat(400), '-0', '1e309', '2024-13-45', '25:61 PM'),
  fc.constantFrom(...MALFORMED_TEXT),
  fc.tuple(fc.string(), fc.constantFrom(...MALFORMED_TEXT)).map(([text, bad]) => text + bad),
  nosql,
  protoKeys,
  fc.array(fc.string(), { maxLength: 4 }),
  fc.constant(JSON.parse(deep(300, '[', ']'))),
  fc.json().map((j) => JSON.parse(j) as unknown),
);

interface Case {
  role: 'anonymous' | 'owner' | 'admin';
  id: string;
  query: Array<[string, string]>;
  body:
    | { kind: 'none' }
    | { kind: 'raw'; text: string | Buffer }
    | { kind: 'fields'; value: Record<string, unknown> }
    | { kind: 'json'; value: unknown };
  contentType: string | undefined;
  expectContinue: boolean;
  chunked: boolean;
}

function caseArb(route: ApiRoute): fc.Arbitrary<Case> {
  const queryKeys = [...route.queryParams, 'location', 'userLocation', '__proto__', 'constructor', 'page[$gt]'];
  const queryValue = fc.oneof(
    fc.string(),
    fc.constantFrom(
      'constructor',
      'Constructor, TX',
      '__proto__',
      'toString',
      '{"city":"constructor"}',
      '{"city":"__proto__","state":"constructor"}',
      '-1',
      '1e999',
      'NaN',
      HUGE.slice(0, 5000),
      '[object Object]',
    ),
  );
  const fields = route.bodyFields.length
    ? fc.dictionary(fc.constantFrom(...route.bodyFields, '__proto__', 'constructor', '$where', 'role'), evilValue, { maxKeys: 6 })
    : fc.dictionary(fc.string(), evilValue, { maxKeys: 3 });
  return fc.record<Case>({
    role: fc.constantFrom('anonymous', 'owner', 'admin'),
    id: fc.oneof(fc.constantFrom(...ODD_IDS), fc.string().map(encodeURIComponent), fc.uuid()),
    query: fc.array(fc.tuple(fc.constantFrom(...queryKeys), queryValue), { maxLength: 4 }),
    body: fc.oneof(
      fc.constant({ kind: 'none' as const }),
      fc.constantFrom(...RAW_BODIES).map((text) => ({ kind: 'raw' as const, text })),
      fields.map((value) => ({ kind: 'fields' as const, value })),
      evilValue.map((value) => ({ kind: 'json' as const, value })),
    ),
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          undefined,
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'multipart/form-data; boundary=' + 'b'.repeat(300),
          'application/json; charset=latin1',
        ),
      },
    ),
    expectContinue: fc.boolean(),
    chunked: fc.boolean(),
  });
}

function toRequest(route: ApiRoute, c: Case, actors: Actors): RawRequest {
  const path = route.path.replace(/\{[^}]+\}/g, c.id);
  const query = c.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const body = c.body.kind === 'none' ? undefined : c.body.kind === 'raw' ? c.body.text : (JSON.stringify(c.body.value) ?? 'null');
  const headers: Record<string, string> = {};
  if (c.contentType && body !== undefined) headers['content-type'] = c.contentType;
  if (c.expectContinue) headers.expect = '100-continue';
  const cookie = actors.cookies[c.role];
  if (cookie) headers.cookie = cookie;
  return { method: route.method, path: query ? `${path}?${query}` : path, headers, body, chunked: c.chunked && body !== undefined };
}

/** Multipart bodies that are broken in every way a parser can trip on (issue 13). */
function brokenMultiparts(): RawRequest[] {
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  const part = (boundary: string, content: Buffer | string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const long = 'b'.repeat(300);
  return [
    { method: 'POST', path: '/api/upload-image', headers: { 'content-type': 'multipart/form-data' }, body: part('x', png) },
    {
      method: 'POST',
      path: '/api/upload-image',
      headers: { 'content-type': 'multipart/form-data; boundary=wrong' },
      body: part('right', png),
    },
    {
      method: 'POST',
      path: '/api/upload-image',
      headers: { 'content-type': 'multipart/form-data; boundary=cut' },
      body: part('cut', png).subarray(0, 60),
    },
    {
      method: 'POST',
      path: '/api/upload-image',
      headers: { 'content-type': `multipart/form-data; boundary=${long}` },
      body: part(long, png),
    },
    { method: 'POST', path: '/api/upload-image', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '' },
    {
      method: 'POST',
      path: '/api/upload-image',
      headers: { 'content-type': 'multipart/form-data; boundary=x', expect: '100-continue' },
      body: part('x', Buffer.alloc(3 * 1024 * 1024, 7)),
    },
    {
      method: 'POST',
      path: '/api/upload-image',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: part('x', Buffer.alloc(7 * 1024 * 1024, 7)),
      chunked: true,
    },
    {
      method: 'POST',
      path: '/api/reviews',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ comment: 'y'.repeat(400_000) }),
      chunked: true,
    },
    {
      method: 'POST',
      path: '/api/login',
      headers: { 'content-type': 'application/json', expect: '100-continue' },
      body: '{"email":"a@b.co","password":"x"}',
    },
  ];
}

describeOnProfiles('fuzzing every OpenAPI route', (sut) => {
  let routes: ApiRoute[];
  let actors: Actors;
  const statuses = new Map<number, number>();
  const serverErrors: string[] = [];
  let requests = 0;

  async function fire(req: RawRequest, roleCookie?: string): Promise<number> {
    const res = await send(sut().url, roleCookie ? { ...req, headers: { ...req.headers, cookie: roleCookie } } : req);
    requests++;
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500 || res.status === 0)
      serverErrors.push(
        `${res.status} ${req.method} ${req.path.slice(0, 200)} ${req.chunked ? '(chunked) ' : ''}${req.headers?.expect ? '(expect) ' : ''}ct=${req.headers?.['content-type'] ?? '-'} body=${String(req.body ?? '<none>').slice(0, 120)} -> ${res.text.slice(0, 200)}`,
      );
    return res.status;
  }

  beforeAll(async () => {
    routes = await loadApiRoutes(sut().url);
    actors = await createActors(sut());
  }, 60_000);

  afterAll(() => {
    const summary = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    console.log(`fuzz (${sut()?.profile}): ${requests} requests over ${routes?.length} routes; statuses ${summary}`);
  });

  it('answers the fixed corpus (raw bodies, odd ids, broken multipart, Expect, chunked) below 500', async () => {
    for (const route of routes) {
      if (route.key === 'POST /api/logout') continue;
      // Every raw body where a body is expected; a few elsewhere (a body on a GET must not hurt either).
      const bodies = route.hasJsonBody ? RAW_BODIES : RAW_BODIES.slice(0, 6);
      for (const [i, text] of bodies.entries()) {
        for (const chunked of i % 4 === 0 ? [false, true] : [false]) {
          await fire({
            method: route.method,
            path: route.path.replace(/\{[^}]+\}/g, actors.ownerCompanyId),
            headers: { 'content-type': 'application/json', cookie: actors.cookies.admin! },
            body: text,
            chunked,
          });
        }
      }
      const path = route.path.replace(/\{[^}]+\}/g, actors.ownerCompanyId);
      if (route.pathParams.length)
        for (const id of ODD_IDS)
          await fire({ method: route.method, path: route.path.replace(/\{[^}]+\}/g, id), headers: { cookie: actors.cookies.admin! } });
      for (const [i, headers] of BAD_HEADERS.entries()) {
        const body = route.hasJsonBody && i === 0 ? '{"sessionId":"s","actionType":"page_view"}' : undefined;
        await fire({ method: route.method, path, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body });
      }
      if (route.pathParams.length)
        for (const bad of MALFORMED_ENCODED) await fire({ method: route.method, path: route.path.replace(/\{[^}]+\}/g, `id${bad}`) });
      for (const param of route.queryParams) {
        for (const bad of MALFORMED_ENCODED) await fire({ method: route.method, path: `${path}?${param}=a${bad}b` });
        for (const value of PROTOTYPE_QUERY_VALUES)
          await fire({
            method: route.method,
            path: `${path}?${param}=${encodeURIComponent(value)}`,
            headers: { cookie: actors.cookies.admin! },
          });
      }
      // Every field gets a 10,000-deep array; the first few the other poisons too.
      for (const [i, field] of route.bodyFields.entries()) {
        const poisons =
          i < 4
            ? [deep(10_000, '[', ']'), deep(3_000, '{"a":', '}'), '{"$gt":""}', '{"__proto__":{"x":1}}', 'null', JSON.stringify(HUGE)]
            : [deep(10_000, '[', ']')];
        for (const nested of poisons) {
          await fire({
            method: route.method,
            path,
            headers: { 'content-type': 'application/json', cookie: actors.cookies.admin! },
            body: `{${JSON.stringify(field)}:${nested}}`,
          });
        }
      }
    }
    for (const req of brokenMultiparts()) await fire(req, actors.cookies.owner);
    expect(serverErrors, sut().problems()).toEqual([]);
  }, 300_000);

  it('answers fast-check generated requests on every route below 500', async () => {
    for (const route of routes) {
      if (route.key === 'POST /api/logout') continue;
      await fc.assert(
        fc.asyncProperty(caseArb(route), async (c) => {
          const status = await fire(toRequest(route, c, actors));
          return status > 0 ? status < 500 : true;
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      );
    }
    expect(serverErrors, sut().problems()).toEqual([]);
  }, 300_000);

  it('is alive afterwards', async () => {
    const health = await fetch(new URL('/healthz', sut().url));
    expect(health.status, `/healthz: ${await health.text()}\n${sut().problems()}`).toBe(200);
    expect((await send(sut().url, { method: 'GET', path: '/api/me', headers: { cookie: actors.cookies.admin! } })).status).toBe(200);
  });

  // Poison, then healthy: whatever the fuzzing sent, a valid event sent now is counted.
  it('still counts a valid analytics event after all of it', async () => {
    const query = `after the fuzz ${SEED}-${Date.now()}`;
    const event = JSON.stringify({
      sessionId: `fuzz-${Date.now()}`,
      actionType: 'search',
      searchQuery: query,
      timestamp: new Date().toISOString(),
    });
    const headers = { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' };
    expect((await send(sut().url, { method: 'POST', path: '/api/analytics/track', headers, body: event })).status).toBe(202);
    await waitFor(
      async () => {
        const res = await send(sut().url, {
          method: 'GET',
          path: '/api/admin/analytics/popular-searches?days=7',
          headers: { cookie: actors.cookies.admin! },
        });
        return res.status === 200 && (JSON.parse(res.text) as Array<{ searchQuery: string }>).some((s) => s.searchQuery === query);
      },
      30_000,
      'the valid search event in the dashboard',
    );
  }, 60_000);
});
