import { describe, expect, it } from 'vitest';
import type { OwnerCompany } from '@limo/contracts';
import { call, listingForm as listing, sharedHarness, sharedUser, startDirectory, userOf } from '../support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');

describe('POST /api/companies', () => {
  it('lists a business owner’s company: slugs stored, labels answered, address and coordinates from the full address', async () => {
    const owner = userOf(h, 'business');
    const res = await call(h, 'POST', '/api/companies', owner, listing());
    expect(res.statusCode).toBe(201);
    const company = res.json<OwnerCompany>();
    expect(company).toMatchObject({
      name: 'Sunset Limousine',
      userId: owner.id,
      claimed: false,
      verified: false,
      featured: false,
      businessVerified: false,
      address: '1200 Ocean Dr',
      city: 'Miami Beach',
      state: 'FL',
      zipCode: '33139',
      email: 'hello@sunset-limo.example.com',
      website: 'https://sunset-limo.example.com/',
      services: ['Wedding', 'Airport Transfer', 'Quinceañeras'],
      vehicleTypes: ['Stretch Limousine', 'SUV Limo', 'Luxury Van'],
      priceRange: '$$$',
      hourlyRateStart: 125,
      rating: 0,
      reviewCount: 0,
    });
    expect(company.latitude).toBeCloseTo(25.78, 1);
    expect(company.longitude).toBeCloseTo(-80.13, 1);
    const mine = await call(h, 'GET', '/api/my-companies', owner);
    expect(mine.json<OwnerCompany[]>().map((c) => c.id)).toEqual([company.id]);
  });

  it('ignores featured and verified sent by the client', async () => {
    const res = await call(
      h,
      'POST',
      '/api/companies',
      userOf(h, 'business'),
      listing({ name: 'Sneaky Limo', featured: true, verified: true }),
    );
    expect(res.json()).toMatchObject({ featured: false, verified: false });
  });

  it.each([
    [{ fullAddress: 'x' }, 'Company name is required'],
    [{ name: '   ', fullAddress: 'x' }, 'Company name is required'],
    [{ name: 'No Address' }, 'Full address is required'],
    [{ name: 'A', fullAddress: 'x', email: 'not-mail' }, 'Please enter a valid email address'],
    [{ name: 'A', fullAddress: 'x', businessEmail: 'nope' }, 'Please enter a valid business email'],
    [{ name: 'A', fullAddress: 'x', website: 'javascript:alert(1)' }, 'Please enter a valid website URL'],
    [{ name: 'A', fullAddress: 'x', state: 'ZZ' }, 'Please select a valid US state'],
    [{ name: 'A', fullAddress: 'x', zipCode: '123' }, 'Please enter a valid ZIP code'],
    [{ name: 'A', fullAddress: 'x', latitude: 120 }, 'Latitude must be between -90 and 90'],
    [{ name: 'A', fullAddress: 'x', hourlyRateStart: 'lots' }, 'Hourly rate must be a number'],
    [{ name: 'A', fullAddress: 'x', services: ['Skydiving'] }, 'Unknown service: Skydiving'],
    [{ name: 'A', fullAddress: 'x', vehicleTypes: 'Party Bus' }, 'Vehicle types must be a list'],
    [{ name: 'A', fullAddress: 'x', priceRange: 'free' }, 'Please select a valid price range'],
    [{ name: 'A', fullAddress: 'x', imageUrl: 'data:image/png;base64,AAAA' }, 'Please enter a valid image URL'],
  ])('answers 400 with a clear message for %j', async (body, message) => {
    const res = await call(h, 'POST', '/api/companies', userOf(h, 'business'), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const owner = userOf(h, 'business');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Request body is not valid JSON');
  });

  it('requires a signed-in business account', async () => {
    expect((await call(h, 'POST', '/api/companies', undefined, listing())).statusCode).toBe(401);
    expect((await call(h, 'POST', '/api/companies', userOf(h, 'user'), listing())).statusCode).toBe(403);
    expect((await call(h, 'POST', '/api/companies', admin, listing())).statusCode).toBe(403);
  });
});
