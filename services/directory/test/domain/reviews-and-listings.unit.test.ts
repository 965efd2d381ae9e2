import { describe, expect, it } from 'vitest';
import { newCompany } from '../../src/domain/new-company.js';
import { ratingOf, reviewEvent, reviewFingerprint, toOwnerReview, toReview, type ReviewDoc } from '../../src/domain/review.js';

// How a review is shown (the reply only once approved), what its events carry, a company's rating,
// and how a new listing starts from its form.

const review: ReviewDoc = {
  _id: 'review-1',
  companyId: 'company-1',
  userId: null,
  rating: 4,
  comment: 'On time, clean car',
  reviewerName: 'Sam',
  status: 'approved',
  fingerprint: 'sam\non time, clean car',
  createdAt: '2026-01-01T00:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  reply: {
    text: 'Thank you!',
    status: 'pending',
    userId: 'owner-1',
    createdAt: '2026-01-02T00:00:00.000Z',
    updatedAt: '2026-01-03T00:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
  },
};
const written = {
  id: 'review-1',
  companyId: 'company-1',
  rating: 4,
  comment: 'On time, clean car',
  reviewerName: 'Sam',
  status: 'approved',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('a review', () => {
  it('is shown with its reply once the reply is approved, and marked verified only through a mailed link', () => {
    expect(toReview(review)).toEqual({ ...written, verifiedCustomer: false, reply: null });
    const approved = { ...review, verifiedCustomer: true, reply: { ...review.reply!, status: 'approved' as const } };
    expect(toReview(approved)).toEqual({
      ...written,
      verifiedCustomer: true,
      reply: { text: 'Thank you!', createdAt: '2026-01-02T00:00:00.000Z' },
    });
  });

  it("is shown to its company's owner with the reply's state and the flags", () => {
    expect(toOwnerReview(review)).toEqual({
      ...written,
      verifiedCustomer: false,
      reply: null,
      ownerReply: { text: 'Thank you!', status: 'pending', createdAt: '2026-01-02T00:00:00.000Z', updatedAt: '2026-01-03T00:00:00.000Z' },
      flags: [],
    });
    expect(toOwnerReview({ ...review, reply: null })).toMatchObject({ ownerReply: null });
  });

  it('owes events keyed by its company, carrying the review as written', () => {
    const event = reviewEvent('review.approved.v1', review);
    expect(event).toMatchObject({ type: 'review.approved.v1', key: 'company-1', data: written });
    expect(Date.parse(event.occurredAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('is told apart from the same words typed again by its name and comment, whatever their case and spacing', () => {
    expect(reviewFingerprint('  Sam ', ' On  time,\n clean CAR ')).toBe('sam\non time, clean car');
    expect(reviewFingerprint('Sam', null)).toBe('sam\n');
  });

  it('counts in the rating: the average to one decimal', () => {
    expect(ratingOf([])).toEqual({ rating: 0, reviewCount: 0 });
    expect(ratingOf([{ rating: 5 }, { rating: 4 }, { rating: 4 }])).toEqual({ rating: 4.3, reviewCount: 3 });
  });
});

describe('a new listing', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const options = { userId: 'owner-1', claimed: false, featured: false, verifiedBy: null, now };

  it('takes the address parts the form left empty from the full address, and coordinates from the gazetteer', () => {
    const c = newCompany({ name: 'Dana Limos' }, { ...options, fullAddress: '100 Main St, Rockford, IL 61101' });
    expect(c).toMatchObject({
      name: 'Dana Limos',
      address: '100 Main St',
      city: 'Rockford',
      state: 'IL',
      zipCode: '61101',
      userId: 'owner-1',
    });
    expect(c.latitude).toBeCloseTo(42.3, 0);
    expect(c).toMatchObject({ claimed: false, claimedAt: null, verified: false, verification: null, featured: false });
    expect(c).toMatchObject({
      createdAt: '2026-05-01T12:00:00.000Z',
      updatedAt: '2026-05-01T12:00:00.000Z',
      services: [],
      vehicleTypes: [],
    });
  });

  it('keeps the fields the form sent, its coordinates included, and starts paid or admin-made listings claimed or verified', () => {
    const sent = {
      address: '1 Elm St',
      city: 'Denver',
      state: 'CO',
      zipCode: '80202',
      latitude: 1,
      longitude: 2,
      services: ['wedding'],
      phone: '1',
    };
    const c = newCompany(
      { name: 'Dana Limos', ...sent },
      { ...options, claimed: true, featured: true, verifiedBy: 'admin-1', fullAddress: '100 Main St, Rockford, IL 61101' },
    );
    expect(c).toMatchObject(sent);
    expect(c).toMatchObject({
      claimed: true,
      claimedAt: '2026-05-01T12:00:00.000Z',
      featured: true,
      verified: true,
      verification: { source: 'admin', by: 'admin-1', at: '2026-05-01T12:00:00.000Z' },
    });
  });

  it('keeps every optional field the form sent, null for those it left out, and coordinates only as a pair', () => {
    const sent = {
      description: 'Black cars since 1999',
      email: 'info@dana.example',
      businessEmail: 'desk@dana.example',
      website: 'https://dana.example',
      priceRange: '$$',
      hourlyRateStart: 90,
      imageUrl: '/api/images/logo',
      seoKeywords: 'limo rockford',
      seoTags: 'limo',
    };
    expect(newCompany({ name: 'Dana Limos', ...sent }, options)).toMatchObject(sent);
    const blank = Object.fromEntries(Object.keys(sent).map((field) => [field, null]));
    expect(newCompany({ name: 'Dana Limos' }, options)).toMatchObject(blank);
    // A longitude without its latitude is not a place: the gazetteer's centre of the city is used.
    const c = newCompany({ name: 'Dana Limos', city: 'Rockford', state: 'IL', longitude: 2 }, options);
    expect(c.latitude).toBeCloseTo(42.3, 0);
    expect(c.longitude).toBeCloseTo(-89.1, 0);
  });

  it('keeps an address it cannot split whole, and has no coordinates for a place nobody knows', () => {
    const c = newCompany({ name: 'Dana Limos', latitude: 1 }, { ...options, fullAddress: 'Somewhere over the rainbow' });
    expect(c).toMatchObject({
      address: 'Somewhere over the rainbow',
      city: null,
      state: null,
      zipCode: null,
      latitude: null,
      longitude: null,
    });
    expect(newCompany({ name: 'Dana Limos' }, options)).toMatchObject({ address: null, latitude: null });
  });
});
