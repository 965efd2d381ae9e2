import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredResponsiveness } from '../../src/domain/responsiveness.js';
import { directoryWorld, type DirectoryWorld } from './support.js';

// The Top Rated badge (docs/directory.md): a 4.8 rating, 5 approved verified-customer reviews in the
// last 12 months, 75% of at least 3 leads answered within 4 business hours, never on a suspended listing.

let w: DirectoryWorld;
beforeEach(async () => {
  w = await directoryWorld();
});

const now = new Date('2026-11-25T12:00:00Z');
const fast = (computedAt: string): StoredResponsiveness => ({
  leadCount: 4,
  repliedCount: 4,
  fastReplyCount: 3,
  medianBusinessHours: 1.5,
  computedAt,
});

/** `n` approved reviews of the company by customers of its quotes, posted at `createdAt`. */
async function verifiedReviews(companyId: string, n: number, createdAt = '2026-06-01T00:00:00.000Z'): Promise<void> {
  for (let i = 0; i < n; i++) {
    const review = await w.reviews.submit({
      companyId,
      userId: null,
      rating: 5,
      comment: `Great ride number ${i}, on time and clean`,
      reviewerName: `Rider ${i}`,
      ipHash: null,
      deviceHash: null,
      quoteId: `quote-${companyId}-${createdAt}-${i}`,
    });
    await w.reviews.reviews.updateOne({ _id: review._id }, { $set: { status: 'approved', createdAt } });
  }
}

describe('the Top Rated badge', () => {
  it('is earned when the responsiveness arrives on a company rated 4.8 with 5 recent verified reviews', async () => {
    const company = await w.company({ rating: 4.8, reviewCount: 5 });
    await verifiedReviews(company._id, 5);
    await w.topRated.applyResponsiveness(company._id, fast('2026-11-25T00:00:00.000Z'), now);
    expect(await w.companies.findById(company._id)).toMatchObject({ topRated: true, responsiveness: fast('2026-11-25T00:00:00.000Z') });
  });

  it('is not earned with 4 recent verified reviews, nor with reviews older than 12 months', async () => {
    const company = await w.company({ rating: 5, reviewCount: 9 });
    await verifiedReviews(company._id, 4);
    await verifiedReviews(company._id, 5, '2025-11-24T00:00:00.000Z');
    await w.topRated.applyResponsiveness(company._id, fast('2026-11-25T00:00:00.000Z'), now);
    expect(await w.companies.findById(company._id)).toMatchObject({ topRated: false });
  });

  it('keeps a responsiveness computed later than the one arriving (a late or replayed event)', async () => {
    const company = await w.company({ rating: 4.9 });
    await w.topRated.applyResponsiveness(company._id, fast('2026-11-25T00:00:00.000Z'), now);
    const stored = await w.companies.findById(company._id);
    await w.topRated.applyResponsiveness(company._id, { ...fast('2026-11-24T00:00:00.000Z'), leadCount: 9 }, now);
    await w.topRated.applyResponsiveness(company._id, { ...fast('2026-11-25T00:00:00.000Z'), leadCount: 9 }, now);
    expect(await w.companies.findById(company._id)).toEqual(stored);
    await w.topRated.applyResponsiveness(company._id, { ...fast('2026-11-26T00:00:00.000Z'), leadCount: 9 }, now);
    expect((await w.companies.findById(company._id))?.responsiveness?.leadCount).toBe(9);
  });

  it('follows the rating: given with it, taken away when it drops, and no write when nothing changed', async () => {
    const company = await w.company({ responsiveness: fast('2026-11-25T00:00:00.000Z') });
    await verifiedReviews(company._id, 5);
    await w.topRated.applyRating(company._id, { rating: 4.8, reviewCount: 5 }, now);
    expect(await w.companies.findById(company._id)).toMatchObject({ rating: 4.8, reviewCount: 5, topRated: true, version: 2 });
    await w.topRated.applyRating(company._id, { rating: 4.8, reviewCount: 5 }, now);
    expect((await w.companies.findById(company._id))?.version).toBe(2);
    await w.topRated.applyRating(company._id, { rating: 4.8, reviewCount: 6 }, now);
    expect(await w.companies.findById(company._id)).toMatchObject({ reviewCount: 6, topRated: true, version: 3 });
    await w.topRated.applyRating(company._id, { rating: 4.7, reviewCount: 6 }, now);
    expect(await w.companies.findById(company._id)).toMatchObject({ rating: 4.7, topRated: false, version: 4 });
    expect(await w.events('company.updated.v1')).toHaveLength(3);
  });

  it('is taken from holders whose verified reviews left the 12 months, by the periodic check', async () => {
    const keeps = await w.company({ rating: 5, responsiveness: fast('2026-11-25T00:00:00.000Z') });
    await verifiedReviews(keeps._id, 5, '2026-10-01T00:00:00.000Z');
    const loses = await w.company({ rating: 5, responsiveness: fast('2026-11-25T00:00:00.000Z') });
    await verifiedReviews(loses._id, 5, '2025-12-01T00:00:00.000Z');
    const never = await w.company({ rating: 5 });
    for (const c of [keeps, loses]) await w.topRated.applyRating(c._id, { rating: 5, reviewCount: 5 }, now);
    expect((await w.companies.find({ topRated: true })).map((c) => c._id).sort()).toEqual([keeps._id, loses._id].sort());

    expect(await w.topRated.recheck(new Date('2026-12-15T00:00:00Z'))).toBe(1);
    expect((await w.companies.findById(loses._id))?.topRated).toBe(false);
    expect((await w.companies.findById(keeps._id))?.topRated).toBe(true);
    expect((await w.companies.findById(never._id))?.version).toBe(1);
    expect(await w.topRated.recheck(new Date('2026-12-15T00:00:00Z'))).toBe(0);
  });
});
