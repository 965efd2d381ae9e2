import { randomUUID } from 'node:crypto';
import type { OwnerReview, Review, ReviewEventData, ReviewFlag, ReviewStatus } from '@limo/contracts';
import type { EventEnvelope } from '@limo/platform';

/** An owner's reply to a review, moderated like reviews. */
export interface StoredReply {
  text: string;
  status: ReviewStatus;
  /** The owner who wrote it. */
  userId: string;
  createdAt: string;
  updatedAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

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
  /** The quote whose mailed link the review was posted through (unique: a link is used once). Absent otherwise. */
  quoteId?: string;
  /** Posted through a mailed review link. Absent on reviews stored before issue 21. */
  verifiedCustomer?: boolean;
  /** Salted hashes of the client's address and device id (never the raw values), for abuse signals. */
  ipHash?: string | null;
  deviceHash?: string | null;
  reply?: StoredReply | null;
  flags?: ReviewFlag[];
}

/** The events a review owes. */
export type ReviewEventType = 'review.submitted.v1' | 'review.approved.v1' | 'review.rejected.v1' | 'review.deleted.v1';

/** What a review's events carry: the review as written (the API's views add to it). */
const reviewEventData = (r: ReviewDoc): ReviewEventData => ({
  id: r._id,
  companyId: r.companyId,
  rating: r.rating,
  comment: r.comment,
  reviewerName: r.reviewerName,
  status: r.status,
  createdAt: r.createdAt,
});

/** A stored review as the API shows it: the reply only once approved. */
export const toReview = (r: ReviewDoc): Review => ({
  ...reviewEventData(r),
  verifiedCustomer: r.verifiedCustomer === true,
  reply: r.reply?.status === 'approved' ? { text: r.reply.text, createdAt: r.reply.createdAt } : null,
});

/** A stored review as its company's owner and the admins see it. */
export const toOwnerReview = (r: ReviewDoc): OwnerReview => ({
  ...toReview(r),
  ownerReply: r.reply ? { text: r.reply.text, status: r.reply.status, createdAt: r.reply.createdAt, updatedAt: r.reply.updatedAt } : null,
  flags: r.flags ?? [],
});

/** The event of a review as written. */
export const reviewEvent = (type: ReviewEventType, r: ReviewDoc): EventEnvelope<ReviewEventData> => ({
  id: randomUUID(),
  type,
  occurredAt: new Date().toISOString(),
  // Keyed by company: the ratings consumer sees one company's reviews in order.
  key: r.companyId,
  data: reviewEventData(r),
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
