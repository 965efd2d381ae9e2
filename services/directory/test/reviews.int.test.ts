import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@limo/platform';
import { waitFor } from '@limo/platform/testing';
import { adminCreate, call, startDirectory, userOf, type Harness, type TestUser } from './support.js';
import { directoryEnvSchema } from '../src/settings.js';

let h: Harness;
let admin: TestUser;
let companyId: string;
const events: EventEnvelope[] = [];

beforeAll(async () => {
  h = await startDirectory();
  admin = userOf(h, 'admin');
  companyId = (await adminCreate(h, admin, { name: 'Review Target Limo', city: 'Denver', state: 'CO' })).id;
  await h.ctx.bus.subscribe({
    group: 'test.review-events',
    topics: ['review.submitted.v1', 'review.approved.v1', 'review.rejected.v1', 'review.deleted.v1'],
    handler: async (e) => void events.push(e),
  });
});
afterAll(() => h.close());

const review = (body: Record<string, unknown>, ip?: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/reviews',
    payload: { companyId, ...body },
    remoteAddress: ip ?? `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });

const publicCompany = async () => (await call(h, 'GET', `/api/companies/${companyId}`)).json();
const searchHit = async () =>
  (await call(h, 'GET', '/api/companies?location=Denver,%20CO')).json().find((c: { id: string }) => c.id === companyId);

describe('a review, from pending to approved', () => {
  it('waits as pending, then after approval changes the rating and count everywhere; rejected and pending never show', async () => {
    const posted = await review({ rating: 4, reviewerName: 'Frank', comment: 'Smooth ride' });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({ status: 'pending', rating: 4, reviewerName: 'Frank', comment: 'Smooth ride' });
    const rejected = await review({ rating: 1, reviewerName: 'Grumpy', comment: 'Spam spam' });
    const stillPending = await review({ rating: 2, reviewerName: 'Hal' });

    expect(await publicCompany()).toMatchObject({ rating: 0, reviewCount: 0, reviews: [] });
    const pendingList = (await call(h, 'GET', '/api/admin/pending-reviews', admin)).json();
    expect(pendingList.map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining([posted.json().id, rejected.json().id, stillPending.json().id]),
    );
    expect(pendingList[0].companyName).toBe('Review Target Limo');

    const approve = await call(h, 'POST', `/api/admin/reviews/${posted.json().id}/approve`, admin);
    expect(approve.statusCode).toBe(200);
    expect(approve.json().review.status).toBe('approved');
    expect((await call(h, 'POST', `/api/admin/reviews/${rejected.json().id}/reject`, admin)).json().review.status).toBe('rejected');

    const page = await publicCompany();
    expect(page).toMatchObject({ rating: 4, reviewCount: 1 });
    expect(page.reviews.map((r: { reviewerName: string }) => r.reviewerName)).toEqual(['Frank']);
    // Lists and search carry the stored rating, kept by the ratings consumer through events.
    await waitFor(async () => (await searchHit())?.reviewCount === 1, 5_000, 'rating in search');
    expect(await searchHit()).toMatchObject({ rating: 4, reviewCount: 1 });
    const all = (await call(h, 'GET', '/api/admin/all-reviews', admin)).json();
    expect(all.find((r: { id: string }) => r.id === rejected.json().id).status).toBe('rejected');
    expect(
      (await call(h, 'GET', `/api/companies/${companyId}/reviews`)).json().map((r: { reviewerName: string }) => r.reviewerName),
    ).toEqual(['Frank']);

    await waitFor(
      () => events.some((e) => e.type === 'review.approved.v1') && events.some((e) => e.type === 'review.rejected.v1'),
      5_000,
      'review events',
    );
    expect(events.filter((e) => e.type === 'review.submitted.v1').length).toBeGreaterThanOrEqual(3);
  });

  it('drops a deleted approved review from the rating', async () => {
    const posted = await review({ rating: 2, reviewerName: 'Ivy', comment: 'Late' });
    await call(h, 'POST', `/api/admin/reviews/${posted.json().id}/approve`, admin);
    expect(await publicCompany()).toMatchObject({ rating: 3, reviewCount: 2 });
    const del = await call(h, 'DELETE', `/api/admin/reviews/${posted.json().id}`, admin);
    expect(del.statusCode).toBe(200);
    expect(await publicCompany()).toMatchObject({ rating: 4, reviewCount: 1 });
    await waitFor(async () => (await searchHit())?.rating === 4, 5_000, 'rating back to 4 in search');
    await waitFor(() => events.some((e) => e.type === 'review.deleted.v1'), 5_000, 'review.deleted.v1');
  });

  it('answers 404 for unknown reviews', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/reviews/nope/approve'],
      ['POST', '/api/admin/reviews/nope/reject'],
      ['DELETE', '/api/admin/reviews/nope'],
    ] as const) {
      const res = await call(h, method, url, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Review not found');
    }
  });
});

describe('POST /api/reviews: validation and anti-spam', () => {
  it.each([
    [{ rating: 5 }, 'Please enter your name'],
    [{ rating: 5, reviewerName: '   ' }, 'Please enter your name'],
    [{ rating: 0, reviewerName: 'A' }, 'Please select a rating from 1 to 5'],
    [{ rating: 6, reviewerName: 'A' }, 'Please select a rating from 1 to 5'],
    [{ rating: 4.5, reviewerName: 'A' }, 'Please select a rating from 1 to 5'],
    [{ rating: 'five', reviewerName: 'A' }, 'Please select a rating from 1 to 5'],
    [{ reviewerName: 'A' }, 'Please select a rating from 1 to 5'],
    [{ rating: 5, reviewerName: 'A', comment: 'x'.repeat(2001) }, 'Comment must be at most 2000 characters'],
  ])('answers 400 with a clear message for %j', async (body, message) => {
    const res = await review(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('accepts a comment-less review and a rating sent as text', async () => {
    const res = await review({ rating: '3', reviewerName: 'Jo' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ rating: 3, comment: null });
  });

  it('answers 404 for an unknown company and 400 without one', async () => {
    const unknown = await h.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { companyId: 'nope', rating: 5, reviewerName: 'K' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Company not found');
    const missing = await h.app.inject({ method: 'POST', url: '/api/reviews', payload: { rating: 5, reviewerName: 'K' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Company is required');
  });

  it('refuses the same review posted twice with 409', async () => {
    expect((await review({ rating: 5, reviewerName: 'Lee', comment: 'Great driver!' })).statusCode).toBe(201);
    const again = await review({ rating: 5, reviewerName: 'lee', comment: 'Great   driver!' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already submitted this review. It will be visible once approved.');
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const res = await review({ rating: 5, reviewerName: 'Bot', comment: 'Buy now', website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    const pending = (await call(h, 'GET', '/api/admin/pending-reviews', admin)).json();
    expect(pending.some((r: { reviewerName: string }) => r.reviewerName === 'Bot')).toBe(false);
  });

  it('limits reviews per address', async () => {
    const ip = '10.200.0.1';
    const limit = directoryEnvSchema.parse(h.ctx.env).REVIEW_RATE_LIMIT_PER_HOUR;
    for (let i = 0; i < limit; i++) expect((await review({ rating: 5, reviewerName: `Fan ${i}` }, ip)).statusCode).toBe(201);
    const blocked = await review({ rating: 5, reviewerName: 'One too many' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
