import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDetail, OwnerCompany } from '@limo/contracts';
import { waitFor } from '@limo/platform/testing';
import { adminCreate, call, startDirectory, userOf, type Harness, type TestUser } from './support.js';

let h: Harness;
let admin: TestUser;

beforeAll(async () => {
  h = await startDirectory();
  admin = userOf(h, 'admin');
});
afterAll(() => h.close());

const listing = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sunset Limousine',
  fullAddress: '1200 Ocean Dr, Miami Beach, FL 33139',
  phone: '(305) 555-0199',
  email: 'Hello@Sunset-Limo.example.com',
  website: 'sunset-limo.example.com',
  services: ['Wedding Transportation', 'airport-transfers', 'Quinceañeras'],
  vehicleTypes: ['Stretch Limo', 'suv-limo', 'Sprinter Van'],
  priceRange: '$$$ Premium',
  hourlyRateStart: '125',
  ...overrides,
});

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

describe('GET /api/companies/{id}', () => {
  it('answers the public shape with approved reviews only, newest first, and their rating', async () => {
    const company = await adminCreate(h, admin, {
      name: 'Detail Limo',
      city: 'Austin',
      state: 'TX',
      businessEmail: 'private@detail.example.com',
    });
    const ids: string[] = [];
    for (const [rating, name] of [
      [5, 'Ann'],
      [3, 'Bob'],
      [1, 'Cy'],
    ] as const) {
      const res = await call(h, 'POST', '/api/reviews', undefined, {
        companyId: company.id,
        rating,
        reviewerName: name,
        comment: `${name} says hi`,
      });
      ids.push(res.json().id);
    }
    await call(h, 'POST', `/api/admin/reviews/${ids[0]}/approve`, admin);
    await call(h, 'POST', `/api/admin/reviews/${ids[1]}/approve`, admin);
    await call(h, 'POST', `/api/admin/reviews/${ids[2]}/reject`, admin);
    const res = await call(h, 'GET', `/api/companies/${company.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<CompanyDetail>();
    expect(detail).toMatchObject({ name: 'Detail Limo', rating: 4, reviewCount: 2 });
    expect(detail.reviews.map((r) => r.reviewerName).sort()).toEqual(['Ann', 'Bob']);
    expect(detail.reviews.every((r) => r.status === 'approved')).toBe(true);
    expect(detail).not.toHaveProperty('businessEmail');
    expect(detail).not.toHaveProperty('userId');
  });

  it('answers 404 "Company not found" for an unknown id', async () => {
    const res = await call(h, 'GET', '/api/companies/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Company not found');
  });
});

describe('GET /api/companies/{id}/reviews', () => {
  it('shows every status to the owner and admins, approved ones to everybody else', async () => {
    const owner = userOf(h, 'business');
    const company = (await call(h, 'POST', '/api/companies', owner, listing({ name: 'Reviewed Limo' }))).json<OwnerCompany>();
    const pending = await call(h, 'POST', '/api/reviews', undefined, { companyId: company.id, rating: 2, reviewerName: 'Dee' });
    const approved = await call(h, 'POST', '/api/reviews', undefined, { companyId: company.id, rating: 5, reviewerName: 'Eve' });
    await call(h, 'POST', `/api/admin/reviews/${approved.json().id}/approve`, admin);
    const publicList = (await call(h, 'GET', `/api/companies/${company.id}/reviews`)).json();
    expect(publicList.map((r: { reviewerName: string }) => r.reviewerName)).toEqual(['Eve']);
    const ownerList = (await call(h, 'GET', `/api/companies/${company.id}/reviews`, owner)).json();
    expect(ownerList.map((r: { id: string }) => r.id).sort()).toEqual([pending.json().id, approved.json().id].sort());
    const otherOwner = (await call(h, 'GET', `/api/companies/${company.id}/reviews`, userOf(h, 'business'))).json();
    expect(otherOwner).toHaveLength(1);
  });
});

describe('PUT /api/companies/{id}', () => {
  it('lets a verified owner edit directly; featured and verified stay out of their reach', async () => {
    const owner = userOf(h, 'business');
    const company = (await call(h, 'POST', '/api/companies', owner, listing({ name: 'Verified Owner Limo' }))).json<OwnerCompany>();
    await call(h, 'PUT', `/api/admin/companies/${company.id}`, admin, { businessVerified: true });
    const res = await call(h, 'PUT', `/api/companies/${company.id}`, owner, {
      name: 'Verified Owner Limo & Coach',
      description: 'Now with coaches',
      vehicleTypes: ['Coach Bus'],
      city: 'Orlando',
      state: 'FL',
      zipCode: '',
      featured: true,
      verified: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Verified Owner Limo & Coach',
      description: 'Now with coaches',
      vehicleTypes: ['Charter Bus'],
      city: 'Orlando',
      zipCode: null,
      featured: false,
      verified: false,
    });
    // The place moved: coordinates follow it from the gazetteer.
    expect(res.json().latitude).toBeCloseTo(28.5, 0);
  });

  it("turns an unverified owner's edit into a change request; an admin approves it and it applies", async () => {
    const owner = userOf(h, 'business');
    const company = (await call(h, 'POST', '/api/companies', owner, listing({ name: 'Pending Owner Limo' }))).json<OwnerCompany>();
    const res = await call(h, 'PUT', `/api/companies/${company.id}`, owner, { ...company, name: 'Renamed Limo', services: ['Proms'] });
    expect(res.statusCode).toBe(202);
    const { changeRequest } = res.json();
    expect(changeRequest).toMatchObject({
      status: 'pending',
      changes: { name: 'Renamed Limo', services: ['Proms'] },
      previous: { name: 'Pending Owner Limo' },
    });
    // The form sends every field back: only what really changed is in the request.
    expect(Object.keys(changeRequest.changes).sort()).toEqual(['name', 'services']);
    expect((await call(h, 'GET', `/api/companies/${company.id}`)).json().name).toBe('Pending Owner Limo');

    const queue = await call(h, 'GET', '/api/admin/change-requests', admin);
    expect(queue.json().map((r: { id: string }) => r.id)).toContain(changeRequest.id);
    const approved = await call(h, 'POST', `/api/admin/change-requests/${changeRequest.id}/approve`, admin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().company).toMatchObject({ name: 'Renamed Limo', services: ['Proms'] });
    expect((await call(h, 'GET', `/api/companies/${company.id}`)).json().name).toBe('Renamed Limo');
    const again = await call(h, 'POST', `/api/admin/change-requests/${changeRequest.id}/approve`, admin);
    expect(again.statusCode).toBe(409);
  });

  it('keeps the company as it is when an admin rejects the change request', async () => {
    const owner = userOf(h, 'business');
    const company = (await call(h, 'POST', '/api/companies', owner, listing({ name: 'Rejected Change Limo' }))).json<OwnerCompany>();
    const { changeRequest } = (await call(h, 'PUT', `/api/companies/${company.id}`, owner, { phone: '(305) 555-0100' })).json();
    const res = await call(h, 'POST', `/api/admin/change-requests/${changeRequest.id}/reject`, admin);
    expect(res.json().changeRequest.status).toBe('rejected');
    expect((await call(h, 'GET', `/api/companies/${company.id}`)).json().phone).toBe('(305) 555-0199');
    expect((await call(h, 'GET', '/api/admin/change-requests?status=rejected', admin)).json().map((r: { id: string }) => r.id)).toContain(
      changeRequest.id,
    );
  });

  it("answers 403 to an owner editing another owner's company, 401 signed out, 404 unknown", async () => {
    const owner = userOf(h, 'business');
    const company = (await call(h, 'POST', '/api/companies', owner, listing({ name: 'Mine Not Yours' }))).json<OwnerCompany>();
    const intruder = userOf(h, 'business');
    const res = await call(h, 'PUT', `/api/companies/${company.id}`, intruder, { name: 'Stolen' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only edit your own company');
    expect((await call(h, 'PUT', `/api/companies/${company.id}`, undefined, { name: 'Anon' })).statusCode).toBe(401);
    expect((await call(h, 'PUT', '/api/companies/unknown-id', owner, { name: 'X' })).statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/companies/${company.id}`)).json().name).toBe('Mine Not Yours');
  });

  it('lets an admin edit any company, verified and featured included', async () => {
    const company = (
      await call(h, 'POST', '/api/companies', userOf(h, 'business'), listing({ name: 'Admin Touched Limo' }))
    ).json<OwnerCompany>();
    const res = await call(h, 'PUT', `/api/companies/${company.id}`, admin, {
      featured: true,
      verified: true,
      description: 'Checked by us',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ featured: true, verified: true, description: 'Checked by us' });
  });

  it('answers 400 for bad values', async () => {
    const owner = userOf(h, 'business');
    const company = (await call(h, 'POST', '/api/companies', owner, listing({ name: 'Bad Edit Limo' }))).json<OwnerCompany>();
    const res = await call(h, 'PUT', `/api/companies/${company.id}`, owner, { name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Company name is required');
  });
});

