import { RESPONSIVENESS_MIN_LEADS } from '@limo/contracts';
import type { CompanyDoc } from './company.js';

/** A company's responsiveness as quotes last published it (`company.responsiveness.v1`). */
export type StoredResponsiveness = NonNullable<CompanyDoc['responsiveness']>;

/**
 * The Top Rated badge's criteria (docs/directory.md), after Thumbtack's Top Pro: a rating of at least 4.8, at
 * least 5 approved verified-customer reviews in the last 12 months, and at least 75% of the leads of
 * the last 30 days (at least 3 of them) marked contacted within 4 business hours (FAST_REPLY_BUSINESS_HOURS); never on a suspended listing.
 */
const TOP_RATED = { minRating: 4.8, minVerifiedReviews: 5, reviewMonths: 12, minFastReplyShare: 0.75 } as const;

/** A company answering most of its leads within a business day ranks above the others (docs/directory.md). */
const RESPONSIVE = { minReplyRate: 0.5, maxMedianHours: 8 } as const;

const enoughLeads = (r: StoredResponsiveness | null | undefined): r is StoredResponsiveness =>
  Boolean(r && r.leadCount >= RESPONSIVENESS_MIN_LEADS);

/** Median business hours to the reply mark, shown with at least 3 leads in the window; else null. */
export const responseTimeHours = (c: CompanyDoc): number | null =>
  enoughLeads(c.responsiveness) ? c.responsiveness.medianBusinessHours : null;

/** Share of the window's leads replied to (two decimals), with at least 3 leads; else null. */
export const responseRate = (c: CompanyDoc): number | null =>
  enoughLeads(c.responsiveness) ? Math.round((c.responsiveness.repliedCount / c.responsiveness.leadCount) * 100) / 100 : null;

/** 75% of the window's leads (at least 3) replied to within 4 business hours (quotes counts them). */
export const answersFast = (r: StoredResponsiveness | null | undefined): boolean =>
  enoughLeads(r) && r.fastReplyCount / r.leadCount >= TOP_RATED.minFastReplyShare;

/** The first day (ISO time) of the review window of the Top Rated badge, as of `now`. */
export function topRatedReviewsSince(now: Date): string {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - TOP_RATED.reviewMonths);
  return since.toISOString();
}

/** Whether the company earns Top Rated, given its approved verified-customer reviews of the last 12 months. */
export function earnsTopRated(c: Pick<CompanyDoc, 'rating' | 'suspendedAt' | 'responsiveness'>, recentVerifiedReviews: number): boolean {
  return (
    c.suspendedAt === null &&
    c.rating >= TOP_RATED.minRating &&
    recentVerifiedReviews >= TOP_RATED.minVerifiedReviews &&
    answersFast(c.responsiveness)
  );
}

/**
 * The responsiveness tier search ranks by (best match): 2 for Top Rated, 1 for a responsive company
 * (at least 3 leads, half of them or more replied to, a median of 8 business hours or less), 0 otherwise.
 */
export function responsiveTier(c: CompanyDoc): 0 | 1 | 2 {
  if (c.topRated === true && c.suspendedAt === null) return 2;
  const r = c.responsiveness;
  if (!enoughLeads(r) || r.medianBusinessHours === null) return 0;
  return r.repliedCount / r.leadCount >= RESPONSIVE.minReplyRate && r.medianBusinessHours <= RESPONSIVE.maxMedianHours ? 1 : 0;
}
