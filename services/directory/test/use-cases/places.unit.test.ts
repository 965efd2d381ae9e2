import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newCompanyDoc, type CompanyDoc } from '../../src/domain/company.js';
import { buildPlacesIndex, cityFigures, cityPages, nearbyCities, type PlaceEntry } from '../../src/use-cases/places.js';

// The state and city landing pages (docs/web.md): which cities have a page, their companies in page
// order, the figures the page shows and the nearby cities it links to.

function listed(fields: Partial<CompanyDoc>): CompanyDoc {
  return { ...newCompanyDoc({ _id: randomUUID(), name: 'Limo', createdAt: '2026-01-01T00:00:00.000Z', ...fields }), version: 1 };
}

const ROCKFORD = { latitude: 42.27, longitude: -89.09 };
const LOVES_PARK = { latitude: 42.32, longitude: -89.06 };

describe('the places index', () => {
  it('groups companies by state and city, ranked premium first, suspended last, then rating, reviews and name', () => {
    const docs = [
      listed({ _id: 'c', name: 'Charlie', city: 'Rockford', state: 'IL', rating: 4, reviewCount: 3 }),
      listed({
        _id: 'suspended',
        name: 'Aaron',
        city: 'Rockford',
        state: 'IL',
        rating: 5,
        reviewCount: 50,
        suspendedAt: '2026-01-02T00:00:00.000Z',
      }),
      listed({ _id: 'b', name: 'Bravo', city: 'Rockford', state: 'IL', rating: 4, reviewCount: 9 }),
      listed({ _id: 'featured', name: 'Zed', city: 'Rockford', state: 'IL', featured: true }),
      listed({ _id: 'a', name: 'Alpha', city: 'Rockford', state: 'IL', rating: 4.5, reviewCount: 1 }),
      listed({ _id: 'a2', name: 'Alpha', city: 'Rockford', state: 'IL', rating: 4.5, reviewCount: 1 }),
      listed({ _id: 'd', name: 'Bravo', city: 'Rockford', state: 'IL', rating: 4, reviewCount: 9 }),
    ];
    const rockford = buildPlacesIndex(docs).cities.get('il/rockford')!;
    expect(rockford.companies.map((c) => c.id)).toEqual(['featured', 'a', 'a2', 'b', 'd', 'c', 'suspended']);
    expect(rockford.companies.find((c) => c.id === 'suspended')?.suspended).toBe(true);
  });

  it('lists only companies with a US state and a city, names a city by its most common spelling, and keeps the latest change', () => {
    const docs = [
      listed({ city: ' st. louis ', state: 'mo', updatedAt: '2026-03-01T00:00:00.000Z' }),
      listed({ city: 'St. Louis', state: 'MO', updatedAt: '2026-02-01T00:00:00.000Z' }),
      listed({ city: 'St. Louis', state: 'MO', updatedAt: '2026-01-01T00:00:00.000Z' }),
      listed({ city: 'Kansas City', state: 'MO', updatedAt: '2026-04-01T00:00:00.000Z' }),
      listed({ city: 'Atlantis', state: 'ZZ' }),
      listed({ city: '', state: 'IL' }),
      listed({ city: '...', state: 'IL' }),
      listed({ city: 'Rockford', state: null }),
    ];
    const index = buildPlacesIndex(docs);
    expect([...index.cities.keys()]).toEqual(['mo/st-louis', 'mo/kansas-city']);
    const stLouis = index.cities.get('mo/st-louis')!;
    expect(stLouis).toMatchObject({
      city: 'St. Louis',
      state: 'MO',
      slug: 'st-louis',
      lastModified: '2026-03-01T00:00:00.000Z',
      center: undefined,
    });
    expect(index.states).toEqual([
      {
        state: 'MO',
        slug: 'mo',
        name: 'Missouri',
        count: 4,
        lastModified: '2026-04-01T00:00:00.000Z',
        cities: [
          { city: 'St. Louis', slug: 'st-louis', count: 3, lastModified: '2026-03-01T00:00:00.000Z' },
          { city: 'Kansas City', slug: 'kansas-city', count: 1, lastModified: '2026-04-01T00:00:00.000Z' },
        ],
      },
    ]);
  });

  it('spells a city capitalised on a tie, and orders states by name and cities of a size by name', () => {
    const index = buildPlacesIndex([
      listed({ city: 'peoria', state: 'IL' }),
      listed({ city: 'Peoria', state: 'IL' }),
      listed({ city: 'Aurora', state: 'IL' }),
      listed({ city: 'Boulder', state: 'CO' }),
    ]);
    expect(index.cities.get('il/peoria')?.city).toBe('Peoria');
    expect(index.states.map((s) => s.name)).toEqual(['Colorado', 'Illinois']);
    expect(index.states[1].cities.map((c) => c.city)).toEqual(['Peoria', 'Aurora']);
    const tie = buildPlacesIndex([listed({ city: 'Zion', state: 'IL' }), listed({ city: 'Aurora', state: 'IL' })]);
    expect(tie.states[0].cities.map((c) => c.city)).toEqual(['Aurora', 'Zion']);
  });

  it('centres a city on its located companies', () => {
    const index = buildPlacesIndex([
      listed({ city: 'Rockford', state: 'IL', latitude: 42, longitude: -89 }),
      listed({ city: 'Rockford', state: 'IL', latitude: 43, longitude: -90 }),
      listed({ city: 'Rockford', state: 'IL', latitude: null, longitude: null }),
      listed({ city: 'Rockford', state: 'IL', latitude: 1, longitude: null }),
      listed({ city: 'Rockford', state: 'IL', latitude: Number.NaN, longitude: 1 }),
    ]);
    expect(index.cities.get('il/rockford')?.center).toEqual({ latitude: 42.5, longitude: -89.5 });
  });
});