describe('GET /api/all-companies and /api/my-companies', () => {
  type ClaimPage = { items: Array<Record<string, unknown> & { name: string; city: string | null }>; total: number };
  const claimPage = async (query = '') => {
    const res = await call(h, 'GET', `/api/all-companies${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<ClaimPage>();
  };

  // Issue 22, defect 2: it answered every company in full (2.1 MB with the demo data), serialised on the
  // one event loop for each caller.
  it('answers one page of the companies by name, only the fields a claim card shows, with the total', async () => {
    const first = await claimPage();
    expect(first.items).toHaveLength(Math.min(12, first.total));
    expect(first.total).toBeGreaterThan(1);
    const names = first.items.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const item of first.items) {
      expect(Object.keys(item).sort()).toEqual([
        'city',
        'claimed',
        'email',
        'id',
        'name',
        'owned',
        'phone',
        'rating',
        'reviewCount',
        'state',
      ]);
    }
    const every = await claimPage('?limit=100');
    expect(every.items.map((c) => c.name)).toContain('Sunset Limousine');
    expect((await claimPage('?page=2&limit=1')).items[0]?.name).toBe(every.items[1]?.name);
  });

  it('searches name, city, state or e-mail case-insensitively, a page at a time, with the total', async () => {
    const all = (await claimPage('?limit=100')).items;
    const sunset = all.find((c) => c.name === 'Sunset Limousine')!;
    const byName = await claimPage('?search=sUnSeT%20lIMO');
    expect(byName.items.map((c) => c.name)).toContain('Sunset Limousine');
    expect(byName.total).toBe(byName.items.length);
    if (sunset.city) expect((await claimPage(`?search=${encodeURIComponent(sunset.city.toUpperCase())}`)).total).toBeGreaterThan(0);
    const paged = await claimPage('?page=1&limit=2');
    expect(paged.items).toHaveLength(Math.min(2, all.length));
    expect(paged.total).toBe(all.length);
    expect(await claimPage('?search=zzzz-no-such-company')).toEqual({ items: [], total: 0 });
    const tooMany = await call(h, 'GET', '/api/all-companies?limit=500');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Limit must be a whole number from 1 to 100');
  });

  it('answers 401 for /api/my-companies signed out, and an empty list for someone owning nothing', async () => {
    expect((await call(h, 'GET', '/api/my-companies')).statusCode).toBe(401);
    expect((await call(h, 'GET', '/api/my-companies', userOf(h, 'business'))).json()).toEqual([]);
  });

  it('shows the new company in all-companies at once (the cache is invalidated by the write)', async () => {
    await call(h, 'GET', '/api/all-companies?search=fresh');
    await adminCreate(h, admin, { name: 'Fresh Listing Limo' });
    await waitFor(
      async () =>
        (await call(h, 'GET', '/api/all-companies?search=fresh')).json<ClaimPage>().items.some((c) => c.name === 'Fresh Listing Limo'),
      2_000,
      'fresh listing',
    );
  });
});

describe('GET /openapi.json', () => {
  it('describes every directory route', async () => {
    const res = await call(h, 'GET', '/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/companies',
        '/api/companies/{id}',
        '/api/upload-image',
        '/api/admin/companies',
        '/api/admin/change-requests',
      ]),
    );
  });
});
