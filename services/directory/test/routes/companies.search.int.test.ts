import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { companySchema, type Company } from '@limo/contracts';
import { distanceMiles, resolveLocation } from '@limo/geo';
import { sharedHarness, sharedUser, waitFor } from '@limo/platform/testing';
import type { CompanySearchIndex } from '@limo/company-search';
import { EmbeddedCompanySearch } from '../../src/search/embedded.company-search.js';
import { adminCreate, call, startDirectory, userOf } from '../support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');
const miami = resolveLocation('Miami, FL')!;

/** Every page of a search, concatenated, with the total header of the first page. */
async function allPages(query: string): Promise<{ companies: Company[]; total: number; pages: number }> {
  const companies: Company[] = [];
  let total = -1;
  let pages = 0;
  for (let page = 1; page < 200; page++) {
    const res = await call(h, 'GET', `/api/companies?${query}&page=${page}`);
    expect(res.statusCode).toBe(200);
    if (total < 0) total = Number(res.headers['x-total-count']);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    // The route sends its cached JSON text as it is: every answer must still match the declared schema.
    const body = z.array(companySchema).parse(res.json());
    expect(body.length).toBeLessThanOrEqual(15);
    if (body.length === 0) break;
    pages++;
    companies.push(...body);
  }
  return { companies, total, pages };
}

const milesFromMiami = (c: Pick<Company, 'latitude' | 'longitude'>) =>
  distanceMiles(miami, { latitude: c.latitude!, longitude: c.longitude! });

let everyCompany: Company[];

beforeAll(async () => {
  expect((await call(h, 'POST', '/api/admin/populate-database', admin)).json().companiesAdded).toBe(1900);
  // Around Miami beyond the generated ones: Hollywood (~17 mi), Boca Raton (~42 mi), West Palm Beach (~66 mi).
  await adminCreate(h, admin, {
    name: 'Hollywood Beach Limo',
    city: 'Hollywood',
    state: 'FL',
    latitude: 26.0112,
    longitude: -80.1495,
    services: ['Wedding Transportation'],
    vehicleTypes: ['Stretch Limo'],
    priceRange: '$$$$ Luxury',
    featured: true,
  });
  await adminCreate(h, admin, {
    name: 'Boca Coach Works',
    city: 'Boca Raton',
    state: 'FL',
    latitude: 26.3683,
    longitude: -80.1289,
    services: ['weddings'],
    vehicleTypes: ['party-bus'],
    priceRange: '$$',
  });
  await adminCreate(h, admin, {
    name: 'Palm Beach Zebracorn Chauffeurs',
    city: 'West Palm Beach',
    state: 'FL',
    zipCode: '33401',
    vehicleTypes: ['Town Car'],
    priceRange: '$',
  });
  await waitFor(
    async () => Number((await call(h, 'GET', '/api/companies?location=Florida')).headers['x-total-count']) === 203,
    10_000,
    'index caught up',
  );
  // Every company with its coordinates, from the admin list (200 a page).
  everyCompany = [];
  for (let page = 1; everyCompany.length < 1903 && page <= 20; page++) {
    everyCompany.push(
      ...(await call(h, 'GET', `/api/admin/companies?page=${page}&limit=200`, admin)).json<{ companies: Company[] }>().companies,
    );
  }
  expect(everyCompany).toHaveLength(1903);
});
describe('GET /api/companies: the radius', () => {
  it('returns only companies within 25 miles of Miami, 15 a page, with the true total in X-Total-Count', async () => {
    const expected = everyCompany.filter((c) => c.latitude !== null && milesFromMiami(c) <= 25).map((c) => c.id);
    expect(expected.length).toBeGreaterThan(100);
    const first = await call(h, 'GET', '/api/companies?location=Miami,%20FL&distance=25');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(15);
    expect(Number(first.headers['x-total-count'])).toBe(expected.length);

    const { companies, total, pages } = await allPages('location=Miami,%20FL&distance=25');
    expect(total).toBe(expected.length);
    expect(pages).toBe(Math.ceil(expected.length / 15));
    expect(new Set(companies.map((c) => c.id))).toEqual(new Set(expected));
    for (const c of companies) {
      expect(milesFromMiami(c)).toBeLessThanOrEqual(25);
      expect(c.distanceMiles).toBeLessThanOrEqual(25);
    }
  });

  it('widens with the distance: 50 miles reaches Boca Raton, 100 West Palm Beach, statewide Orlando', async () => {
    const names = async (distance: string) => (await allPages(`location=Miami,%20FL&distance=${distance}`)).companies.map((c) => c.name);
    const d25 = await names('25');
    const d50 = await names('50');
    const d100 = await names('100');
    expect(d25).toContain('Hollywood Beach Limo');
    expect(d25).not.toContain('Boca Coach Works');
    expect(d50).toContain('Boca Coach Works');
    expect(d50).not.toContain('Palm Beach Zebracorn Chauffeurs');
    expect(d100).toContain('Palm Beach Zebracorn Chauffeurs');
    const statewide = await allPages('location=Miami,%20FL&distance=statewide');
    expect(statewide.total).toBe(203);
    expect(statewide.companies.every((c) => c.state === 'FL')).toBe(true);
    expect(statewide.companies.some((c) => c.city === 'Orlando')).toBe(true);
  });

  it('takes a city name alone, a ZIP code, or the detected userLocation when nothing is typed', async () => {
    const byLabel = Number((await call(h, 'GET', '/api/companies?location=Miami,%20FL')).headers['x-total-count']);
    const byZip = await call(h, 'GET', '/api/companies?location=33130');
    expect(Number(byZip.headers['x-total-count'])).toBeGreaterThan(90);
    expect(byZip.json<Company[]>().every((c) => c.state === 'FL')).toBe(true);
    const byUser = await call(
      h,
      'GET',
      `/api/companies?userLocation=${encodeURIComponent(JSON.stringify({ city: 'Miami', state: 'FL' }))}`,
    );
    expect(Number(byUser.headers['x-total-count'])).toBe(byLabel);
  });

  it('treats a location that is not a place as free text on name and description', async () => {
    const res = await call(h, 'GET', '/api/companies?location=zebracorn');
    expect(res.statusCode).toBe(200);
    expect(res.json<Company[]>().map((c) => c.name)).toEqual(['Palm Beach Zebracorn Chauffeurs']);
    expect(res.headers['x-total-count']).toBe('1');
  });

  it('lists everything, 15 a page, with no location at all', async () => {
    const res = await call(h, 'GET', '/api/companies');
    expect(res.json()).toHaveLength(15);
    expect(res.headers['x-total-count']).toBe('1903');
  });
});

