import { conflict, DuplicateKeyError, keyDigest } from '@limo/platform';
import type { DirectoryDeps } from '../deps.js';
import { reviewFingerprint, type ReviewDoc } from '../domain/review.js';
import type { ReviewsRepository } from '../repositories/reviews.repository.js';

/** The same review (name and comment) again within this window is refused. */
const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How long a review being stored holds its claim (the store answers for it after that). */
const SUBMIT_CLAIM_MS = 60_000;

/**
 * Stores a pending review (`POST /api/reviews`). Without a review link, the same review again within a
 * day is a 409; posted twice at once (a double click, a retry while the first is stored) the first
 * claim in the shared cache lets one through. Through a link, its quote's unique id lets one through.
 */
export async function submitReview(
  { ctx, reviews }: Pick<DirectoryDeps, 'ctx' | 'reviews'>,
  input: Parameters<ReviewsRepository['submit']>[0],
  now: Date,
): Promise<ReviewDoc> {
  let claim: string | undefined;
  if (input.quoteId === undefined) {
    const fingerprint = reviewFingerprint(input.reviewerName, input.comment);
    const since = new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString();
    claim = `review-submit:${input.companyId}:${keyDigest(fingerprint)}`;
    if ((await reviews.findDuplicate(input.companyId, fingerprint, since)) || !(await ctx.cache.add(claim, 1, SUBMIT_CLAIM_MS))) {
      throw conflict('You already submitted this review. It will be visible once approved.');
    }
  }
  try {
    return await reviews.submit(input);
  } catch (err) {
    // Not stored: the same review may be posted again.
    if (claim) await ctx.cache.del(claim).catch(() => undefined);
    if (err instanceof DuplicateKeyError) throw conflict('This review link was already used');
    throw err;
  }
}
