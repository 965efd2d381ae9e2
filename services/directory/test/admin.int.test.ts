import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCompanyList, OwnerCompany } from '@limo/contracts';
import type { EventEnvelope } from '@limo/platform';
import { waitFor } from '@limo/platform/testing';
import type { CompanyDoc } from '../src/domain/company.js';
import { adminCreate, call, multipart, png, startDirectory, userOf, type Harness, type TestUser } from './support.js';

let h: Harness;
let admin: TestUser;
const events: EventEnvelope[] = [];

beforeAll(async () => {
  h = await startDirectory();
  admin = userOf(h, 'admin');
  await h.ctx.bus.subscribe({
    group: 'test.company-events',
    topics: ['company.created.v1', 'company.updated.v1', 'company.deleted.v1'],
    handler: async (e) => void events.push(e),
  });
});
afterAll(() => h.close());

/** Every admin route of this service, with a valid-looking request. */
const ADMIN_ROUTES: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: Record<string, unknown>]> = [
  ['GET', '/api/admin/companies'],
  ['POST', '/api/admin/companies', { name: 'X' }],
  ['PUT', '/api/admin/companies/some-id', { name: 'X' }],
  ['PUT', '/api/admin/companies/some-id/suspend'],
  ['PUT', '/api/admin/companies/some-id/unsuspend'],
  ['DELETE', '/api/admin/companies/some-id'],
  ['GET', '/api/admin/export-companies'],
  ['GET', '/api/admin/companies-by-state'],
  ['GET', '/api/admin/pending-reviews'],
  ['GET', '/api/admin/all-reviews'],
  ['POST', '/api/admin/reviews/some-id/approve'],
  ['POST', '/api/admin/reviews/some-id/reject'],
  ['DELETE', '/api/admin/reviews/some-id'],
  ['GET', '/api/admin/change-requests'],
  ['POST', '/api/admin/change-requests/some-id/approve'],
  ['POST', '/api/admin/change-requests/some-id/reject'],
  ['POST', '/api/admin/populate-database'],
  ['POST', '/api/admin/audit-verification'],
];

describe('every /api/admin/* route', () => {
  it.each(ADMIN_ROUTES)('%s %s answers 403 to business and user accounts, 401 signed out', async (method, url, body) => {
    for (const role of ['business', 'user'] as const) {
      const res = await call(h, method, url, userOf(h, role), body);
      expect(res.statusCode).toBe(403);
    }
    expect((await call(h, method, url, undefined, body)).statusCode).toBe(401);
  });
});

describe('POST /api/admin/populate-database', () => {
  it('adds 1,900 companies over the 19 cities, and none the second time', async () => {
    const first = await call(h, 'POST', '/api/admin/populate-database', admin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ companiesAdded: 1900, citiesProcessed: 19, totalCompanies: 1900 });
    const second = await call(h, 'POST', '/api/admin/populate-database', admin);
    expect(second.json()).toEqual({ companiesAdded: 0, citiesProcessed: 19, totalCompanies: 1900 });
    const states = (await call(h, 'GET', '/api/admin/companies-by-state', admin)).json();
    expect(states[0]).toEqual({ state: 'CA', count: 300 });
    expect(states.find((s: { state: string }) => s.state === 'FL')).toEqual({ state: 'FL', count: 200 });
    expect(states.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(1900);
    const list = (await call(h, 'GET', '/api/admin/companies?search=miami&limit=200', admin)).json<AdminCompanyList>();
    const miami = list.companies.filter((c) => c.city === 'Miami');
    expect(miami).toHaveLength(100);
    expect(new Set(miami.map((c) => c.name)).size).toBe(100);
    expect(miami.every((c) => /^\(\d{3}\) 555-\d{4}$/.test(c.phone ?? ''))).toBe(true);
  });
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

describe('GET /api/admin/export-companies', () => {
  it('answers an .xlsx with a dated file name, one row per company, formula-like cells escaped', async () => {
    await adminCreate(h, admin, { name: '=HYPERLINK("http://evil.example","click")', description: '+SUM(A1:A2)', phone: '-1' });
    const total = (await call(h, 'GET', '/api/admin/companies?limit=1', admin)).json().totalCount as number;
    const res = await call(h, 'GET', '/api/admin/export-companies', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="companies-export-${new Date().toISOString().slice(0, 10)}.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Companies')!;
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getRow(1).getCell(2).value).toBe('Name');
    const names: unknown[] = [];
    sheet.eachRow((row, n) => n > 1 && names.push(row.getCell(2).value));
    expect(names).toContain('\'=HYPERLINK("http://evil.example","click")');
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.formula).toBeUndefined()));
  });
});

describe('POST /api/admin/audit-verification', () => {
  it('takes verified from companies no claim or admin decision backs, and keeps the others', async () => {
    const backedByAdmin = await adminCreate(h, admin, { name: 'Admin Verified Limo', verified: true });
    const stray = await adminCreate(h, admin, { name: 'Stray Verified Limo' });
    // A flag set outside every rule (an old import, a hand edit in the database).
    const companies = await h.ctx.store.collection<CompanyDoc>('companies');
    await companies.updateOne({ _id: stray.id }, { $set: { verified: true } });
    const verifiedBefore = await companies.count({ verified: true });
    const res = await call(h, 'POST', '/api/admin/audit-verification', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fixed: 1, total: verifiedBefore });
    expect((await call(h, 'GET', `/api/companies/${stray.id}`)).json().verified).toBe(false);
    expect((await call(h, 'GET', `/api/companies/${backedByAdmin.id}`)).json().verified).toBe(true);
    expect((await call(h, 'POST', '/api/admin/audit-verification', admin)).json().fixed).toBe(0);
  });
});
