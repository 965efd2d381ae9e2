import { describe, expect, it } from 'vitest';
import type { CityPageData, CompanyLinks, PlacesResponse, StateSummary } from '@limo/contracts';
import { adminCreate, call, sharedHarness, sharedUser, startDirectory } from '../support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');

const get = (url: string) => call(h, 'GET', url);

describe('the landing pages’ data (issue 19)', () => {
  it('lists a state’s cities with counts, and a city’s companies ranked with figures computed from them', async () => {
    const top = await adminCreate(h, admin, {
      name: 'Zeta Premium Limo',
      city: 'Fort Lauderdale',
      state: 'FL',
      zipCode: '33301',
      featured: true,
      hourlyRateStart: 150,
      services: ['Airport Transfer', 'Wedding'],
    });
    const plain = await adminCreate(h, admin, {
      name: 'Alpha Limo',
      city: 'fort lauderdale',
      state: 'fl',
      zipCode: '33301',
      hourlyRateStart: 90,
      services: ['Wedding'],
    });
    await adminCreate(h, admin, { name: 'Hollywood Limo', city: 'Hollywood', state: 'FL', zipCode: '33020' });

    const state = (await get('/api/places/fl')).json<StateSummary>();
    expect(state).toMatchObject({ state: 'FL', slug: 'fl', name: 'Florida' });
    expect(state.cities).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ city: 'Fort Lauderdale', slug: 'fort-lauderdale', count: 2 }),
        expect.objectContaining({ city: 'Hollywood', slug: 'hollywood', count: 1 }),
      ]),
    );

    const res = await get('/api/places/fl/fort-lauderdale');
    expect(res.statusCode).toBe(200);
    const city = res.json<CityPageData>();
    expect(city).toMatchObject({ city: 'Fort Lauderdale', state: 'FL', stateName: 'Florida', page: 1, pages: 1 });
    expect(city.companies.map((c) => c.id)).toEqual([top.id, plain.id]);
    expect(city.figures).toMatchObject({
      companyCount: 2,
      averageRating: null,
      averageHourlyRate: 120,
      lowestHourlyRate: 90,
      highestHourlyRate: 150,
      services: [
        { service: 'Wedding', count: 2 },
        { service: 'Airport Transfer', count: 1 },
      ],
    });
    expect(city.nearby[0]).toMatchObject({ city: 'Hollywood', state: 'FL', path: '/limo-service/fl/hollywood', count: 1 });
  });

  it('answers 404 for a city or state without companies and a page past the last, 400 for a malformed slug', async () => {
    expect((await get('/api/places/fl/atlantis')).statusCode).toBe(404);
    expect((await get('/api/places/wy')).statusCode).toBe(404);
    const past = await get('/api/places/fl/hollywood?page=2');
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ message: 'This city has 1 page of companies' });
    const bad = await get('/api/places/FL/Miami%20Beach');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBeTruthy();
    expect((await get('/api/places/fl/hollywood?page=0')).statusCode).toBe(400);
  });

  it('is current as soon as a company changes: a new city appears in the places and its company in the links', async () => {
    const before = (await get('/api/places')).json<PlacesResponse>();
    expect(before.states.flatMap((s) => s.cities.map((c) => c.slug))).not.toContain('tallahassee');
    const created = await adminCreate(h, admin, { name: 'Capital Limo', city: 'Tallahassee', state: 'FL', zipCode: '32301' });
    const after = (await get('/api/places')).json<PlacesResponse>();
    expect(after.states.find((s) => s.slug === 'fl')?.cities).toContainEqual(expect.objectContaining({ slug: 'tallahassee', count: 1 }));
    const links = (await get('/api/company-links')).json<CompanyLinks>();
    expect(links.chunks).toBe(1);
    expect(links.companies).toContainEqual({ id: created.id, lastModified: expect.any(String) });
    expect(links.total).toBe(links.companies.length);
    expect((await get('/api/company-links?chunk=2')).statusCode).toBe(404);
  });
});
