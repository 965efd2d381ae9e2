import { randomUUID } from 'node:crypto';
import { DuplicateKeyError, inParallel, type Collection, type DocumentStore, type Filter } from '@limo/platform';
import type { ReviewFlag } from '@limo/contracts';
import { ratingOf, reviewEvent, reviewFingerprint, type ReviewDoc, type StoredReply } from '../domain/review.js';

/** Reviews and the events they owe. */
export class ReviewsRepository {
  private constructor(readonly reviews: Collection<ReviewDoc>) {}

  static async create(store: DocumentStore): Promise<ReviewsRepository> {
    const reviews = await store.collection<ReviewDoc>('reviews', [
      { fields: { companyId: 1 } },
      { fields: { status: 1 } },
      { fields: { fingerprint: 1 } },
      // A mailed review link is used once: its quote id is recorded on the review it posted.
      { fields: { quoteId: 1 }, unique: true, sparse: true },
      { fields: { ipHash: 1 }, sparse: true },
      { fields: { deviceHash: 1 }, sparse: true },
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
    ipHash: string | null;
    deviceHash: string | null;
    /** The quote of the mailed link it came through: a verified customer's review. */
    quoteId?: string;
  }): Promise<ReviewDoc> {
    const { quoteId, ...rest } = input;
    const doc: ReviewDoc = {
      _id: randomUUID(),
      ...rest,
      ...(quoteId !== undefined && { quoteId }),
      verifiedCustomer: quoteId !== undefined,
      reply: null,
      flags: [],
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

  /** The review posted through the link of this quote, if any (a link is used once). */
  findByQuote(quoteId: string): Promise<ReviewDoc | null> {
    return this.reviews.findOne({ quoteId });
  }

  /**
   * What abuse signals are computed from: every review of the given reviews' companies, and every
   * review from the same client address or device, whatever the company.
   */
  related(targets: readonly ReviewDoc[]): Promise<ReviewDoc[]> {
    if (targets.length === 0) return Promise.resolve([]);
    const of = (key: 'ipHash' | 'deviceHash') => [...new Set(targets.flatMap((r) => (r[key] ? [r[key]] : [])))];
    const or: Filter[] = [{ companyId: { $in: [...new Set(targets.map((r) => r.companyId))] } }];
    const ips = of('ipHash');
    const devices = of('deviceHash');
    if (ips.length > 0) or.push({ ipHash: { $in: ips } });
    if (devices.length > 0) or.push({ deviceHash: { $in: devices } });
    return this.reviews.find({ $or: or });
  }

  /** Sets (or with null removes) the owner's reply; null when the review does not exist. */
  setReply(id: string, reply: StoredReply | null): Promise<ReviewDoc | null> {
    return this.reviews.updateOne({ _id: id }, { $set: { reply } });
  }

  /** Approves or rejects the review's reply; null when the review or its reply does not exist. */
  decideReply(id: string, status: 'approved' | 'rejected', adminId: string): Promise<ReviewDoc | null> {
    const decidedAt = new Date().toISOString();
    return this.reviews.updateOne(
      { _id: id, 'reply.text': { $exists: true } },
      { $set: { 'reply.status': status, 'reply.decidedAt': decidedAt, 'reply.decidedBy': adminId } },
    );
  }

  /** Adds an owner's flag to the review; null when it does not exist. */
  addFlag(id: string, flag: ReviewFlag): Promise<ReviewDoc | null> {
    return this.reviews.updateOne({ _id: id }, { $push: { flags: flag } });
  }

  /** How many approved verified-customer reviews the company got since `since` (ISO time): the Top Rated badge's count. */
  verifiedApprovedSince(companyId: string, since: string): Promise<number> {
    return this.reviews.count({ companyId, status: 'approved', verifiedCustomer: true, createdAt: { $gte: since } });
  }

  /** Rating (average, one decimal) and count of the company's approved reviews. */
  async approvedStats(companyId: string): Promise<{ rating: number; reviewCount: number }> {
    return ratingOf(await this.reviews.find({ companyId, status: 'approved' }));
  }
}
