import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReview } from '@limo/contracts';
import { call, userOf, type Harness, type TestUser } from '../../../support.js';
import { startReviewedCompany, type ReviewedCompany } from './review-support.js';

let h: Harness;
let admin: TestUser;
let owner: TestUser;
let companyId: string;
let postReview: ReviewedCompany['postReview'];
let publicReview: ReviewedCompany['publicReview'];

beforeAll(async () => {
  ({ h, admin, owner, postReview, companyId, publicReview } = await startReviewedCompany());
});
afterAll(() => h.close());

describe('POST/PUT/DELETE /api/reviews/{id}/reply (issue 21)', () => {
  it('shows the owner reply under the review only once an admin approved it; an edit waits for moderation again', async () => {
    const reviewId = await postReview('Ann');
    expect(await publicReview(reviewId)).toMatchObject({ reply: null, verifiedCustomer: false });

    const posted = await call(h, 'POST', `/api/reviews/${reviewId}/reply`, owner, { text: '  Thank you, Ann!  ' });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({ ownerReply: { text: 'Thank you, Ann!', status: 'pending' }, reply: null });
    // Pending: not public yet, but in the admin's replies queue.
    expect((await publicReview(reviewId))?.reply).toBeNull();
    const queue = (await call(h, 'GET', '/api/admin/all-reviews?pendingReply=true', admin)).json<AdminReview[]>();
    expect(queue.map((r) => r.id)).toEqual([reviewId]);

    expect((await call(h, 'POST', `/api/admin/reviews/${reviewId}/reply/approve`, admin)).json()).toMatchObject({
      message: 'Reply approved',
      review: { ownerReply: { status: 'approved' } },
    });
    const shown = await publicReview(reviewId);
    expect(shown?.reply).toEqual({ text: 'Thank you, Ann!', createdAt: expect.any(String) });

    // Once per review.
    const again = await call(h, 'POST', `/api/reviews/${reviewId}/reply`, owner, { text: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already replied to this review. Edit your reply instead.');

    // Edit: hidden until approved again; rejected stays hidden.
    const edited = await call(h, 'PUT', `/api/reviews/${reviewId}/reply`, owner, { text: 'Thanks again, Ann' });
    expect(edited.json()).toMatchObject({ ownerReply: { text: 'Thanks again, Ann', status: 'pending' } });
    expect((await publicReview(reviewId))?.reply).toBeNull();
    await call(h, 'POST', `/api/admin/reviews/${reviewId}/reply/reject`, admin);
    expect((await publicReview(reviewId))?.reply).toBeNull();
    await call(h, 'POST', `/api/admin/reviews/${reviewId}/reply/approve`, admin);
    expect((await publicReview(reviewId))?.reply).toMatchObject({ text: 'Thanks again, Ann' });

    // The owner's own list shows the reply whatever its status.
    const mine = (await call(h, 'GET', `/api/companies/${companyId}/reviews`, owner)).json<Array<{ id: string; ownerReply: unknown }>>();
    expect(mine.find((r) => r.id === reviewId)?.ownerReply).toMatchObject({ text: 'Thanks again, Ann', status: 'approved' });

    expect((await call(h, 'DELETE', `/api/reviews/${reviewId}/reply`, owner)).json()).toEqual({ message: 'Reply deleted' });
    expect((await publicReview(reviewId))?.reply).toBeNull();
    expect((await call(h, 'DELETE', `/api/reviews/${reviewId}/reply`, owner)).statusCode).toBe(404);
    // Deleted: the owner may reply anew.
    expect((await call(h, 'POST', `/api/reviews/${reviewId}/reply`, owner, { text: 'New reply' })).statusCode).toBe(201);
  });

  it("refuses anyone but the company's owner, a review not yet approved, and an empty reply", async () => {
    const reviewId = await postReview('Bob');
    expect((await call(h, 'POST', `/api/reviews/${reviewId}/reply`, undefined, { text: 'Hi' })).statusCode).toBe(401);
    const stranger = await call(h, 'POST', `/api/reviews/${reviewId}/reply`, userOf(h, 'business'), { text: 'Hi' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe("Only the company's owner can do this");
    const empty = await call(h, 'POST', `/api/reviews/${reviewId}/reply`, owner, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'text', message: 'Please write a reply' }]);
    expect((await call(h, 'POST', '/api/reviews/nope/reply', owner, { text: 'Hi' })).statusCode).toBe(404);
    expect((await call(h, 'PUT', `/api/reviews/${reviewId}/reply`, owner, { text: 'Hi' })).statusCode).toBe(404);

    const pending = await postReview('Cid', false);
    const early = await call(h, 'POST', `/api/reviews/${pending}/reply`, owner, { text: 'Hi' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('You can reply once the review is approved');
    expect((await call(h, 'POST', `/api/admin/reviews/${pending}/reply/approve`, admin)).statusCode).toBe(404);
  });
});
