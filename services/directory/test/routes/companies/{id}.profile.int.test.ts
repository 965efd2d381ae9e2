import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeRequest, CompanyDetail, OwnerCompany } from '@limo/contracts';
import { call, multipart, ownerListing, png, startDirectory, userOf, type Harness, type TestUser } from '../../support.js';

let h: Harness;
let owner: TestUser;
let admin: TestUser;
let company: OwnerCompany;

beforeAll(async () => {
  h = await startDirectory();
  owner = userOf(h, 'business');
  admin = userOf(h, 'admin');
  company = (await call(h, 'POST', '/api/companies', owner, ownerListing({ name: 'Profile Limo' }))).json<OwnerCompany>();
  // A verified business: its owner edits directly (an unverified one's edit is a change request).
  await call(h, 'PUT', `/api/admin/companies/${company.id}`, admin, { businessVerified: true });
});
afterAll(() => h.close());

async function uploadPhoto(user: TestUser): Promise<string> {
  const body = multipart({ name: 'car.png', type: 'image/png', data: await png(200, 150) });
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/upload-image',
    headers: { ...body.headers, cookie: user.cookie },
    payload: body.payload,
  });
  return res.json<{ imageUrl: string }>().imageUrl;
}

const hours = { mon: { open: '09:00', close: '17:00' }, fri: { open: '18:00', close: '02:00' }, sun: null };

