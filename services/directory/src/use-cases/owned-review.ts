import { forbidden, notFound, type SessionUser } from '@limo/platform';
import type { DirectoryDeps } from '../deps.js';
import type { ReviewDoc } from '../domain/review.js';

/** The review, when `user` owns its company: 404 when there is no such review, 403 for anyone else. */
export async function ownedReview(deps: DirectoryDeps, id: string, user: SessionUser): Promise<ReviewDoc> {
  const review = await deps.reviews.findById(id);
  if (!review) throw notFound('Review not found');
  const company = await deps.companies.findById(review.companyId);
  if (!company) throw notFound('Review not found');
  if (company.userId !== user.id) throw forbidden("Only the company's owner can do this");
  return review;
}
