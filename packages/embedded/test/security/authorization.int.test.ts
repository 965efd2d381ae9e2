import { beforeAll, expect, it } from 'vitest';
import { describeOnProfiles, type SystemUnderTest } from '../support/profiles.js';
import { companyBody, createActors, json, quoteBody, ROLES, send, type Actors, type RoleName } from './actors.js';
import { AUTHORIZATION_MATRIX, MATRIX_FILE, type MatrixRow } from './authorization-matrix.js';
import { loadApiRoutes, type ApiRoute } from './openapi-routes.js';

/** What a route's `{id}` names, by its path. */
type FixtureKind = 'company' | 'review' | 'quote' | 'changeRequest' | 'image';
const kindOf = (path: string): FixtureKind =>
  /\/reviews\/\{/.test(path)
    ? 'review'
    : /quote-requests\/\{/.test(path)
      ? 'quote'
      : /change-requests\/\{/.test(path)
        ? 'changeRequest'
        : /\/images\/\{/.test(path)
          ? 'image'
          : 'company';

let ownerCompanyOfRun = '';

/** Resources owned by the matrix's owner, made fresh where a call may change or delete them. */
interface Fixtures {
  company: string;
  review: string;
  quote: string;
  changeRequest: string;
  image: string;
}

/**
 * A valid body where one is needed to get past validation to the ownership check; every other route
 * gets `{}` (role guards answer before validation, so 401/403 still show).
 */
const SAMPLE_BODIES: Record<string, (f: Fixtures) => unknown> = {
  'PUT /api/companies/{id}': () => ({ description: 'Edited by the authorization matrix' }),
  'PUT /api/admin/companies/{id}': () => ({ description: 'Edited by the authorization matrix' }),
  'POST /api/admin/listing-verifications/{companyId}/reject': () => ({ reason: 'Rejected by the authorization matrix' }),
  'POST /api/admin/credential-verifications/{companyId}/reject': () => ({ reason: 'Rejected by the authorization matrix' }),
  'PUT /api/my-companies/{id}/credentials': () => ({
    usdotNumber: '1234567',
    insuranceCarrier: 'Matrix Mutual',
    insuranceExpiresOn: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
  }),
  'PUT /api/quote-requests/{id}': () => ({ status: 'contacted' }),
  'PUT /api/admin/quote-requests/{id}': () => ({ status: 'contacted' }),
  'POST /api/companies': () => companyBody(Math.random().toString(36).slice(2, 8)),
  'POST /api/reviews': (f) => ({ companyId: f.company, rating: 4, reviewerName: 'Matrix Reviewer', comment: 'Fine ride' }),
  // The owner's first company: quotes surely knows it (a fresh one may not have reached it yet).
  'POST /api/quote-requests': () => quoteBody(ownerCompanyOfRun),
};

async function makeFixtures(sut: SystemUnderTest, actors: Actors, kind: FixtureKind | 'all'): Promise<Fixtures> {
  const owner = actors.cookies.owner;
  const company = String(
    (await json(sut.url, 'POST', '/api/companies', companyBody(Math.random().toString(36).slice(2, 8)), owner, [201])).id,
  );
  const f: Fixtures = { company, review: '', quote: '', changeRequest: '', image: '00000000-0000-4000-8000-000000000000' };
  if (kind === 'review' || kind === 'all') {
    f.review = String(
      (
        await json(
          sut.url,
          'POST',
          '/api/reviews',
          { companyId: company, rating: 5, reviewerName: 'Matrix Rider', comment: 'Spotless' },
          undefined,
          [201],
        )
      ).id,
    );
  }
  if (kind === 'quote' || kind === 'all') {
    // To the owner's first company: the owner's quote routes serve that one (owner-admin side §2.10).
    // Quotes learns a company from its event: a moment after it was listed.
    for (const deadline = Date.now() + 20_000; !f.quote; await new Promise((r) => setTimeout(r, 100))) {
      const res = await send(sut.url, {
        method: 'POST',
        path: '/api/quote-requests',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(quoteBody(actors.ownerCompanyId)),
      });
      if (res.status === 201) f.quote = String((JSON.parse(res.text) as { id: string }).id);
      else if (res.status !== 404 || Date.now() > deadline) throw new Error(`quote fixture: ${res.status} ${res.text}`);
    }
  }
  if (kind === 'changeRequest' || kind === 'all') {
    const pending = await json(
      sut.url,
      'PUT',
      `/api/companies/${company}`,
      { description: `Change request ${Math.random()}` },
      owner,
      [202],
    );
    f.changeRequest = String((pending.changeRequest as { id: string }).id);
  }
  return f;
}

async function statusOf(sut: SystemUnderTest, actors: Actors, route: ApiRoute, role: RoleName, f: Fixtures): Promise<number> {
  const id = f[kindOf(route.path)];
  const path = route.path.replace(/\{[^}]+\}/g, id);
  const cookie = route.key === 'POST /api/logout' ? await actors.freshCookie(role) : actors.cookies[role];
  const sample = SAMPLE_BODIES[route.key];
  const body = sample ? JSON.stringify(sample(f)) : route.hasJsonBody ? '{}' : undefined;
  const headers: Record<string, string> = {
    ...(cookie ? { cookie } : {}),
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
  };
  return (await send(sut.url, { method: route.method, path, headers, body })).status;
}

const isMutating = (route: ApiRoute) => route.method !== 'GET';
const rowText = (key: string, row: readonly number[]) => `  '${key}': [${row.join(', ')}],`;

describeOnProfiles('authorization matrix: every OpenAPI route × every identity', (sut) => {
  let routes: ApiRoute[];
  let actors: Actors;
  const measured = new Map<string, MatrixRow>();

  beforeAll(async () => {
    routes = await loadApiRoutes(sut().url);
    actors = await createActors(sut());
    ownerCompanyOfRun = actors.ownerCompanyId;
    const shared = await makeFixtures(sut(), actors, 'all');
    for (const route of routes) {
      const row: number[] = [];
      for (const role of ROLES) {
        // A call that may change or delete its target gets targets of its own, so no row depends on another.
        const f = isMutating(route) ? await makeFixtures(sut(), actors, kindOf(route.path)) : shared;
        row.push(await statusOf(sut(), actors, route, role, f));
      }
      measured.set(route.key, row as unknown as MatrixRow);
    }
  }, 120_000);

  it(`has a row in ${MATRIX_FILE} for every route, and each route answers as its row says`, () => {
    const missing = routes.filter((r) => !Object.hasOwn(AUTHORIZATION_MATRIX, r.key));
    const help = (keys: string[]) => keys.map((k) => rowText(k, measured.get(k)!)).join('\n');
    expect(
      missing.map((r) => r.key),
      `Routes without a row in ${MATRIX_FILE}. Check what each identity must get, then add (measured now: ${ROLES.join(', ')}):\n${help(missing.map((r) => r.key))}\n`,
    ).toEqual([]);
    const known = new Set(routes.map((r) => r.key));
    const stale = Object.keys(AUTHORIZATION_MATRIX).filter((k) => !known.has(k));
    expect(stale, `Rows of ${MATRIX_FILE} for routes the OpenAPI no longer has: remove them`).toEqual([]);
    const differing = routes.filter((r) => JSON.stringify(measured.get(r.key)) !== JSON.stringify(AUTHORIZATION_MATRIX[r.key]));
    expect(
      differing.map((r) => `${r.key}: table [${AUTHORIZATION_MATRIX[r.key].join(', ')}], measured [${measured.get(r.key)!.join(', ')}]`),
      `Routes answering other than ${MATRIX_FILE} says (columns ${ROLES.join(', ')})`,
    ).toEqual([]);
    console.log(
      `authorization matrix (${sut().profile}): ${routes.length} routes × ${ROLES.length} identities = ${routes.length * ROLES.length} checks`,
    );
  });

  it('keeps every admin route closed to everyone but the admin, whatever the table says', () => {
    const open = routes
      .filter((r) => r.path.startsWith('/api/admin/'))
      .filter((r) => {
        const [anonymous, user, owner, other] = measured.get(r.key)!;
        return anonymous !== 401 || [user, owner, other].some((s) => s !== 403);
      })
      .map((r) => `${r.key}: [${measured.get(r.key)!.join(', ')}]`);
    expect(open).toEqual([]);
  });
});
