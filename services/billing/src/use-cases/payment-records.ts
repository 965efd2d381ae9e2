import { randomUUID } from 'node:crypto';
import type { ClaimerDetails, ClaimSubmittedV1, PaymentSucceededV1, ProcessPaymentSuccessResponse } from '@limo/contracts';
import { badRequest, conflict, HttpError, notFound } from '@limo/platform';
import { newEvent } from '../domain/events.js';
import { claimNextSteps } from '../domain/plans.js';
import type { PaymentsProvider } from '../payments/payments.port.js';
import type { ClaimDoc } from '../repositories/claims.repository.js';
import type { PaymentDoc } from '../repositories/payments.repository.js';
import { LIVE_USERS } from '../repositories/read-models.repository.js';
import { findCompany, MESSAGES, PAYMENT_INTENT_ID, type UseCaseDeps } from './context.js';

/*
 * What a succeeded payment leads to, shared by the payment-success page, the webhooks and the
 * listing flow: the success recorded once, the claim or listing it pays for, or its refund.
 */

/** A payment as the provider reports it, checked against what the server bound it to; 4xx otherwise. */
export async function verifiedPayment(
  d: UseCaseDeps,
  paymentIntentId: string,
): Promise<{ payment: PaymentDoc; provider: PaymentsProvider }> {
  const payment = PAYMENT_INTENT_ID.test(paymentIntentId) ? await d.payments.findById(paymentIntentId) : null;
  if (!payment) throw notFound(MESSAGES.paymentNotFound);
  const provider = await d.registry.current();
  const pi = await provider.retrievePaymentIntent(payment._id);
  if (!pi) throw notFound(MESSAGES.paymentNotFound);
  if (pi.status !== 'succeeded') {
    throw new HttpError(
      402,
      `The payment has not succeeded (status: ${pi.status})${pi.lastError ? `: ${pi.lastError.replace(/\.$/, '')}` : ''}. Nothing was created.`,
    );
  }
  if (pi.amount !== payment.amount || pi.currency !== payment.currency) {
    d.logger.error({ paymentIntentId, charged: pi.amount, expected: payment.amount }, 'payment amount differs from the plan');
    throw badRequest('The amount paid does not match the plan. Please contact support.');
  }
  await recordSuccess(d, payment, new Date().toISOString());
  return { payment, provider };
}

/** Records a payment's success once (`payment.succeeded.v1`), then completes a paid listing or an upgrade. */
export async function recordSuccess(d: UseCaseDeps, payment: PaymentDoc, at: string): Promise<void> {
  const data: PaymentSucceededV1['data'] = {
    paymentIntentId: payment._id,
    provider: payment.provider,
    plan: payment.plan,
    purpose: payment.purpose,
    amount: payment.amount,
    currency: payment.currency,
    companyId: payment.companyId,
    userId: payment.userId,
    customerId: payment.customerId,
    subscriptionId: payment.subscriptionId,
    succeededAt: at,
  };
  await d.payments.markSucceeded(payment._id, at, newEvent('payment.succeeded.v1', payment.companyId ?? payment._id, data, at));
  if (payment.purpose !== 'business_listing' || !payment.companyId) return;
  if (payment.upgrade && payment.userId) {
    // The owner's own company becomes paid: the same company, no new listing.
    await d.payments.markUsed(payment._id, { companyId: payment.companyId });
    await d.subscriptions.setOwner(payment.subscriptionId, { userId: payment.userId, companyId: payment.companyId });
    return;
  }
  await completeListing(d, payment.companyId, payment, at);
}

/** Marks the listing paid once and hands its subscription to the owner (announced active). */
export async function completeListing(d: UseCaseDeps, listingId: string, payment: PaymentDoc, at: string): Promise<void> {
  const paid = await d.listings.markPaid(listingId, payment._id, payment.subscriptionId, at);
  const listing = paid ?? (await d.listings.findById(listingId));
  if (listing?.status === 'paid' && listing.paymentIntentId === payment._id) {
    await d.payments.markUsed(payment._id, { companyId: listing._id });
    await d.subscriptions.setOwner(payment.subscriptionId, { userId: listing.userId, companyId: listing._id });
  }
}

/**
 * Inserts the claim of a succeeded claim payment exactly once (with `claim.submitted.v1`), unless the
 * company is owned or holds another payment's open claim: then the payment is refunded and 409.
 * A signed-out payer who named the e-mail of an existing account gets an unlinked claim, flagged for
 * the admin (identity links and mails no stranger's account).
 */