describe("a city page's figures", () => {
  const entry = (fields: Partial<PlaceEntry>): PlaceEntry => ({
    id: randomUUID(),
    name: 'Limo',
    city: 'Rockford',
    state: 'IL',
    latitude: null,
    longitude: null,
    rating: 0,
    reviewCount: 0,
    hourlyRateStart: null,
    services: [],
    featured: false,
    suspended: false,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  });

  it('average the rating of reviewed companies and the hourly rates given, and count services once per company', () => {
    expect(
      cityFigures([
        entry({ rating: 4.5, reviewCount: 4, hourlyRateStart: 100, services: ['wedding', 'wedding', 'prom'] }),
        entry({ rating: 4, reviewCount: 2, hourlyRateStart: 151, services: ['wedding'] }),
        entry({ rating: 5, reviewCount: 0, hourlyRateStart: 0, services: ['airport-transfer'] }),
        entry({ hourlyRateStart: Number.POSITIVE_INFINITY }),
      ]),
    ).toEqual({
      companyCount: 4,
      averageRating: 4.3,
      reviewCount: 6,
      averageHourlyRate: 126,
      lowestHourlyRate: 100,
      highestHourlyRate: 151,
      services: [
        { service: 'Wedding', count: 2 },
        { service: 'Airport Transfer', count: 1 },
        { service: 'Proms', count: 1 },
      ],
    });
  });

  it('are empty without ratings or rates', () => {
    expect(cityFigures([entry({})])).toEqual({
      companyCount: 1,
      averageRating: null,
      reviewCount: 0,
      averageHourlyRate: null,
      lowestHourlyRate: null,
      highestHourlyRate: null,
      services: [],
    });
  });

  it('come in pages of 20, at least one', () => {
    expect([0, 1, 20, 21, 40, 41].map(cityPages)).toEqual([1, 1, 1, 2, 2, 3]);
  });
});

describe('the nearby cities of a city page', () => {
  it('are the other located cities, nearest first (the bigger on a tie), six at most', () => {
    const docs = [
      listed({ city: 'Rockford', state: 'IL', ...ROCKFORD }),
      listed({ city: 'Loves Park', state: 'IL', ...LOVES_PARK }),
      listed({ city: 'Nowhere', state: 'IL' }),
      ...['A', 'B', 'C', 'D', 'E', 'F'].map((name, i) =>
        listed({ city: `Far ${name}`, state: 'IL', latitude: 40 - i * 0.5, longitude: -89.09 }),
      ),
      listed({ city: 'Twin', state: 'WI', ...LOVES_PARK }),
      listed({ city: 'Twin', state: 'WI', ...LOVES_PARK }),
    ];
    const index = buildPlacesIndex(docs);
    const near = nearbyCities(index, index.cities.get('il/rockford')!);
    expect(near).toHaveLength(6);
    expect(near.slice(0, 2)).toEqual([
      { city: 'Twin', state: 'WI', path: '/limo-service/wi/twin', count: 2, distanceMiles: 4 },
      { city: 'Loves Park', state: 'IL', path: '/limo-service/il/loves-park', count: 1, distanceMiles: 4 },
    ]);
    expect(near.map((c) => c.city).slice(2)).toEqual(['Far A', 'Far B', 'Far C', 'Far D']);
    expect(nearbyCities(index, index.cities.get('il/nowhere')!)).toEqual([]);
  });
});
