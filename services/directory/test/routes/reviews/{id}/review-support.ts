import { expect } from 'vitest';
import type { OwnerCompany } from '@limo/contracts';
import { call, ownerListing, startDirectory, userOf, type Harness, type TestUser } from '../../../support.js';

/** A directory with one owner's company, an admin, and helpers to post reviews of that company. */
export interface ReviewedCompany {
  h: Harness;
  admin: TestUser;
  owner: TestUser;
  companyId: string;
  /** A posted review (approved unless said otherwise); its id. */
  postReview(name: string, approve?: boolean): Promise<string>;
  /** The review as the company page shows it. */
  publicReview(id: string): Promise<{ id: string; reply: unknown } | undefined>;
}

export async function startReviewedCompany(): Promise<ReviewedCompany> {
  const h = await startDirectory();
  const admin = userOf(h, 'admin');
  const owner = userOf(h, 'business');
  const companyId = (await call(h, 'POST', '/api/companies', owner, ownerListing({ name: 'Reply Target Limo' }))).json<OwnerCompany>().id;

  async function postReview(name: string, approve = true): Promise<string> {
    const res = await call(h, 'POST', '/api/reviews', undefined, {
      companyId,
      rating: 5,
      reviewerName: name,
      comment: `Ride by ${name}, on time`,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ id: string }>().id;
    if (approve) expect((await call(h, 'POST', `/api/admin/reviews/${id}/approve`, admin)).statusCode).toBe(200);
    return id;
  }

  const publicReview = async (id: string) =>
    (await call(h, 'GET', `/api/companies/${companyId}`))
      .json<{ reviews: Array<{ id: string; reply: unknown }> }>()
      .reviews.find((r) => r.id === id);

  return { h, admin, owner, companyId, postReview, publicReview };
}
