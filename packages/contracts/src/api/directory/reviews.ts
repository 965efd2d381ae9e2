import { z } from 'zod';
import { reviewStatusSchema } from '../../events/directory.events.js';
import { requiredText } from '../common.js';
import { optionalText, reasonField } from './fields.js';

/** An owner's reply as the public sees it: only once an admin approved it. */
export const reviewReplySchema = z.object({ text: z.string(), createdAt: z.string() });
export type ReviewReply = z.infer<typeof reviewReplySchema>;

/** A review (public-side §3). Public pages only ever receive approved ones. */
export const reviewSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  reviewerName: z.string(),
  status: reviewStatusSchema,
  createdAt: z.string(),
  /** Posted through the single-use link mailed after a quote request (issue 21). */
  verifiedCustomer: z.boolean(),
  /** The company owner's approved reply, if any. */
  reply: reviewReplySchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** The owner's reply as its author and the admins see it, whatever its moderation status. */
export const ownerReplySchema = z.object({
  text: z.string(),
  status: reviewStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OwnerReply = z.infer<typeof ownerReplySchema>;

/** A flag an owner raised on a review of their company. */
export const reviewFlagSchema = z.object({ reason: z.string(), flaggedBy: z.string().nullable(), createdAt: z.string() });
export type ReviewFlag = z.infer<typeof reviewFlagSchema>;

/** A review as the company's owner and the admins read it: the reply whatever its status, and the flags. */
export const ownerReviewSchema = reviewSchema.extend({
  ownerReply: ownerReplySchema.nullable(),
  flags: z.array(reviewFlagSchema),
});
export type OwnerReview = z.infer<typeof ownerReviewSchema>;

/**
 * What a moderator is warned about on a review: another review of the company from the same client
 * address or device, many reviews of the company in a short window, a very short text, a reviewer
 * (same address or device) who also reviewed a competitor in the same city.
 */
export const abuseSignalSchema = z.enum(['same-address', 'same-device', 'burst', 'short-text', 'competitor-reviewer']);
export type AbuseSignal = z.infer<typeof abuseSignalSchema>;

/** A review in the admin lists, with its company's name, flags and abuse signals. */
export const adminReviewSchema = ownerReviewSchema.extend({
  companyName: z.string().nullable(),
  abuseSignals: z.array(abuseSignalSchema),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

const yes = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

/** `GET /api/admin/all-reviews` and `pending-reviews` filters: an abuse signal, flagged, verified, free text. */
export const adminReviewsQuerySchema = z.object({
  signal: z.union([abuseSignalSchema, z.literal('any')], { error: 'Unknown abuse signal' }).optional(),
  flagged: yes,
  verifiedCustomer: yes,
  /** Replies waiting for moderation only. */
  pendingReply: yes,
  /** Matched against reviewer name, comment, company name and reply text. */
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
});
export type AdminReviewsQuery = z.output<typeof adminReviewsQuerySchema>;

/** `?verifiedCustomer=true` on a company's page and reviews: only reviews of verified customers (and their rating). */
export const companyReviewsQuerySchema = z.object({ verifiedCustomer: yes });

// ---------------------------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------------------------

const reviewerName = requiredText('Please enter your name', 100, 'Name must be at most 100 characters');

/**
 * `POST /api/reviews` (public-side §5). `website` is a honeypot: people leave it empty. With a
 * `reviewToken` (the link mailed after a quote request) the name comes from the quote.
 */
export const reviewCreateBodySchema = z
  .object({
    companyId: requiredText('Company is required', 64, 'Company not found'),
    rating: z.preprocess(
      (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
      z
        .number({ error: 'Please select a rating from 1 to 5' })
        .int('Please select a rating from 1 to 5')
        .min(1, 'Please select a rating from 1 to 5')
        .max(5, 'Please select a rating from 1 to 5'),
    ),
    reviewerName: reviewerName.optional(),
    comment: optionalText('Comment', 2000),
    website: z.string().max(500).optional(),
    reviewToken: z.string().trim().min(1).max(2000, 'This review link is not valid').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.reviewToken === undefined && body.reviewerName === undefined) {
      ctx.addIssue({ code: 'custom', path: ['reviewerName'], message: 'Please enter your name' });
    }
  });
export type ReviewCreateBody = z.output<typeof reviewCreateBodySchema>;

/** `POST|PUT /api/reviews/{id}/reply`: the owner's reply. */
export const reviewReplyBodySchema = z.object({
  text: requiredText('Please write a reply', 2000, 'The reply must be at most 2000 characters'),
});

/** `POST /api/reviews/{id}/flag`: why the owner thinks the review is fake or abusive. */
export const reviewFlagBodySchema = z.object({
  reason: reasonField,
});

/** `GET /api/reviews/links?reviewToken=`: what a mailed review link stands for, to prefill the form. */
export const reviewLinkSchema = z.object({
  companyId: z.string(),
  reviewerName: z.string(),
  expiresAt: z.string(),
});
export type ReviewLink = z.infer<typeof reviewLinkSchema>;
