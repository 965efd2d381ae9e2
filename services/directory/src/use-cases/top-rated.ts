import type { CompanyChange, CompanyDoc } from '../domain/company.js';
import { earnsTopRated, topRatedReviewsSince, type StoredResponsiveness } from '../domain/responsiveness.js';
import type { CompaniesRepository } from '../repositories/companies.repository.js';
import type { ReviewsRepository } from '../repositories/reviews.repository.js';

/**
 * Keeps each company's Top Rated badge and responsiveness: judged again whenever its rating or its
 * responsiveness changes, and by the periodic check for the companies holding the badge (verified
 * reviews leave the 12-month window). Each write re-indexes the company (search filter and ranking).
 */
export class TopRatedJudge {
  constructor(
    private readonly companies: CompaniesRepository,
    private readonly reviews: ReviewsRepository,
  ) {}

  /**
   * Applies quotes' responsiveness unless the company holds one computed later (a replayed or late
   * event changes nothing), and judges the badge with it.
   */
  async applyResponsiveness(companyId: string, responsiveness: StoredResponsiveness, now: Date): Promise<void> {
    const recent = await this.reviews.verifiedApprovedSince(companyId, topRatedReviewsSince(now));
    await this.companies.update(companyId, (c) =>
      c.responsiveness && c.responsiveness.computedAt >= responsiveness.computedAt
        ? null
        : { responsiveness, topRated: earnsTopRated({ ...c, responsiveness }, recent) },
    );
  }

  /** Sets the new rating (and review count) and judges the badge with it; no write when nothing changed. */
  async applyRating(companyId: string, stats: { rating: number; reviewCount: number }, now: Date): Promise<void> {
    const recent = await this.reviews.verifiedApprovedSince(companyId, topRatedReviewsSince(now));
    await this.companies.update(companyId, (c) => changed(c, { ...stats, topRated: earnsTopRated({ ...c, ...stats }, recent) }));
  }

  /** Judges again every company holding the badge as of `now`; how many lost it. */
  async recheck(now: Date): Promise<number> {
    let lost = 0;
    for (const c of await this.companies.find({ topRated: true }, { sort: { _id: 1 } })) {
      const recent = await this.reviews.verifiedApprovedSince(c._id, topRatedReviewsSince(now));
      if (earnsTopRated(c, recent)) continue;
      await this.companies.update(c._id, (current) => (current.topRated ? { topRated: false } : null));
      lost++;
    }
    return lost;
  }
}

/** The fields of `next` whose value differs from the company's, or null when none does. */
function changed(c: CompanyDoc, next: Pick<CompanyChange, 'rating' | 'reviewCount' | 'topRated'>): CompanyChange | null {
  const diff: CompanyChange = {};
  if (next.rating !== c.rating) diff.rating = next.rating;
  if (next.reviewCount !== c.reviewCount) diff.reviewCount = next.reviewCount;
  if (next.topRated !== (c.topRated === true)) diff.topRated = next.topRated;
  return Object.keys(diff).length > 0 ? diff : null;
}
