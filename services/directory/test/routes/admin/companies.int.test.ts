import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminCompanyList, OwnerCompany } from '@limo/contracts';
import type { EventEnvelope } from '@limo/platform';
import { sharedHarness, sharedUser, waitFor } from '@limo/platform/testing';
import type { CompanyDoc } from '../../../src/domain/company.js';
import { adminCreate, call, companyEventsSeen, multipart, png, startDirectory, userOf } from '../../support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');
let events: EventEnvelope[];

beforeAll(async () => {
  events = await companyEventsSeen(h, 'test.company-events');
  // The admin list pages over the generated directory, as after the admin's populate-database.
  expect((await call(h, 'POST', '/api/admin/populate-database', admin)).json().companiesAdded).toBe(1900);
});

describe('GET /api/admin/companies', () => {
  it('pages 50 at a time with the total, and searches name, city, state and e-mail', async () => {
    const page1 = (await call(h, 'GET', '/api/admin/companies', admin)).json<AdminCompanyList>();
    expect(page1.companies).toHaveLength(50);
    expect(page1.totalCount).toBeGreaterThanOrEqual(1900);
    const page2 = (await call(h, 'GET', '/api/admin/companies?page=2&limit=50', admin)).json<AdminCompanyList>();
    expect(page2.companies.map((c) => c.id)).not.toContain(page1.companies[0].id);
    await adminCreate(h, admin, { name: 'Needle (In) Haystack [Limo]', email: 'needle@example.com' });
    const found = (
      await call(h, 'GET', `/api/admin/companies?search=${encodeURIComponent('(in) haystack [')}`, admin)
    ).json<AdminCompanyList>();
    expect(found).toMatchObject({ totalCount: 1, companies: [{ name: 'Needle (In) Haystack [Limo]' }] });
    expect((await call(h, 'GET', '/api/admin/companies?search=NEEDLE@EXAMPLE', admin)).json().totalCount).toBe(1);
  });

  it('answers 400 for a bad page or limit', async () => {
    expect((await call(h, 'GET', '/api/admin/companies?page=abc', admin)).statusCode).toBe(400);
    expect((await call(h, 'GET', '/api/admin/companies?limit=0', admin)).statusCode).toBe(400);
  });
});

