import { conflict, DuplicateKeyError, exclusively, keyDigest } from '@limo/platform';
import type { DirectoryDeps } from '../deps.js';
import { reviewFingerprint, type ReviewDoc } from '../domain/review.js';
import type { ReviewsRepository } from '../repositories/reviews.repository.js';

/** The same review (name and comment) again within this window is refused. */
const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;
const DUPLICATE_MESSAGE = 'You already submitted this review. It will be visible once approved.';
/** How long a review being stored holds its key at the most (a crashed request's runs out). */
const SUBMIT_CLAIM_MS = 60_000;

/**
 * Stores a pending review (`POST /api/reviews`). Without a review link, the same review again within a
 * day is a 409; posted twice at once (a double click, a retry while the first is stored) the check and
 * the write run one at a time across replicas, the other answering the same 409. Through a link, its
 * quote's unique id lets one through.
 */
export async function submitReview(
  { ctx, reviews }: Pick<DirectoryDeps, 'ctx' | 'reviews'>,
  input: Parameters<ReviewsRepository['submit']>[0],
  now: Date,
): Promise<ReviewDoc> {
  const store = () =>
    reviews.submit(input).catch((err: unknown) => {
      if (err instanceof DuplicateKeyError) throw conflict('This review link was already used');
      throw err;
    });
  if (input.quoteId !== undefined) return store();
  const fingerprint = reviewFingerprint(input.reviewerName, input.comment);
  const key = `review-submit:${input.companyId}:${keyDigest(fingerprint)}`;
  return exclusively(ctx.cache, key, { ttlMs: SUBMIT_CLAIM_MS, conflictMessage: DUPLICATE_MESSAGE }, async () => {
    const since = new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString();
    if (await reviews.findDuplicate(input.companyId, fingerprint, since)) throw conflict(DUPLICATE_MESSAGE);
    return store();
  });
}
