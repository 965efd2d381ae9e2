import { z } from 'zod';
import { eventSchema } from './envelope.js';

/**
 * An admin approved a business claim: the claimer now owns the listing. The directory sets
 * `claimed`, `claimedAt`, the owner (`userId`) and `businessVerified` on the company.
 * Key: the company id.
 */
export const claimApprovedV1 = eventSchema(
  'claim.approved.v1',
  z.object({
    claimId: z.string(),
    companyId: z.string(),
    /** The account that now owns the listing. */
    userId: z.string(),
    claimedAt: z.string(),
    /** True once the admin checked the claimer really runs the business (full edit rights). */
    businessVerified: z.boolean(),
    approvedBy: z.string().nullable().optional(),
  }),
);
export type ClaimApprovedV1 = z.infer<typeof claimApprovedV1>;

/** The $75/year subscription of a company is paid and running: the listing is premium (featured). Key: the company id. */
export const subscriptionActivatedV1 = eventSchema(
  'subscription.activated.v1',
  z.object({
    subscriptionId: z.string(),
    companyId: z.string(),
    userId: z.string(),
    status: z.literal('active'),
    startedAt: z.string(),
    /** End of the paid period (renews automatically unless canceled). */
    currentPeriodEnd: z.string().nullable(),
  }),
);
export type SubscriptionActivatedV1 = z.infer<typeof subscriptionActivatedV1>;

/**
 * The subscription stopped: publish it when the premium period is over (a cancellation takes effect
 * at the end of the paid period, owner-admin §1), or at once for a refund. The listing stops being
 * featured. Key: the company id.
 */
export const subscriptionCanceledV1 = eventSchema(
  'subscription.canceled.v1',
  z.object({
    subscriptionId: z.string(),
    companyId: z.string(),
    userId: z.string(),
    canceledAt: z.string(),
    /** When the paid period ended (or ends), if known. */
    endedAt: z.string().nullable(),
  }),
);
export type SubscriptionCanceledV1 = z.infer<typeof subscriptionCanceledV1>;
