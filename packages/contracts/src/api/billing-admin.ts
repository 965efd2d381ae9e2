import { z } from 'zod';
import { claimStatusSchema, paymentProviderSchema, paymentPurposeSchema, planIdSchema, subscriptionViewSchema } from './billing.js';

// The admin's money tools (issue 17): the payments ledger, refunds, subscriptions.

export const ledgerStatusSchema = z.enum(['open', 'succeeded', 'failed', 'refunded'], {
  error: 'Status must be open, succeeded, failed or refunded',
});
export type LedgerStatus = z.infer<typeof ledgerStatusSchema>;

/** `GET /api/admin/payments?status=&q=`: `q` searches the payer's e-mail and the company's name. */
/** How many payments one page of the admin ledger holds. */
export const ADMIN_PAYMENTS_PAGE_SIZE = 50;

export const adminPaymentListQuerySchema = z.object({
  status: ledgerStatusSchema.optional(),
  q: z.string().trim().max(200, 'Search is too long').optional(),
  /** 1-based; 50 a page, newest first; the total matching is in the `X-Total-Count` header. */
  page: z.coerce
    .number({ error: 'Page must be a whole number of 1 or more' })
    .int('Page must be a whole number of 1 or more')
    .min(1, 'Page must be a whole number of 1 or more')
    .max(100_000, 'Page must be a whole number of 1 or more')
    .optional(),
});

/** One payment of the ledger: what was charged, by whom, for what, and its refund. */
export const adminPaymentSchema = z.object({
  id: z.string(),
  provider: paymentProviderSchema,
  purpose: paymentPurposeSchema,
  plan: planIdSchema,
  /** Cents. */
  amount: z.number().int(),
  currency: z.string(),
  status: ledgerStatusSchema,
  lastError: z.string().nullable(),
  payerEmail: z.string().nullable(),
  payerUserId: z.string().nullable(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  /** The claim this payment made, if any. */
  claim: z.object({ id: z.string(), status: claimStatusSchema }).nullable(),
  /** The paid listing this payment made, if any. */
  listing: z.object({ id: z.string(), status: z.string() }).nullable(),
  /** True when it paid for its payer's own free listing (`companyId`), an upgrade: no new listing is made. */
  upgrade: z.boolean(),
  subscriptionId: z.string(),
  createdAt: z.string(),
  succeededAt: z.string().nullable(),
  refund: z
    .object({ refundId: z.string().nullable(), refundedAt: z.string().nullable(), reason: z.string().nullable(), amount: z.number().int() })
    .nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentListResponseSchema = z.array(adminPaymentSchema);

/** `POST /api/admin/payments/{id}/refund`: refunds in full and ends the subscription at once. */
export const adminRefundBodySchema = z.object({ reason: z.string().trim().max(500, 'Reason is too long').optional() }).nullish();
export const adminRefundResponseSchema = z.object({ message: z.string(), payment: adminPaymentSchema });

/** `GET /api/admin/subscriptions`: every subscription with its company, payer and amount, newest first. */
export const adminSubscriptionSchema = subscriptionViewSchema.extend({
  companyName: z.string().nullable(),
  email: z.string().nullable(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;
export const adminSubscriptionListResponseSchema = z.array(adminSubscriptionSchema);

/** `POST /api/admin/subscriptions/{id}/cancel`. */
export const adminCancelSubscriptionBodySchema = z.object({
  atPeriodEnd: z.boolean({ error: 'atPeriodEnd must be true or false' }),
});
export const adminCancelSubscriptionResponseSchema = z.object({ message: z.string(), subscription: adminSubscriptionSchema });
