import { describe, expect, it } from 'vitest';
import { companySearchQuerySchema } from '@limo/contracts';
import { escapeCell, exportFileName } from '../src/domain/export.js';
import { sniffImageFormat } from '../src/domain/image.js';
import { parseFullAddress } from '../src/domain/location.js';
import { deterministicId, generateCityCompanies, POPULATE_CITIES } from '../src/domain/populate.js';
import { toSearchQuery } from '../src/search/search-query.js';

describe('populate generator', () => {
  const now = new Date('2025-01-01T00:00:00Z');
  it('gives the same 100 companies of a city every time, with unique ids and names', () => {
    const miami = POPULATE_CITIES.find((c) => c.slug === 'miami')!;
    const a = generateCityCompanies(miami, { actor: 'x', now });
    const b = generateCityCompanies(miami, { actor: 'y', now: new Date() });
    expect(a).toHaveLength(100);
    expect(a.map((c) => [c._id, c.name, c.phone, c.latitude, c.longitude])).toEqual(
      b.map((c) => [c._id, c.name, c.phone, c.latitude, c.longitude]),
    );
    expect(new Set(a.map((c) => c._id)).size).toBe(100);
    expect(new Set(a.map((c) => c.name)).size).toBe(100);
    expect(a.every((c) => !/Service Service/.test(c.name))).toBe(true);
  });

  it('features few companies, as featuring is paid', () => {
    for (const city of POPULATE_CITIES) {
      const featured = generateCityCompanies(city, { actor: 'x', now }).filter((c) => c.featured);
      expect(featured.length, city.city).toBe(2);
    }
  });

  it('covers the 19 cities of owner-admin §9 and ids look like UUIDs', () => {
    expect(POPULATE_CITIES).toHaveLength(19);
    expect(deterministicId('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('export escaping', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['Plain Limo', 'Plain Limo'],
  ])('escapes %j as %j', (input, output) => expect(escapeCell(input)).toBe(output));

  it('dates the file name', () => expect(exportFileName(new Date('2025-02-03T23:00:00Z'))).toBe('companies-export-2025-02-03.xlsx'));
});

describe('image sniffing', () => {
  it('tells formats by their first bytes', () => {
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImageFormat(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImageFormat(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageFormat(Buffer.from('hello'))).toBeNull();
  });
});

describe('full address parsing', () => {
  it('splits street, city, state and ZIP', () => {
    expect(parseFullAddress('1200 Ocean Dr, Miami Beach, FL 33139, USA')).toEqual({
      address: '1200 Ocean Dr',
      city: 'Miami Beach',
      state: 'FL',
      zipCode: '33139',
    });
    expect(parseFullAddress('Somewhere, Austin, TX')).toEqual({ address: 'Somewhere', city: 'Austin', state: 'TX', zipCode: null });
    expect(parseFullAddress('just text')).toBeNull();
    expect(parseFullAddress('1 Road, Town, ZZ 12345')).toBeNull();
  });
});

describe('search query translation', () => {
  const parse = (query: Record<string, string>) => toSearchQuery(companySearchQuerySchema.parse(query));

  it('makes a place a radius, statewide a state, a state name a state, and anything else text', () => {
    expect(parse({ location: 'Miami, FL', distance: '50' })).toMatchObject({ radiusMiles: 50, near: { latitude: expect.any(Number) } });
    expect(parse({ location: 'Miami, FL', distance: 'statewide' })).toMatchObject({ state: 'FL', near: expect.any(Object) });
    expect(parse({ location: 'Miami, FL', distance: 'statewide' }).radiusMiles).toBeUndefined();
    expect(parse({ location: 'Texas' })).toMatchObject({ state: 'TX' });
    expect(parse({ location: 'Texas' }).near).toBeUndefined();
    expect(parse({ location: 'golden chariot' })).toMatchObject({ text: 'golden chariot' });
  });

  it('defaults to 25 miles, page 1, 15 a page, best-match; "all" and "any" mean no filter', () => {
    expect(parse({ location: '10001', serviceType: 'all', priceRange: 'any' })).toEqual({
      near: expect.any(Object),
      radiusMiles: 25,
      // The searched city, for the companies whose service area covers it (issue 21).
      servedPlace: 'ny/new-york',
      sort: 'best-match',
      page: 1,
      limit: 15,
    });
  });

  it('normalises vocabulary spellings to slugs', () => {
    expect(
      parse({
        serviceType: 'Corporate',
        vehicleTypes: 'Stretch Limousine, SUV Limo,stretch-limo',
        priceRange: '$$$$ Luxury',
        minRating: '4+',
      }),
    ).toMatchObject({
      service: 'corporate',
      vehicleTypes: ['stretch-limo', 'suv-limo'],
      priceRange: '$$$$',
      minRating: 4,
    });
  });
});
