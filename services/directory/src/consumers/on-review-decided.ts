import { reviewApprovedV1, reviewDeletedV1, reviewRejectedV1, type ReviewEventData } from '@limo/contracts';
import type { EventEnvelope, EventHandler } from '@limo/platform';
import type { TopRatedJudge } from '../use-cases/top-rated.js';
import type { ReviewsRepository } from '../repositories/reviews.repository.js';

/** Review events that can change a company's approved rating. */
export const ratingEvents = [reviewApprovedV1, reviewRejectedV1, reviewDeletedV1] as const;

/**
 * Recounts the company's rating and review count from its approved reviews and stores them on the
 * company with its Top Rated badge judged again (whose `company.updated.v1` then refreshes the search
 * index). Counting from the reviews themselves makes a repeated or reordered event harmless.
 */
export const onReviewDecided =
  (judge: TopRatedJudge, reviews: ReviewsRepository, now: () => Date): EventHandler<EventEnvelope<ReviewEventData>> =>
  async ({ data: { companyId } }) => {
    await judge.applyRating(companyId, await reviews.approvedStats(companyId), now());
  };
