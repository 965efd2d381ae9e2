import { randomUUID } from 'node:crypto';
import type { Review, ReviewEventData, ReviewStatus } from '@limo/contracts';
import type { Collection, DocumentStore, EventEnvelope, Filter } from '@limo/platform';

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

type ReviewEventType = 'review.submitted.v1' | 'review.approved.v1' | 'review.rejected.v1' | 'review.deleted.v1';

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

const reviewEvent = (type: ReviewEventType, r: ReviewDoc): EventEnvelope<ReviewEventData> => ({
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

/** Reviews and the events they owe. */
export class ReviewsRepository {
  private constructor(readonly reviews: Collection<ReviewDoc>) {}

  static async create(store: DocumentStore): Promise<ReviewsRepository> {
    const reviews = await store.collection<ReviewDoc>('reviews', [
      { fields: { companyId: 1 } },
      { fields: { status: 1 } },
      { fields: { fingerprint: 1 } },
    ]);
    return new ReviewsRepository(reviews);
  }

  findById(id: string): Promise<ReviewDoc | null> {
    return this.reviews.findOne({ _id: id });
  }

  /** Newest first. */
  list(filter: Filter): Promise<ReviewDoc[]> {
    return this.reviews.find(filter, { sort: { createdAt: -1, _id: 1 } });
  }

  /** The same review (company, name, comment) posted since `since`, if any. */
  findDuplicate(companyId: string, fingerprint: string, since: string): Promise<ReviewDoc | null> {
    return this.reviews.findOne({ companyId, fingerprint, createdAt: { $gte: since } });
  }

  /** Stores a pending review owing `review.submitted.v1`. */
  async submit(input: {
    companyId: string;
    userId: string | null;
    rating: number;
    comment: string | null;
    reviewerName: string;
  }): Promise<ReviewDoc> {
    const doc: ReviewDoc = {
      _id: randomUUID(),
      ...input,
      status: 'pending',
      fingerprint: reviewFingerprint(input.reviewerName, input.comment),
      createdAt: new Date().toISOString(),
      decidedAt: null,
      decidedBy: null,
    };
    return this.reviews.insertOne(doc, { events: [reviewEvent('review.submitted.v1', doc)] });
  }

  /** Stores reviews that need no moderation (demo data), owing no events. */
  async insertApproved(docs: ReviewDoc[]): Promise<void> {
    for (const doc of docs) await this.reviews.insertOne(doc);
  }

  /** Approves or rejects the review, owing the matching event; null when it does not exist. */
  async decide(id: string, status: 'approved' | 'rejected', adminId: string): Promise<ReviewDoc | null> {
    const current = await this.findById(id);
    if (!current) return null;
    const decidedAt = new Date().toISOString();
    const next: ReviewDoc = { ...current, status, decidedAt, decidedBy: adminId };
    return this.reviews.updateOne(
      { _id: id },
      { $set: { status, decidedAt, decidedBy: adminId } },
      { events: [reviewEvent(status === 'approved' ? 'review.approved.v1' : 'review.rejected.v1', next)] },
    );
  }

  /** Deletes the review owing `review.deleted.v1`; null when it does not exist. */
  async delete(id: string): Promise<ReviewDoc | null> {
    const current = await this.findById(id);
    if (!current) return null;
    return this.reviews.deleteOne({ _id: id }, { events: [reviewEvent('review.deleted.v1', current)] });
  }

  /** Removes every review of a company (its deletion already tells the world). */
  deleteForCompany(companyId: string): Promise<number> {
    return this.reviews.deleteMany({ companyId });
  }

  /** Rating (average, one decimal) and count of the company's approved reviews. */
  async approvedStats(companyId: string): Promise<{ rating: number; reviewCount: number }> {
    return ratingOf(await this.reviews.find({ companyId, status: 'approved' }));
  }
}

/** Average (one decimal) and count of the given reviews' ratings; 0 and 0 for none. */
export function ratingOf(reviews: ReadonlyArray<{ rating: number }>): { rating: number; reviewCount: number } {
  if (reviews.length === 0) return { rating: 0, reviewCount: 0 };
  const sum = reviews.reduce((n, r) => n + r.rating, 0);
  return { rating: Math.round((sum / reviews.length) * 10) / 10, reviewCount: reviews.length };
}
