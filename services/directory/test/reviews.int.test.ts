import { beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@limo/platform';
import { sharedHarness, sharedUser, waitFor } from '@limo/platform/testing';
import { adminCreate, call, postReview, startDirectory } from './support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');
let companyId: string;
const events: EventEnvelope[] = [];

beforeAll(async () => {
  companyId = (await adminCreate(h, admin, { name: 'Review Target Limo', city: 'Denver', state: 'CO' })).id;
  await h.ctx.bus.subscribe({
    group: 'test.review-events',
    topics: ['review.submitted.v1', 'review.approved.v1', 'review.rejected.v1', 'review.deleted.v1'],
    handler: async (e) => void events.push(e),
  });
});

const review = (body: Record<string, unknown>, ip?: string) => postReview(h, { companyId, ...body }, ip);

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
