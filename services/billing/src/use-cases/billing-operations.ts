import type {
  BusinessListingBody,
  CreatePaymentIntentBody,
  CreatePaymentIntentResponse,
  ProcessPaymentSuccessBody,
  ProcessPaymentSuccessResponse,
} from '@limo/contracts';
import type { SessionUser } from '@limo/platform';
import type { ClaimDoc } from '../repositories/claims.repository.js';
import type { ListingDoc } from '../repositories/listings.repository.js';
import type { PaymentDoc } from '../repositories/payments.repository.js';
import { createPaymentIntent } from './checkout.js';
import { approveClaim, linkClaimant, refundRejectedClaim, rejectClaim } from './claims.js';
import type { ListingCaller, UseCaseDeps } from './context.js';
import { registerListing } from './listings.js';
import { recordSuccess } from './payment-records.js';
import { processPaymentSuccess } from './payment-success.js';
import { handleProviderEvent } from './provider-events.js';
import { cancelSubscription } from './subscriptions.js';

export { type CompanyFacts, type ListingCaller } from './context.js';

/**
 * Billing's use cases (services/billing/src/use-cases), bound to their dependencies: routes and
 * consumers call these; every status change goes through the lifecycle table (domain/lifecycle.ts).
 */
export class BillingOperations {
  constructor(private readonly d: UseCaseDeps) {}

  createPaymentIntent(
    body: CreatePaymentIntentBody,
    user: SessionUser | null,
    log: { warn(obj: object, msg: string): void },
  ): Promise<CreatePaymentIntentResponse> {
    return createPaymentIntent(this.d, body, user, log);
  }

  processPaymentSuccess(body: ProcessPaymentSuccessBody, user: SessionUser | null): Promise<ProcessPaymentSuccessResponse> {
    return processPaymentSuccess(this.d, body, user);
  }

  recordSuccess(payment: PaymentDoc, at: string): Promise<void> {
    return recordSuccess(this.d, payment, at);
  }

  handleProviderEvent(eventId: string): Promise<void> {
    return handleProviderEvent(this.d, eventId);
  }

  linkClaimant(claimId: string, userId: string): Promise<void> {
    return linkClaimant(this.d, claimId, userId);
  }

  approveClaim(claimId: string, admin: SessionUser, options: { adminNotes?: string; businessVerified?: boolean }): Promise<ClaimDoc> {
    return approveClaim(this.d, claimId, admin, options);
  }

  rejectClaim(claimId: string, admin: SessionUser, options: { adminNotes?: string; reason?: string }): Promise<ClaimDoc> {
    return rejectClaim(this.d, claimId, admin, options);
  }

  refundRejectedClaim(claimId: string): Promise<void> {
    return refundRejectedClaim(this.d, claimId);
  }

  cancelSubscription(id: string): Promise<void> {
    return cancelSubscription(this.d, id);
  }

  registerListing(
    body: BusinessListingBody,
    caller: ListingCaller & { userId: string },
    paymentIntentId: string | undefined,
  ): Promise<ListingDoc> {
    return registerListing(this.d, body, caller, paymentIntentId);
  }
}
