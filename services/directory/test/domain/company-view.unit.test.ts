import { describe, expect, it } from 'vitest';
import { isStale, toQueuedChangeRequest, type ChangeRequestDoc } from '../../src/domain/change-request.js';
import { companyDeletedEvent, companyEvent, isPaidListing, newCompanyDoc, type CompanyDoc } from '../../src/domain/company.js';
import { changedFields, toOwnerCompany, toPublicCompany } from '../../src/domain/company-view.js';

// A company as visitors, its owner and the admins see it, and an owner's change request beside the
// listing's live values.

const company = (fields: Partial<CompanyDoc> = {}): CompanyDoc => ({
  ...newCompanyDoc({ _id: 'company-1', name: 'Dana Limos', createdAt: '2026-01-01T00:00:00.000Z', ...fields }),
  version: fields.version ?? 3,
});

describe('a company', () => {
  it('is shown to visitors with labels for its vocabulary, its badges and its gallery, without owner or payment fields', () => {
    const c = company({
      userId: 'owner-1',
      businessEmail: 'desk@dana.example',
      services: ['wedding'],
      vehicleTypes: ['party-bus'],
      fleet: [{ type: 'party-bus', capacity: 20, photoUrl: null, hourlyRate: 200 }],
      gallery: [{ id: 'g1', url: '/api/images/g1' }],
      imageUrl: '/api/images/logo',
      topRated: true,
      responsiveness: {
        leadCount: 4,
        repliedCount: 3,
        fastReplyCount: 3,
        medianBusinessHours: 2.5,
        computedAt: '2026-01-01T00:00:00.000Z',
      },
      stripePaymentIntentId: 'pi_1',
    });
    const shown = toPublicCompany(c, new Date('2026-06-01T12:00:00Z'));
    expect(shown).toMatchObject({
      id: 'company-1',
      name: 'Dana Limos',
      services: ['Wedding'],
      vehicleTypes: ['Party Bus'],
      fleet: [{ type: 'Party Bus', capacity: 20, photoUrl: null, hourlyRate: 200 }],
      gallery: [{ id: 'g1', url: '/api/images/g1' }],
      imageUrl: '/api/images/logo',
      logoUrl: '/api/images/logo',
      owned: true,
      verifiedOwner: false,
      badges: ['top-rated'],
      insuranceExpiresOn: null,
      hours: null,
      serviceArea: null,
      responseTimeHours: 2.5,
      responseRate: 0.75,
    });
    expect(shown).not.toHaveProperty('businessEmail');
    expect(shown).not.toHaveProperty('stripePaymentIntentId');
    expect(toPublicCompany(company())).toMatchObject({ owned: false, fleet: [], gallery: [], badges: [], responseRate: null });
  });

  it('is shown to its owner with the subscription and the suspension', () => {
    const c = company({
      userId: 'owner-1',
      businessEmail: 'desk@dana.example',
      rating: 4.5,
      subscription: {
        subscriptionId: 'sub_1',
        status: 'active',
        startedAt: '2026-01-01T00:00:00.000Z',
        endDate: '2027-01-01T00:00:00.000Z',
      },
      suspendedAt: '2026-02-01T00:00:00.000Z',
    });
    expect(toOwnerCompany(c)).toMatchObject({
      userId: 'owner-1',
      businessEmail: 'desk@dana.example',
      averageRating: 4.5,
      subscriptionInfo: {
        subscriptionStatus: 'active',
        createdAt: '2026-01-01T00:00:00.000Z',
        subscriptionEndDate: '2027-01-01T00:00:00.000Z',
      },
      suspended: true,
      suspendedAt: '2026-02-01T00:00:00.000Z',
    });
    expect(toOwnerCompany(company())).toMatchObject({ subscriptionInfo: null, suspended: false, suspendedAt: null });
  });

  it('stored before the profile fields existed reads them as empty', () => {
    const { hours: _h, serviceArea: _s, gallery: _g, fleet: _f, ...older } = company({ name: 'Old Limos' });
    expect(toPublicCompany(older as CompanyDoc)).toMatchObject({ hours: null, serviceArea: null, gallery: [], fleet: [] });
    expect(Object.keys(changedFields(older as CompanyDoc, { hours: null, serviceArea: null, fleet: [], name: undefined }))).toEqual([]);
    expect(
      changedFields(older as CompanyDoc, { fleet: [{ type: 'sedan', capacity: 3, photoUrl: null, hourlyRate: null }] }),
    ).toHaveProperty('fleet');
  });

  it('starts with no services or vehicles, and is paid for by a listing payment, a claim or a running subscription', () => {
    expect(company()).toMatchObject({ services: [], vehicleTypes: [], gallery: [], fleet: [] });
    expect(isPaidListing(company())).toBe(false);
    expect(isPaidListing(company({ stripePaymentIntentId: 'pi_1' }))).toBe(true);
    expect(isPaidListing(company({ claimId: 'claim-1' }))).toBe(true);
    const subscription = { subscriptionId: 'sub_1', startedAt: '2026-01-01T00:00:00.000Z', endDate: null };
    expect(isPaidListing(company({ subscription: { ...subscription, status: 'active' } }))).toBe(true);
    expect(isPaidListing(company({ subscription: { ...subscription, status: 'canceled' } }))).toBe(false);
  });

  it('is published as it was written, and its deletion one version on', () => {
    const c = company({ userId: 'owner-1', city: 'Denver', state: 'CO', services: ['wedding'], rating: 4.5, reviewCount: 2, version: 7 });
    expect(companyEvent('company.updated.v1', c, '2026-02-01T00:00:00.000Z')).toMatchObject({
      type: 'company.updated.v1',
      occurredAt: '2026-02-01T00:00:00.000Z',
      key: 'company-1',
      data: {
        id: 'company-1',
        name: 'Dana Limos',
        userId: 'owner-1',
        city: 'Denver',
        state: 'CO',
        version: 7,
        verifiedOwner: false,
        services: ['wedding'],
        rating: 4.5,
        reviewCount: 2,
      },
    });
    expect(companyDeletedEvent(c, '2026-02-02T00:00:00.000Z')).toMatchObject({
      type: 'company.deleted.v1',
      occurredAt: '2026-02-02T00:00:00.000Z',
      key: 'company-1',
      data: { id: 'company-1', version: 8 },
    });
  });

  it('changes only the editable fields that differ, an empty fleet included', () => {
    const c = company({ phone: '1', services: ['wedding'] });
    expect(changedFields(c, { phone: '1', services: ['wedding', 'prom'], fleet: [], city: 'Rockford' })).toEqual({
      services: ['wedding', 'prom'],
      city: 'Rockford',
    });
    expect(changedFields({ ...c, fleet: undefined }, { fleet: [] })).toEqual({});
  });
});

