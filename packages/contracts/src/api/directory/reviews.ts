import { z } from 'zod';
import { reviewStatusSchema } from '../../events/directory.events.js';
import { requiredString } from '../common.js';
import { optionalText } from './fields.js';

/** A review (public-side §3). Public pages only ever receive approved ones. */
export const reviewSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  reviewerName: z.string(),
  status: reviewStatusSchema,
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A review in the admin lists, with its company's name. */
export const adminReviewSchema = reviewSchema.extend({ companyName: z.string().nullable() });
export type AdminReview = z.infer<typeof adminReviewSchema>;

// ---------------------------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------------------------

/** `POST /api/reviews` (public-side §5). `website` is a honeypot: people leave it empty. */
export const reviewCreateBodySchema = z.object({
  companyId: requiredString('Company is required').trim().min(1, 'Company is required').max(64, 'Company not found'),
  rating: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'Please select a rating from 1 to 5' })
      .int('Please select a rating from 1 to 5')
      .min(1, 'Please select a rating from 1 to 5')
      .max(5, 'Please select a rating from 1 to 5'),
  ),
  reviewerName: requiredString('Please enter your name')
    .trim()
    .min(1, 'Please enter your name')
    .max(100, 'Name must be at most 100 characters'),
  comment: optionalText('Comment', 2000),
  website: z.string().max(500).optional(),
});
export type ReviewCreateBody = z.output<typeof reviewCreateBodySchema>;
