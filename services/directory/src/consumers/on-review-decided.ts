import { reviewEventDataSchema } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { TopRatedJudge } from '../operations/top-rated.js';
import type { ReviewsRepository } from '../repositories/reviews.repository.js';

/** Review events that can change a company's approved rating. */
export const RATING_TOPICS = ['review.approved.v1', 'review.rejected.v1', 'review.deleted.v1'];

/**
 * Recounts the company's rating and review count from its approved reviews and stores them on the
 * company with its Top Rated badge judged again (whose `company.updated.v1` then refreshes the search
 * index). Counting from the reviews themselves makes a repeated or reordered event harmless.
 */
export const onReviewDecided =
  (judge: TopRatedJudge, reviews: ReviewsRepository, now: () => Date): EventHandler =>
  async (event) => {
    const { companyId } = reviewEventDataSchema.parse(event.data);
    await judge.applyRating(companyId, await reviews.approvedStats(companyId), now());
  };