describe('POST and PUT /api/admin/companies', () => {
  it('creates with the admin form rules: defaults false, non-numeric rate 0, duplicates dropped, any vocabulary', async () => {
    const res = await call(h, 'POST', '/api/admin/companies', admin, {
      name: 'Admin Made Limo',
      email: '',
      website: '',
      imageUrl: '',
      hourlyRateStart: 'call us',
      services: ['Prom/Graduation', 'Prom', 'Business Travel'],
      vehicleTypes: ['Coach Bus', 'Van', 'SUV Limousine'],
      priceRange: '$150-200/hour',
      city: 'Boston',
      state: 'ma',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      featured: false,
      verified: false,
      userId: null,
      claimed: false,
      email: null,
      hourlyRateStart: 0,
      services: ['Proms', 'Business Travel'],
      vehicleTypes: ['Charter Bus', 'Luxury Van', 'SUV Limo'],
      priceRange: '$$$',
      state: 'MA',
    });
    expect(res.json().latitude).toBeCloseTo(42.36, 1);
  });

  it.each([
    [{}, 'Company name is required'],
    [{ name: 'A', email: 'x@' }, 'Please enter a valid email address'],
    [{ name: 'A', website: 'not a url' }, 'Please enter a valid website URL'],
    [{ name: 'A', imageUrl: 'ftp://x.example/a.png' }, 'Please enter a valid image URL'],
    [{ name: 'A', featured: 'yes' }, 'Featured must be true or false'],
  ])('answers 400 with a clear message for %j', async (body, message) => {
    const res = await call(h, 'POST', '/api/admin/companies', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('edits any field and the admin-only flags, publishing company.updated.v1 with a higher version', async () => {
    const company = await adminCreate(h, admin, { name: 'Edit Me Limo', phone: '(617) 555-0100' });
    const res = await call(h, 'PUT', `/api/admin/companies/${company.id}`, admin, {
      name: 'Edited Limo',
      featured: true,
      businessVerified: true,
      hourlyRateStart: '95',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Edited Limo',
      featured: true,
      businessVerified: true,
      hourlyRateStart: 95,
      phone: '(617) 555-0100',
    });
    await waitFor(() => events.some((e) => e.type === 'company.updated.v1' && e.key === company.id), 5_000, 'company.updated.v1');
    const updated = events.find((e) => e.type === 'company.updated.v1' && e.key === company.id)!;
    expect(updated.data).toMatchObject({ id: company.id, name: 'Edited Limo', phone: '(617) 555-0100', version: 2 });
    expect((await call(h, 'PUT', '/api/admin/companies/missing', admin, { name: 'X' })).statusCode).toBe(404);
  });
});

describe('suspend and unsuspend', () => {
  it('takes verified away (recording who and when) and gives it back', async () => {
    const company = await adminCreate(h, admin, { name: 'Suspended Limo', verified: true });
    const suspended = await call(h, 'PUT', `/api/admin/companies/${company.id}/suspend`, admin);
    expect(suspended.json<OwnerCompany>()).toMatchObject({ verified: false, suspended: true });
    expect(suspended.json<OwnerCompany>().suspendedAt).not.toBeNull();
    const stored = await h.ctx.store.collection<CompanyDoc>('companies').then((c) => c.findOne({ _id: company.id }));
    expect(stored?.suspendedBy).toBe(admin.id);
    const back = await call(h, 'PUT', `/api/admin/companies/${company.id}/unsuspend`, admin);
    expect(back.json<OwnerCompany>()).toMatchObject({ verified: true, suspended: false, suspendedAt: null });
    expect((await call(h, 'PUT', '/api/admin/companies/missing/suspend', admin)).statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/companies/{id}', () => {
  it('removes the company, its reviews, its images and its index entry, and publishes company.deleted.v1', async () => {
    const owner = userOf(h, 'business');
    const company = (
      await call(h, 'POST', '/api/companies', owner, { name: 'Doomed Limo', fullAddress: '1 Main St, Salem, OR 97301' })
    ).json<OwnerCompany>();
    const upload = multipart({ name: 'logo.png', type: 'image/png', data: await png(200, 200) });
    const imageUrl = (
      await h.app.inject({
        method: 'POST',
        url: '/api/upload-image',
        headers: { ...upload.headers, cookie: owner.cookie },
        payload: upload.payload,
      })
    ).json().imageUrl as string;
    await call(h, 'PUT', `/api/admin/companies/${company.id}`, admin, { imageUrl });
    const imagePath = new URL(imageUrl).pathname;
    expect((await call(h, 'GET', imagePath)).statusCode).toBe(200);
    const reviewId = (await call(h, 'POST', '/api/reviews', undefined, { companyId: company.id, rating: 5, reviewerName: 'Mo' })).json().id;
    await waitFor(async () => (await call(h, 'GET', '/api/companies?location=Salem,%20OR')).json().length === 1, 5_000, 'indexed');

    const res = await call(h, 'DELETE', `/api/admin/companies/${company.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect((await call(h, 'GET', `/api/companies/${company.id}`)).statusCode).toBe(404);
    expect((await call(h, 'GET', '/api/companies?location=Salem,%20OR')).json()).toEqual([]);
    expect((await call(h, 'GET', '/api/admin/all-reviews', admin)).json().some((r: { id: string }) => r.id === reviewId)).toBe(false);
    expect((await call(h, 'GET', imagePath)).statusCode).toBe(404);
    expect((await call(h, 'GET', '/api/my-companies', owner)).json()).toEqual([]);
    await waitFor(() => events.some((e) => e.type === 'company.deleted.v1' && e.key === company.id), 5_000, 'company.deleted.v1');
    expect((await call(h, 'DELETE', `/api/admin/companies/${company.id}`, admin)).statusCode).toBe(404);
  });
});
