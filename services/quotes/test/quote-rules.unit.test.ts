import { describe, expect, it } from 'vitest';
import { literalPattern } from '@limo/platform';
import {
  CITY_QUOTE_TIME_SLOTS,
  earliestTripDate,
  isCalendarDate,
  isCityStateText,
  latestTripDate,
  normalizeTripTime,
  QUOTE_SERVICE_TYPES,
  QUOTE_TIME_SLOTS,
  requiresDropoff,
} from '@limo/contracts';
import { distanceMiles } from '@limo/geo';
import { derivedId } from '../src/domain/ids.js';
import { boundingBox, cityKey, SERVICE_RADIUS_MILES, splitCityState } from '../src/domain/places.js';
import { median, responseMinutes } from '../src/domain/response-time.js';
import { targetCityOf } from '../src/domain/service-area.js';
import { ownerContactedTransition } from '../src/domain/status.js';

describe('quote form rules (contracts)', () => {
  it('offers 96 quarter-hour and 48 half-hour slots from 12:00 AM', () => {
    expect(QUOTE_TIME_SLOTS).toHaveLength(96);
    expect(QUOTE_TIME_SLOTS.slice(0, 2)).toEqual(['12:00 AM', '12:15 AM']);
    expect(QUOTE_TIME_SLOTS.at(-1)).toBe('11:45 PM');
    expect(CITY_QUOTE_TIME_SLOTS).toHaveLength(48);
    expect(CITY_QUOTE_TIME_SLOTS.at(-1)).toBe('11:30 PM');
    expect(QUOTE_TIME_SLOTS).toContain('12:30 PM');
  });

  it.each([
    ['1:30 PM', 15, '1:30 PM'],
    ['01:30pm', 30, '1:30 PM'],
    ['1:30 p.m.', 30, '1:30 PM'],
    ['13:30', 30, '1:30 PM'],
    ['00:00', 15, '12:00 AM'],
    ['12:00 AM', 15, '12:00 AM'],
    ['12:45 PM', 15, '12:45 PM'],
    ['23:45', 15, '11:45 PM'],
    ['1:15 PM', 30, undefined],
    ['1:10 PM', 15, undefined],
    ['13:30 PM', 15, undefined],
    ['0:30 AM', 15, undefined],
    ['24:00', 15, undefined],
    ['noon', 15, undefined],
  ])('reads %s on %i-minute steps as %s', (input, step, expected) => {
    expect(normalizeTripTime(input, step)).toBe(expected);
  });

  it("takes today's date in Honolulu, the US state furthest behind", () => {
    // 09:59 UTC is 23:59 the day before in Honolulu (UTC-10, no daylight saving).
    expect(earliestTripDate(new Date('2026-03-10T09:59:00Z'))).toBe('2026-03-09');
    expect(earliestTripDate(new Date('2026-03-10T10:00:00Z'))).toBe('2026-03-10');
    expect(earliestTripDate(new Date('2026-07-01T05:00:00Z'))).toBe('2026-06-30');
    expect(latestTripDate(new Date('2026-03-10T12:00:00Z'))).toBe('2028-03-10');
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2027-13-01')).toBe(false);
    expect(isCalendarDate('2027-1-01')).toBe(false);
  });

  it.each([
    ['Rockford, IL', true],
    ['Rockford,IL', true],
    ['St. Louis, Missouri', true],
    ['Rockford, I', false],
    ['Rockford,  I ', false],
    ['Rockford IL', false],
    ['Rockford, IL, USA', false],
  ])('checks "%s" as City, State: %s', (text, ok) => {
    expect(isCityStateText(text)).toBe(ok);
  });

  it('requires a dropoff for the five airport, point-to-point and cruiseport types only', () => {
    expect(QUOTE_SERVICE_TYPES).toHaveLength(17);
    expect(QUOTE_SERVICE_TYPES.filter(requiresDropoff)).toEqual([
      'To Airport',
      'From Airport',
      'Point-to-Point (one-way)',
      'To Cruiseport',
      'From Cruiseport',
    ]);
  });
});

