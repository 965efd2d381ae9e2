import { randomUUID } from 'node:crypto';
import { DuplicateKeyError, inParallel, type Collection, type DocumentStore, type Filter } from '@limo/platform';
import { ratingOf, reviewEvent, reviewFingerprint, type ReviewDoc } from '../domain/review.js';

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

  /**
   * Stores reviews that need no moderation (demo data), owing no events, a few at a time; one already
   * stored (another instance seeding at once, or a run cut short) is kept.
   */
  async insertApproved(docs: ReviewDoc[]): Promise<void> {
    await inParallel(16, docs, async (doc) => {
      try {
        await this.reviews.insertOne(doc);
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
    });
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