describe('GET /api/companies: filters', () => {
  it('combine: service, any of the vehicle types, price range and minimum rating, in any spelling', async () => {
    const query = 'location=Miami,%20FL&distance=50&serviceType=Wedding&vehicleTypes=Stretch%20Limousine,Party%20Bus&priceRange=$$';
    const expected = everyCompany.filter(
      (c) =>
        c.latitude !== null &&
        milesFromMiami(c) <= 50 &&
        c.services.includes('Wedding') &&
        (c.vehicleTypes.includes('Stretch Limousine') || c.vehicleTypes.includes('Party Bus')) &&
        c.priceRange === '$$',
    );
    expect(expected.map((c) => c.name)).toContain('Boca Coach Works');
    const { companies, total } = await allPages(query);
    expect(total).toBe(expected.length);
    expect(new Set(companies.map((c) => c.id))).toEqual(new Set(expected.map((c) => c.id)));
    // The same filter written as other forms write it.
    const other = await allPages(
      'location=Miami,%20FL&distance=50&serviceType=weddings&vehicleTypes=stretch-limo,party-bus&priceRange=$$%20Moderate',
    );
    expect(other.total).toBe(expected.length);
  });

  it('keeps only companies rated at least minRating, from approved reviews', async () => {
    const rated = await adminCreate(h, admin, {
      name: 'Biscayne Five Star Rides',
      city: 'Miami',
      state: 'FL',
      latitude: 25.77,
      longitude: -80.2,
    });
    for (const rating of [5, 4]) {
      const review = await call(h, 'POST', '/api/reviews', undefined, {
        companyId: rated.id,
        rating,
        reviewerName: `Rider ${rating}`,
        comment: `Rated ${rating}`,
      });
      expect((await call(h, 'POST', `/api/admin/reviews/${review.json().id}/approve`, admin)).statusCode).toBe(200);
    }
    await waitFor(
      async () => (await call(h, 'GET', '/api/companies?location=Miami,%20FL&minRating=4')).json<Company[]>().length === 1,
      10_000,
      'rating in the index',
    );
    const res = await call(h, 'GET', '/api/companies?location=Miami,%20FL&minRating=4');
    expect(res.json<Company[]>()[0]).toMatchObject({ name: 'Biscayne Five Star Rides', rating: 4.5, reviewCount: 2 });
    expect((await call(h, 'GET', '/api/companies?location=Miami,%20FL&minRating=5')).headers['x-total-count']).toBe('0');
    expect((await call(h, 'GET', '/api/companies?location=Miami,%20FL&minRating=4%2B')).headers['x-total-count']).toBe('1');
  });

  it.each([
    ['distance=30', 'Distance must be 25, 50, 100 or statewide'],
    ['page=0', 'Page must be a whole number from 1 to 1000'],
    ['limit=500', 'Limit must be a whole number from 1 to 100'],
    ['sort=cheapest', 'Sort must be best-match, rating or distance'],
    ['userLocation=not-json', 'userLocation must be JSON like {"city":"Miami","state":"FL"}'],
    ['vehicleTypes=Spaceship', 'Unknown vehicle type: Spaceship'],
    ['serviceType=Moon%20Landing', 'Unknown service type: Moon Landing'],
    ['priceRange=cheap', 'Unknown price range: cheap'],
    ['minRating=9', 'Minimum rating must be a number from 1 to 5'],
  ])('answers 400 with a clear message for %s', async (query, message) => {
    const res = await call(h, 'GET', `/api/companies?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('GET /api/companies: sorting', () => {
  it('sorts by distance, nearest first', async () => {
    const { companies } = await allPages('location=Miami,%20FL&sort=distance');
    const miles = companies.map((c) => c.distanceMiles!);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
  });

  it('sorts by rating, best first', async () => {
    const body = (await call(h, 'GET', '/api/companies?location=Miami,%20FL&sort=rating')).json<Company[]>();
    const ratings = body.map((c) => c.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(body[0].name).toBe('Biscayne Five Star Rides');
  });

  it('best-match puts premium (featured) listings first, then the nearest', async () => {
    const { companies } = await allPages('location=Miami,%20FL');
    const featuredCount = companies.filter((c) => c.featured).length;
    expect(featuredCount).toBeGreaterThan(0);
    expect(companies.slice(0, featuredCount).every((c) => c.featured)).toBe(true);
    const rest = companies.slice(featuredCount).map((c) => c.distanceMiles!);
    expect(rest).toEqual([...rest].sort((a, b) => a - b));
  });

  it('ranks a suspended company below the others, whatever the sort', async () => {
    const nearest = (await call(h, 'GET', '/api/companies?location=Miami,%20FL&sort=distance')).json<Company[]>()[0];
    expect((await call(h, 'PUT', `/api/admin/companies/${nearest.id}/suspend`, admin)).statusCode).toBe(200);
    await waitFor(
      async () => (await call(h, 'GET', '/api/companies?location=Miami,%20FL&sort=distance')).json<Company[]>()[0].id !== nearest.id,
      10_000,
      'suspension in the index',
    );
    const { companies } = await allPages('location=Miami,%20FL&sort=distance');
    expect(companies.at(-1)!.id).toBe(nearest.id);
    await call(h, 'PUT', `/api/admin/companies/${nearest.id}/unsuspend`, admin);
  });
});

describe('GET /api/companies: caching', () => {
  it('serves a cached page until a company changes, then the new result at once', async () => {
    const before = await call(h, 'GET', '/api/companies?location=zebracorn');
    expect(before.headers['x-total-count']).toBe('1');
    await adminCreate(h, admin, { name: 'Second Zebracorn Limo', city: 'Tampa', state: 'FL' });
    await waitFor(
      async () => (await call(h, 'GET', '/api/companies?location=zebracorn')).headers['x-total-count'] === '2',
      5_000,
      'cache invalidated',
    );
  });
});

describe('search cache', () => {
  it('asks the index once for the same query within 30 s, and again after a company changed', async () => {
    const index = EmbeddedCompanySearch.create();
    let searches = 0;
    const counting: CompanySearchIndex = {
      scope: index.scope,
      upsert: (docs) => index.upsert(docs),
      remove: (ids) => index.remove(ids),
      clear: () => index.clear(),
      versions: () => index.versions(),
      count: () => index.count(),
      refresh: () => index.refresh(),
      ping: () => index.ping(),
      close: () => index.close(),
      search: (query) => {
        searches++;
        return index.search(query);
      },
    };
    const own = await startDirectory({}, { searchIndex: counting });
    try {
      const ownAdmin = userOf(own, 'admin');
      await adminCreate(own, ownAdmin, { name: 'Cached Limo', city: 'Miami', state: 'FL' });
      await waitFor(
        async () => (await call(own, 'GET', '/api/companies?location=Miami')).headers['x-total-count'] === '1',
        5_000,
        'indexed',
      );
      const before = searches;
      await call(own, 'GET', '/api/companies?location=Miami');
      await call(own, 'GET', '/api/companies?location=Miami,%20FL');
      expect(searches).toBe(before);
      await adminCreate(own, ownAdmin, { name: 'Cached Limo Two', city: 'Miami', state: 'FL' });
      await waitFor(
        async () => (await call(own, 'GET', '/api/companies?location=Miami')).headers['x-total-count'] === '2',
        5_000,
        'second indexed',
      );
      expect(searches).toBeGreaterThan(before);
    } finally {
      await own.close();
    }
  });
});
