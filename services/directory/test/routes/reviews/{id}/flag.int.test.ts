import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReview } from '@limo/contracts';
import { call, userOf, type Harness, type TestUser } from '../../../support.js';
import { startReviewedCompany, type ReviewedCompany } from './review-support.js';

let h: Harness;
let admin: TestUser;
let owner: TestUser;
let postReview: ReviewedCompany['postReview'];

beforeAll(async () => {
  ({ h, admin, owner, postReview } = await startReviewedCompany());
});
afterAll(() => h.close());

describe('POST /api/reviews/{id}/flag (issue 21)', () => {
  it("records the owner's reason, shown to admins in the Reviews list and found by the flagged filter", async () => {
    const reviewId = await postReview('Dee', false);
    const flagged = await call(h, 'POST', `/api/reviews/${reviewId}/flag`, owner, { reason: 'Never our customer' });
    expect(flagged.statusCode).toBe(201);
    expect(flagged.json().flags).toEqual([{ reason: 'Never our customer', flaggedBy: owner.email, createdAt: expect.any(String) }]);

    const list = (await call(h, 'GET', '/api/admin/pending-reviews?flagged=true', admin)).json<AdminReview[]>();
    expect(list.map((r) => r.id)).toEqual([reviewId]);
    expect(list[0].flags[0].reason).toBe('Never our customer');

    expect((await call(h, 'POST', `/api/reviews/${reviewId}/flag`, userOf(h, 'business'), { reason: 'x' })).statusCode).toBe(403);
    const noReason = await call(h, 'POST', `/api/reviews/${reviewId}/flag`, owner, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ field: 'reason', message: 'Please give a reason' }]);
  });
});