describe('quotes domain', () => {
  it('takes the median of response times', () => {
    expect(median([])).toBeUndefined();
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 20, 30])).toBe(25);
    expect(responseMinutes([{ createdAt: '2026-01-01T10:00:00Z', contactedAt: '2026-01-01T11:30:00Z' }])).toEqual([90]);
    expect(responseMinutes([{ createdAt: '2026-01-01T10:00:00Z', contactedAt: '2026-01-01T09:59:00Z' }])).toEqual([0]);
  });

  it('keys a city the same however it is spelled', () => {
    expect(cityKey('St. Louis', 'MO')).toBe('st louis|mo');
    expect(cityKey('  st louis ', 'mo')).toBe('st louis|mo');
    expect(cityKey('Cañon City', 'CO')).toBe('canon city|co');
    expect(cityKey('St.  Louis', ' Mo ')).toBe('st louis|mo');
    expect(cityKey('Rockford', null)).toBeUndefined();
    expect(cityKey(null, 'IL')).toBeUndefined();
    expect(splitCityState(' Rockford ,  IL ')).toEqual({ city: 'Rockford', state: 'IL' });
    expect(splitCityState('Rockford')).toEqual({ city: 'Rockford', state: '' });
  });

  it('bounds the radius tightly: a degree of latitude is 69 miles, longitude degrees shrink towards the poles', () => {
    expect(boundingBox({ latitude: 0, longitude: 10 }, 69)).toMatchObject({ minLat: -1, maxLat: 1 });
    const north = boundingBox({ latitude: 60, longitude: 10 }, 69.17);
    expect(north.minLon).toBeCloseTo(8, 9);
    expect(north.maxLon).toBeCloseTo(12, 9);
    // At the pole the box stays finite: 100 degrees of longitude either side.
    expect(boundingBox({ latitude: 90, longitude: 0 }, 69.17)).toMatchObject({ minLon: -100, maxLon: 100 });
  });

  it('keeps every point within the radius inside the bounding box', () => {
    const center = { latitude: 42.2711, longitude: -89.094 };
    const box = boundingBox(center, SERVICE_RADIUS_MILES);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      const rad = (bearing * Math.PI) / 180;
      // ~24.9 miles out along the bearing.
      const point = {
        latitude: center.latitude + (24.9 / 69) * Math.cos(rad),
        longitude: center.longitude + (24.9 / (69.17 * Math.cos((center.latitude * Math.PI) / 180))) * Math.sin(rad),
      };
      if (distanceMiles(center, point) > SERVICE_RADIUS_MILES) continue;
      expect(point.latitude).toBeGreaterThanOrEqual(box.minLat);
      expect(point.latitude).toBeLessThanOrEqual(box.maxLat);
      expect(point.longitude).toBeGreaterThanOrEqual(box.minLon);
      expect(point.longitude).toBeLessThanOrEqual(box.maxLon);
    }
  });

  it('reads the target city with the gazetteer, or falls back to the typed name', () => {
    const rockford = targetCityOf('rockford, il');
    expect(rockford.resolved).toMatchObject({ city: 'Rockford', state: 'IL' });
    expect(rockford.area).toMatchObject({ cityKey: 'rockford|il', center: expect.any(Object) });
    expect(rockford).toMatchObject({ label: 'Rockford, IL', origin: rockford.area.center });
    // A ZIP names its city, with the city's centre.
    const chicago = { latitude: 41.8858, longitude: -87.6181 };
    expect(targetCityOf('60601')).toEqual({
      area: { cityKey: 'chicago|il', center: chicago },
      resolved: { city: 'Chicago', state: 'IL', ...chicago },
      label: 'Chicago, IL',
      origin: chicago,
    });
    // A bare state names no city.
    expect(targetCityOf('Illinois')).toEqual({ area: {}, resolved: null, label: 'Illinois' });
    expect(targetCityOf('Atlantis, ZZ')).toEqual({ area: { cityKey: 'atlantis|zz' }, resolved: null, label: 'Atlantis, ZZ' });
    // An unknown town of a known state: nearby cities are looked for from the state's centre.
    expect(targetCityOf(' Nowhere Special, Illinois ')).toEqual({
      area: { cityKey: 'nowhere special|illinois' },
      resolved: null,
      label: 'Nowhere Special, Illinois',
      origin: { latitude: 40.82642, longitude: -88.7123 },
    });
  });

  it('derives the same id from the same parts only', () => {
    expect(derivedId('a', 'b')).toBe(derivedId('a', 'b'));
    expect(derivedId('a', 'b')).not.toBe(derivedId('ab', ''));
    // Pinned: a fan-out replayed by a later version must derive the ids an earlier one stored.
    expect(derivedId('city-request-1', 'company-1')).toBe('c5a6905f-fc47-784f-7672-aa0ba1367415');
    expect(derivedId('a', 'b')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('matches search text literally', () => {
    expect(new RegExp(literalPattern('a.c (x)'), 'i').test('A.C (X)')).toBe(true);
    expect(new RegExp(literalPattern('a.c'), 'i').test('abc')).toBe(false);
  });

  it('lets an owner move a pending quote to contacted, and nothing backwards', () => {
    expect(ownerContactedTransition('pending')).toBe('contacted');
    expect(ownerContactedTransition('contacted')).toBe('contacted');
    expect(ownerContactedTransition('completed')).toBe('completed');
  });
});
