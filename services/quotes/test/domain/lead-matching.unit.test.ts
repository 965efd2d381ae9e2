import { describe, expect, it } from 'vitest';
import type { CompanyContactDoc } from '../../src/domain/company-contact.js';
import { bestMatched, countKinds, leadKindOf, matchScore } from '../../src/domain/lead-matching.js';

// Which companies a city-wide quote request reaches, and in what order (README "City-wide quote requests").
const MIAMI = { latitude: 25.7617, longitude: -80.1918 };
const company = (id: string, fields: Partial<CompanyContactDoc> = {}): CompanyContactDoc => ({
  _id: id,
  name: `Company ${id}`,
  email: `${id}@example.com`,
  businessEmail: null,
  phone: null,
  city: 'Miami',
  state: 'FL',
  cityKey: 'miami|FL',
  zipCode: null,
  latitude: null,
  longitude: null,
  userId: null,
  listedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  active: true,
  responseTime: null,
  ...fields,
});
const ids = (matched: ReturnType<typeof bestMatched>) => matched.map((m) => m.company._id);

describe('a company to a city-wide request', () => {
  it('is a verified owner, an owner, or an unclaimed listing', () => {
    expect(leadKindOf(company('a', { userId: 'u1', verifiedOwner: true }))).toBe('verified-owner');
    expect(leadKindOf(company('a', { userId: 'u1', verifiedOwner: false }))).toBe('owner');
    expect(leadKindOf(company('a', { userId: 'u1' }))).toBe('owner');
    expect(leadKindOf(company('a', { verifiedOwner: true }))).toBe('unclaimed');
  });
});

describe('the match score', () => {
  it('adds 3 for the vehicle type, 2 for the service, whatever their spelling', () => {
    const c = company('a', { vehicleTypes: ['party-bus'], services: ['wedding'] });
    expect(matchScore(c, { vehicleType: 'Party Bus' }, 0)).toBe(3 + 1);
    expect(matchScore(c, { serviceType: 'Weddings' }, 0)).toBe(2 + 1);
    expect(matchScore(c, { vehicleType: 'Stretch Limo', serviceType: 'Prom' }, 0)).toBe(1);
    expect(matchScore(company('b'), { vehicleType: 'Party Bus', serviceType: 'Weddings' }, 0)).toBe(1);
  });

  it('adds 2 × rating / 5 once reviewed, and 2 × the reply rate from 3 leads', () => {
    expect(matchScore(company('a', { rating: 5, reviewCount: 2 }), {}, 0)).toBe(2 + 1);
    expect(matchScore(company('a', { rating: 5, reviewCount: 0 }), {}, 0)).toBe(1);
    const leads = { repliedCount: 3, fastReplyCount: 0, medianBusinessHours: 1, computedAt: '2026-01-01T00:00:00.000Z' };
    expect(matchScore(company('a', { responsiveness: { ...leads, leadCount: 4 } }), {}, 0)).toBe(2 * 0.75 + 1);
    expect(matchScore(company('a', { responsiveness: { ...leads, leadCount: 3 } }), {}, 0)).toBe(2 + 1);
    expect(matchScore(company('a', { responsiveness: { ...leads, leadCount: 2, repliedCount: 2 } }), {}, 0)).toBe(1);
  });

  it('adds closeness: 1 at the centre down to 0 at 25 miles and beyond, 0.5 without coordinates', () => {
    expect(matchScore(company('a'), {}, 0)).toBe(1);
    expect(matchScore(company('a'), {}, 12.5)).toBe(0.5);
    expect(matchScore(company('a'), {}, 30)).toBe(0);
    expect(matchScore(company('a'), {}, null)).toBe(0.5);
  });
});

describe('the companies a request reaches', () => {
  it('ranks verified owners, then owners, then unclaimed listings, whatever their score', () => {
    const serving = [
      company('unclaimed', { vehicleTypes: ['party-bus'], rating: 5, reviewCount: 9 }),
      company('owner', { userId: 'u1' }),
      company('verified', { userId: 'u2', verifiedOwner: true }),
    ];
    const matched = bestMatched(serving, { vehicleType: 'Party Bus' }, 5);
    expect(ids(matched)).toEqual(['verified', 'owner', 'unclaimed']);
    expect(countKinds(matched)).toEqual({ 'verified-owner': 1, owner: 1, unclaimed: 1 });
  });

  it('within a kind: higher score, then nearer, then name, then id; and no more than asked', () => {
    const near = { latitude: MIAMI.latitude + 0.01, longitude: MIAMI.longitude };
    const far = { latitude: MIAMI.latitude + 0.2, longitude: MIAMI.longitude };
    const serving = [
      company('z-far', far),
      company('y-near', near),
      company('x-best', { ...far, services: ['wedding'] }),
      company('w', { name: 'Alpha', ...far }),
      company('v', { name: 'Alpha', ...far }),
    ];
    expect(ids(bestMatched(serving, { serviceType: 'Wedding', center: MIAMI }, 5))).toEqual(['x-best', 'y-near', 'v', 'w', 'z-far']);
    expect(ids(bestMatched(serving, { serviceType: 'Wedding', center: MIAMI }, 2))).toEqual(['x-best', 'y-near']);
  });

  it('tells the distance of each company from the centre, unknown without coordinates on either side', () => {
    const serving = [company('nowhere'), company('edge', { latitude: MIAMI.latitude + 0.3, longitude: MIAMI.longitude })];
    const matched = bestMatched(serving, { center: MIAMI }, 5);
    expect(matched.find((m) => m.company._id === 'nowhere')?.miles).toBeNull();
    expect(matched.find((m) => m.company._id === 'edge')?.miles).toBeGreaterThan(20);
    expect(bestMatched([company('nowhere'), company('a', { latitude: 1, longitude: 1 })], {}, 5).every((m) => m.miles === null)).toBe(true);
    const half = [company('no-lon', { latitude: MIAMI.latitude }), company('no-lat', { longitude: MIAMI.longitude })];
    expect(bestMatched(half, { center: MIAMI }, 5).map((m) => m.miles)).toEqual([null, null]);
  });

  it('puts a company at the centre before one of the same score listed without coordinates', () => {
    // Closeness 1 at the centre; 0.5 without coordinates, plus 0.5 for a 1.25 rating.
    const serving = [company('listed', { name: 'Alpha', rating: 1.25, reviewCount: 1 }), company('centre', { name: 'Zulu', ...MIAMI })];
    const matched = bestMatched(serving, { center: MIAMI }, 5);
    expect(matched.map((m) => m.score)).toEqual([1, 1]);
    expect(ids(matched)).toEqual(['centre', 'listed']);
  });

  it('leaves out a company it cannot reach: no e-mail and no owner', () => {
    const serving = [
      company('mute', { email: null }),
      company('mailed', { email: null, businessEmail: 'b@example.com' }),
      company('owned', { email: null, userId: 'u1' }),
    ];
    expect(ids(bestMatched(serving, {}, 5)).sort()).toEqual(['mailed', 'owned']);
  });
});