describe('PUT /api/companies/{id}: business hours, service area and fleet (issue 21)', () => {
  it('keeps what the owner sets and shows it on the company (vehicle types as labels)', async () => {
    const photoUrl = await uploadPhoto(owner);
    const res = await call(h, 'PUT', `/api/companies/${company.id}`, owner, {
      hours,
      serviceArea: { radiusMiles: 40 },
      fleet: [
        { type: 'Stretch Limo', capacity: 10, photoUrl, hourlyRate: 120 },
        { type: 'party-bus', capacity: 30 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const page = (await call(h, 'GET', `/api/companies/${company.id}`)).json<CompanyDetail>();
    expect(page.hours).toEqual({ mon: hours.mon, tue: null, wed: null, thu: null, fri: hours.fri, sat: null, sun: null });
    expect(page.serviceArea).toEqual({ radiusMiles: 40 });
    expect(page.fleet).toEqual([
      { type: 'Stretch Limousine', capacity: 10, photoUrl, hourlyRate: 120 },
      { type: 'Party Bus', capacity: 30, photoUrl: null, hourlyRate: null },
    ]);
  });

  it('takes a list of cities (de-duplicated by slug), and null clears', async () => {
    const cities = [
      { city: 'St. Louis', state: 'mo' },
      { city: 'st louis', state: 'MO' },
      { city: 'Clayton', state: 'MO' },
    ];
    await call(h, 'PUT', `/api/companies/${company.id}`, owner, { serviceArea: { cities } });
    let page = (await call(h, 'GET', `/api/companies/${company.id}`)).json<CompanyDetail>();
    expect(page.serviceArea).toEqual({
      cities: [
        { city: 'St. Louis', state: 'MO' },
        { city: 'Clayton', state: 'MO' },
      ],
    });
    await call(h, 'PUT', `/api/companies/${company.id}`, owner, { serviceArea: null, hours: null });
    page = (await call(h, 'GET', `/api/companies/${company.id}`)).json<CompanyDetail>();
    expect(page).toMatchObject({ serviceArea: null, hours: null });
  });

  it('refuses bad hours, service areas and vehicles with a clear message (400)', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ hours: { mon: { open: '9am', close: '17:00' } } }, /Monday opening time must be a time/],
      [{ hours: { tue: { open: '10:00', close: '10:00' } } }, /closing time must differ/],
      [{ serviceArea: { radiusMiles: 40, cities: [{ city: 'Miami', state: 'FL' }] } }, /either a radius .* or a list of cities/],
      [{ serviceArea: { radiusMiles: 900 } }, /at most 150 miles/],
      [{ serviceArea: { cities: [{ city: 'Miami', state: 'Florida' }] } }, /two-letter state/],
      [{ fleet: [{ type: 'Spaceship', capacity: 4 }] }, /known vehicle type/],
      [{ fleet: [{ type: 'Sedan', capacity: 0 }] }, /at least 1 passenger/],
      [{ fleet: [{ type: 'Sedan', capacity: 3, photoUrl: 'https://elsewhere.example/car.jpg' }] }, /upload the vehicle photo/],
    ];
    for (const [body, message] of cases) {
      const res = await call(h, 'PUT', `/api/companies/${company.id}`, owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const { message: top, errors } = res.json<{ message: string; errors?: Array<{ message: string }> }>();
      expect([top, ...(errors ?? []).map((e) => e.message)].join(' | '), JSON.stringify(body)).toMatch(message);
    }
  });

  it('refuses a fleet photo another user uploaded (403)', async () => {
    const theirs = await uploadPhoto(userOf(h, 'business'));
    const res = await call(h, 'PUT', `/api/companies/${company.id}`, owner, { fleet: [{ type: 'Sedan', capacity: 3, photoUrl: theirs }] });
    expect(res.statusCode).toBe(403);
  });

  it('an unverified owner’s hours go through a change request, applied when an admin approves it', async () => {
    const unverified = userOf(h, 'business');
    const listing = (
      await call(h, 'POST', '/api/companies', unverified, ownerListing({ name: 'Pending Profile Limo' }))
    ).json<OwnerCompany>();
    const res = await call(h, 'PUT', `/api/companies/${listing.id}`, unverified, { hours, fleet: [{ type: 'SUV', capacity: 6 }] });
    expect(res.statusCode).toBe(202);
    const request = res.json<{ changeRequest: ChangeRequest }>().changeRequest;
    expect(request.changes).toMatchObject({ hours: { mon: hours.mon }, fleet: [{ type: 'SUV', capacity: 6 }] });
    expect((await call(h, 'GET', `/api/companies/${listing.id}`)).json<CompanyDetail>().hours).toBeNull();
    expect((await call(h, 'POST', `/api/admin/change-requests/${request.id}/approve`, admin)).statusCode).toBe(200);
    const page = (await call(h, 'GET', `/api/companies/${listing.id}`)).json<CompanyDetail>();
    expect(page.hours?.fri).toEqual(hours.fri);
    expect(page.fleet).toEqual([{ type: 'SUV', capacity: 6, photoUrl: null, hourlyRate: null }]);
  });
});

describe('GET /api/companies: a service area extends where the company is found (issue 21)', () => {
  it('finds a company in a city its service area covers (a list of cities, or a radius), and not elsewhere', async () => {
    const admin2 = userOf(h, 'admin');
    const listed = async (name: string, fullAddress: string, serviceArea: unknown) => {
      const user = userOf(h, 'business');
      const created = (await call(h, 'POST', '/api/companies', user, ownerListing({ name, fullAddress }))).json<OwnerCompany>();
      await call(h, 'PUT', `/api/admin/companies/${created.id}`, admin2, { businessVerified: true });
      expect((await call(h, 'PUT', `/api/companies/${created.id}`, user, { serviceArea })).statusCode).toBe(200);
      return created.id;
    };
    const orlando = await listed('Orlando Serves Miami Limo', '100 Main St, Orlando, FL 32801', {
      cities: [{ city: 'Miami', state: 'FL' }],
    });
    const palmBeach = await listed('Palm Beach Wide Radius Limo', '1 Clematis St, West Palm Beach, FL 33401', { radiusMiles: 100 });
    const tampa = await listed('Tampa Short Radius Limo', '1 Bay St, Tampa, FL 33602', { radiusMiles: 50 });
    const found = async (location: string) =>
      (await call(h, 'GET', `/api/companies?location=${encodeURIComponent(location)}&distance=25&limit=100`))
        .json<Array<{ id: string }>>()
        .map((c) => c.id);
    const inMiami = await found('Miami, FL');
    expect(inMiami).toEqual(expect.arrayContaining([orlando, palmBeach]));
    expect(inMiami).not.toContain(tampa);
    // Hialeah is within West Palm Beach's 100 miles, but not on the Orlando company's list.
    const inHialeah = await found('Hialeah, FL');
    expect(inHialeah).toContain(palmBeach);
    expect(inHialeah).not.toContain(orlando);
  });
});
