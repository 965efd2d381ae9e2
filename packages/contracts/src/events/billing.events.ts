import { z } from 'zod';
import { companyListingFields } from './directory.events.js';
import { eventSchema } from './envelope.js';

const businessRole = z.enum(['owner', 'manager', 'admin', 'employee']);
const provider = z.enum(['stripe', 'simulator']);
const purpose = z.enum(['claim', 'business_listing']);

/**
 * A payment of the yearly plan succeeded at the provider (first invoice or a renewal), as billing
 * verified it (webhook or the provider's answer). Key: the company id, or the PaymentIntent id when
 * the listing does not exist yet.
 */
export const paymentSucceededV1 = eventSchema('payment.succeeded.v1', {
  paymentIntentId: z.string(),
  provider,
  plan: z.string(),
  purpose,
  /** Cents, as the provider charged it. */
  amount: z.number().int(),
  currency: z.string(),
  companyId: z.string().nullable(),
  userId: z.string().nullable(),
  customerId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  succeededAt: z.string(),
});
export type PaymentSucceededV1 = z.infer<typeof paymentSucceededV1>;

/** A claim, its company and its claimer, as the submitted and the rejected claim carry them. */
const claimantFields = {
  claimId: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  userId: z.string().nullable(),
  claimerName: z.string(),
  claimerEmail: z.string(),
};

/**
 * A paid claim waits for an admin. `userId` is the signed-in claimer's account, or null: identity
 * then finds the account by e-mail or creates a business account and mails a set-password link,
 * and answers with `claim.claimant-linked.v1`. Key: the company id.
 */
export const claimSubmittedV1 = eventSchema('claim.submitted.v1', {
  ...claimantFields,
  claimerPhone: z.string(),
  businessRole,
  /** Cents. */
  paymentAmount: z.number().int(),
  paymentIntentId: z.string(),
  submittedAt: z.string(),
});
export type ClaimSubmittedV1 = z.infer<typeof claimSubmittedV1>;

/**
 * Identity's answer to `claim.submitted.v1`: the account the claim belongs to (found by e-mail, or
 * created with a mailed set-password link when `accountCreated`). Key: the claim id.
 */
export const claimClaimantLinkedV1 = eventSchema('claim.claimant-linked.v1', {
  claimId: z.string(),
  companyId: z.string(),
  userId: z.string(),
  email: z.string(),
  accountCreated: z.boolean(),
});
export type ClaimClaimantLinkedV1 = z.infer<typeof claimClaimantLinkedV1>;

/**
 * An admin approved a business claim: the claimer now owns the listing. The directory sets
 * `claimed`, `claimedAt`, the owner (`userId`) and `businessVerified` on the company.
 * Key: the company id.
 */
export const claimApprovedV1 = eventSchema('claim.approved.v1', {
  claimId: z.string(),
  companyId: z.string(),
  /** The account that now owns the listing. */
  userId: z.string(),
  claimedAt: z.string(),
  /** True once the admin checked the claimer really runs the business (full edit rights). */
  businessVerified: z.boolean(),
  approvedBy: z.string().nullable().optional(),
  claimerEmail: z.string().optional(),
  companyName: z.string().optional(),
});
export type ClaimApprovedV1 = z.infer<typeof claimApprovedV1>;

/**
 * An admin rejected a claim. Billing's own consumer then refunds `refundAmount` through the provider,
 * cancels the subscription at once and mails the claimer. Key: the company id.
 */
export const claimRejectedV1 = eventSchema('claim.rejected.v1', {
  ...claimantFields,
  reason: z.string().nullable(),
  /** Cents refunded. */
  refundAmount: z.number().int(),
  rejectedAt: z.string(),
  rejectedBy: z.string().nullable(),
});
export type ClaimRejectedV1 = z.infer<typeof claimRejectedV1>;

/** A subscription, its company and its payer's account, as its activation and its end carry them. */
const subscriptionFields = {
  subscriptionId: z.string(),
  companyId: z.string(),
  userId: z.string(),
};

/** The $75/year subscription of a company is paid and running: the listing is premium (featured). Key: the company id. */
export const subscriptionActivatedV1 = eventSchema('subscription.activated.v1', {
  ...subscriptionFields,
  status: z.literal('active'),
  startedAt: z.string(),
  /** End of the paid period (renews automatically unless canceled). */
  currentPeriodEnd: z.string().nullable(),
});
export type SubscriptionActivatedV1 = z.infer<typeof subscriptionActivatedV1>;

/**
 * The subscription stopped: publish it when the premium period is over (a cancellation takes effect
 * at the end of the paid period, owner-admin §1), or at once for a refund. The listing stops being
 * featured. Key: the company id.
 */
export const subscriptionCanceledV1 = eventSchema('subscription.canceled.v1', {
  ...subscriptionFields,
  canceledAt: z.string(),
  /** When the paid period ended (or ends), if known. */
  endedAt: z.string().nullable(),
});
export type SubscriptionCanceledV1 = z.infer<typeof subscriptionCanceledV1>;

/** The business listing payload of the paid listing flow, as the directory stores it. */
export const listingCompanySchema = z.object({
  ...companyListingFields,
  businessEmail: z.string().nullable(),
  seoKeywords: z.string().nullable(),
  seoTags: z.string().nullable(),
  fullAddress: z.string().nullable(),
});
export type ListingCompany = z.infer<typeof listingCompanySchema>;

/**
 * A paid listing's payment succeeded (owner-admin §2.5): the directory creates the company with this
 * id, owned by `userId`, claimed and active. Billing keeps an unpaid listing to itself and publishes
 * this once, when its payment succeeded. Key: the company id.
 */
export const listingRegisteredV1 = eventSchema('listing.registered.v1', {
  companyId: z.string(),
  userId: z.string(),
  company: listingCompanySchema,
  isPaid: z.literal(true),
  paymentIntentId: z.string(),
  subscriptionId: z.string().nullable(),
  registeredAt: z.string(),
});
export type ListingRegisteredV1 = z.infer<typeof listingRegisteredV1>;

/**
 * Billing's own: a verified provider webhook was stored (de-duplicated by its id) and waits for
 * billing's consumer. The event itself stays in billing's store. Key: the provider object's id.
 */
export const paymentProviderEventReceivedV1 = eventSchema('payment-provider.event-received.v1', {
  eventId: z.string(),
  eventType: z.string(),
  provider,
  objectId: z.string(),
});
export type PaymentProviderEventReceivedV1 = z.infer<typeof paymentProviderEventReceivedV1>;
