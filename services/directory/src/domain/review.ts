import { randomUUID } from 'node:crypto';
import type { Review, ReviewEventData, ReviewStatus } from '@limo/contracts';
import type { EventEnvelope } from '@limo/platform';

/** A review as the directory stores it. */
export interface ReviewDoc {
  _id: string;
  companyId: string;
  /** The signed-in author, if any (reviews need no account). */
  userId: string | null;
  rating: number;
  comment: string | null;
  reviewerName: string;
  status: ReviewStatus;
  /** Lower-cased name + comment of the review, to spot the same review posted twice. */
  fingerprint: string;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

/** The events a review owes. */
export type ReviewEventType = 'review.submitted.v1' | 'review.approved.v1' | 'review.rejected.v1' | 'review.deleted.v1';

/** A stored review as the API shows it. */
export const toReview = (r: ReviewDoc): Review => ({
  id: r._id,
  companyId: r.companyId,
  rating: r.rating,
  comment: r.comment,
  reviewerName: r.reviewerName,
  status: r.status,
  createdAt: r.createdAt,
});

/** The event of a review as written. */
export const reviewEvent = (type: ReviewEventType, r: ReviewDoc): EventEnvelope<ReviewEventData> => ({
  id: randomUUID(),
  type,
  occurredAt: new Date().toISOString(),
  // Keyed by company: the ratings consumer sees one company's reviews in order.
  key: r.companyId,
  data: toReview(r),
});

/** The fingerprint of a review's content. */
export const reviewFingerprint = (reviewerName: string, comment: string | null): string =>
  `${reviewerName.trim().toLowerCase()}\n${(comment ?? '').trim().toLowerCase().replace(/\s+/g, ' ')}`;

/** Average (one decimal) and count of the given reviews' ratings; 0 and 0 for none. */
export function ratingOf(reviews: ReadonlyArray<{ rating: number }>): { rating: number; reviewCount: number } {
  if (reviews.length === 0) return { rating: 0, reviewCount: 0 };
  const sum = reviews.reduce((n, r) => n + r.rating, 0);
  return { rating: Math.round((sum / reviews.length) * 10) / 10, reviewCount: reviews.length };
}
