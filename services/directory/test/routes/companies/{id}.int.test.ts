import { describe, expect, it } from 'vitest';
import type { CompanyDetail, OwnerCompany } from '@limo/contracts';
import { adminCreate, call, listingForm as listing, sharedHarness, sharedUser, startDirectory, userOf } from '../../support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');

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