describe("an owner's change request", () => {
  const request = (fields: Partial<ChangeRequestDoc> = {}): ChangeRequestDoc => ({
    _id: 'request-1',
    companyId: 'company-1',
    companyName: 'Dana Limos',
    userId: 'owner-1',
    requestedBy: 'dana',
    changes: { phone: '2', services: ['prom'] },
    previous: { phone: '1', services: ['wedding'] },
    baseVersion: 3,
    ownerEmail: 'dana@owner.example',
    note: null,
    status: 'pending',
    createdAt: '2026-01-01T00:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    ...fields,
  });

  it('is stale once a field it changes moved on the listing since, not for an unrelated edit', () => {
    const listing = company({ phone: '1', services: ['wedding'] });
    expect(isStale(request(), listing)).toBe(false);
    expect(isStale(request({ baseVersion: 2 }), { ...listing, description: 'new' })).toBe(false);
    expect(isStale(request({ baseVersion: 2 }), { ...listing, phone: '9' })).toBe(true);
    expect(isStale(request({ baseVersion: undefined }), { ...listing, services: [] })).toBe(true);
    expect(isStale(request({ baseVersion: null, previous: {} }), { ...listing, phone: null, services: [] })).toBe(true);
  });

  it('is not stale where the listing already holds what it asks (an approval that stopped before deciding), field by field', () => {
    const listing = company({ phone: '1', services: ['wedding'] });
    expect(isStale(request({ baseVersion: 2 }), { ...listing, phone: '2', services: ['prom'] })).toBe(false);
    expect(isStale(request({ baseVersion: 2 }), { ...listing, phone: '2' })).toBe(false);
    expect(isStale(request({ baseVersion: 2 }), { ...listing, phone: '2', services: ['limo'] })).toBe(true);
  });

  it('is not stale when made on the listing as it is now, even if its recorded values read differently', () => {
    // The same hours, their keys in another order: a request on the current version is fresh.
    const hours = { timezone: 'America/Chicago', days: [] } as unknown as CompanyDoc['hours'];
    const reordered = { days: [], timezone: 'America/Chicago' } as unknown as CompanyDoc['hours'];
    const listing = company({ hours, version: 5 });
    const onCurrent = request({ changes: { hours: null }, previous: { hours: reordered }, baseVersion: 5 });
    expect(isStale(onCurrent, listing)).toBe(false);
  });

  it('shows a changed fleet and vehicle types as labels', () => {
    const fleetChange = request({
      changes: { fleet: [{ type: 'party-bus', capacity: 20, photoUrl: null, hourlyRate: null }], vehicleTypes: ['suv-limo'] },
      previous: { fleet: [], vehicleTypes: [] },
    });
    expect(toQueuedChangeRequest(fleetChange, company())).toMatchObject({
      changes: { fleet: [{ type: 'Party Bus', capacity: 20 }], vehicleTypes: ['SUV Limo'] },
      previous: { fleet: [], vehicleTypes: [] },
      current: { fleet: [], vehicleTypes: [] },
    });
    expect(toQueuedChangeRequest(request({ changes: { phone: '2' }, previous: { phone: '1' } }), null).changes).toEqual({ phone: '2' });
  });

  it('shows the note an owner was told', () => {
    expect(toQueuedChangeRequest(request({ status: 'closed', note: 'Your business is verified' }), null)).toMatchObject({
      note: 'Your business is verified',
    });
  });

  it("is queued with the listing's live values beside it, as labels", () => {
    const listing = company({ phone: '9', services: ['wedding'], version: 4 });
    expect(toQueuedChangeRequest(request(), listing)).toEqual({
      id: 'request-1',
      companyId: 'company-1',
      companyName: 'Dana Limos',
      userId: 'owner-1',
      requestedBy: 'dana',
      changes: { phone: '2', services: ['Proms'] },
      previous: { phone: '1', services: ['Wedding'] },
      baseVersion: 3,
      note: null,
      status: 'pending',
      createdAt: '2026-01-01T00:00:00.000Z',
      decidedAt: null,
      decidedBy: null,
      current: { phone: '9', services: ['Wedding'] },
      stale: true,
    });
    expect(toQueuedChangeRequest(request({ status: 'approved' }), listing)).toMatchObject({ stale: false });
    expect(toQueuedChangeRequest(request({ baseVersion: undefined }), null)).toMatchObject({
      current: null,
      stale: false,
      baseVersion: null,
    });
  });
});