export async function createClaim(
  d: UseCaseDeps,
  payment: PaymentDoc,
  userId: string | null,
  details: ClaimerDetails,
  provider: PaymentsProvider,
): Promise<ClaimDoc> {
  const companyId = payment.companyId;
  if (!companyId) throw badRequest(MESSAGES.companyRequired, 'companyId');
  const existing = await d.claims.findByPaymentIntent(payment._id);
  if (existing) return existing;
  const company = await findCompany(d, companyId);
  const open = await d.claims.openClaimFor(companyId);
  if (
    company?.owned ||
    (open && open.stripePaymentIntentId !== payment._id) ||
    !(await d.claims.reserveOpenClaim(companyId, payment._id))
  ) {
    await refundUnclaimable(d, payment, provider);
    throw conflict(MESSAGES.claimedMeanwhile);
  }
  const taken = userId === null && (await d.readModels.users.findOne({ ...LIVE_USERS, email: details.email.toLowerCase() })) !== null;
  const now = new Date().toISOString();
  const doc: ClaimDoc = {
    _id: randomUUID(),
    companyId,
    userId,
    companyName: company?.name ?? '',
    claimerName: details.name,
    claimerEmail: details.email,
    claimerPhone: details.phone,
    businessRole: details.role,
    stripePaymentIntentId: payment._id,
    subscriptionId: payment.subscriptionId,
    paymentAmount: payment.amount,
    status: 'pending',
    adminNotes: null,
    verificationDocuments: [],
    approvedAt: null,
    approvedBy: null,
    rejectedAt: null,
    rejectedBy: null,
    refundStatus: 'none',
    refundId: null,
    accountReview: taken ? 'email-of-another-account' : null,
    createdAt: now,
    updatedAt: now,
  };
  const submitted: ClaimSubmittedV1['data'] = {
    claimId: doc._id,
    companyId,
    companyName: doc.companyName,
    userId,
    claimerName: doc.claimerName,
    claimerEmail: doc.claimerEmail,
    claimerPhone: doc.claimerPhone,
    businessRole: doc.businessRole,
    paymentAmount: doc.paymentAmount,
    paymentIntentId: payment._id,
    submittedAt: now,
  };
  const { claim } = await d.claims.insertOnce(doc, [newEvent('claim.submitted.v1', companyId, submitted, now)]);
  await d.payments.markUsed(payment._id, { claimId: claim._id });
  // The payer sees the subscription at once, "active · verification pending"; it is announced on approval.
  await d.subscriptions.setOwner(payment.subscriptionId, {
    companyId,
    verification: 'pending',
    ...(claim.userId && { userId: claim.userId }),
  });
  return claim;
}

/** A claim payment for a company someone else claimed meanwhile: its subscription ends now and it is refunded. */
async function refundUnclaimable(d: UseCaseDeps, payment: PaymentDoc, provider: PaymentsProvider): Promise<void> {
  d.logger.warn({ paymentIntentId: payment._id, companyId: payment.companyId }, 'claim payment for a company claimed meanwhile: refunding');
  const state = await provider.cancelSubscription(payment.subscriptionId, {
    atPeriodEnd: false,
    idempotencyKey: `claim-conflict-cancel:${payment._id}`,
  });
  await d.subscriptions.applyProviderState(payment.subscriptionId, state, new Date().toISOString());
  const refund = await provider.refundPayment(payment._id, { idempotencyKey: `claim-conflict-refund:${payment._id}` });
  await d.payments.markRefunded(payment._id, {
    refundId: refund.refundId,
    amount: payment.amount,
    at: new Date().toISOString(),
    reason: 'claimed meanwhile',
  });
}

/** What the payment-success page reads of a claim (§2.3). */
export function successAnswer(
  d: UseCaseDeps,
  claim: ClaimDoc,
  passwordSetupRequired: boolean,
  testMode = true,
): ProcessPaymentSuccessResponse {
  return {
    plan: 'claim',
    claimId: claim._id,
    companyId: claim.companyId,
    companyName: claim.companyName,
    paymentAmount: claim.paymentAmount,
    status: claim.status,
    dashboardAccess: {
      email: claim.claimerEmail,
      passwordSetupRequired,
      loginUrl: `${d.publicUrl}/login`,
      dashboardUrl: `${d.publicUrl}/dashboard`,
    },
    nextSteps: claimNextSteps(passwordSetupRequired, claim.claimerEmail),
    testMode,
  };
}
