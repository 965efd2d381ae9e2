import type { ClaimApprovedV1, ClaimRejectedV1 } from '@limo/contracts';
import { conflict, notFound, type SessionUser } from '@limo/platform';
import { newEvent } from '../domain/events.js';
import { LifecycleConflict, transition } from '../domain/lifecycle.js';
import type { ClaimDoc } from '../repositories/claims.repository.js';
import { asHttp, findCompany, MESSAGES, type UseCaseDeps } from './context.js';

/**
 * Identity found or created the claimer's account: the claim (and its pending subscription) is theirs.
 * A claim the admin approved before this owes its `claim.approved.v1`, published with the link.
 */
export async function linkClaimant(d: UseCaseDeps, claimId: string, userId: string): Promise<void> {
  // Read again when the claim changed between the read and the write (an approval meanwhile).
  for (let attempt = 0; attempt < 5; attempt++) {
    const claim = await d.claims.findById(claimId);
    if (!claim || claim.userId) return;
    const owed =
      claim.status === 'approved' && claim.approvalOwed ? [approvedEvent(claim, userId, claim.approvalOwed.businessVerified)] : [];
    if (!(await d.claims.linkUser(claim, userId, owed))) continue;
    if (claim.subscriptionId) await d.subscriptions.setOwner(claim.subscriptionId, { userId });
    return;
  }
  throw new Error(`claim ${claimId} kept changing while its account was linked`);
}

/** `claim.approved.v1` of an approved claim, owned by `userId`. */
function approvedEvent(claim: ClaimDoc, userId: string, businessVerified: boolean) {
  const at = claim.approvedAt ?? new Date().toISOString();
  const data: ClaimApprovedV1['data'] = {
    claimId: claim._id,
    companyId: claim.companyId,
    userId,
    claimedAt: at,
    businessVerified,
    approvedBy: claim.approvedBy,
    claimerEmail: claim.claimerEmail,
    companyName: claim.companyName,
  };
  return newEvent('claim.approved.v1', claim.companyId, data, new Date().toISOString());
}

/** The claim, pending (the lifecycle's message as 409 otherwise). */
async function pendingClaim(d: UseCaseDeps, claimId: string, event: 'approve' | 'reject'): Promise<ClaimDoc> {
  const claim = await d.claims.findById(claimId);
  if (!claim) throw notFound(MESSAGES.claimNotFound);
  if (claim.status !== 'pending') throw conflict(`This claim was already ${claim.status}`);
  try {
    transition('claim', claim.status, event);
  } catch (err) {
    throw asHttp(err);
  }
  return claim;
}

/**
 * Approves a pending claim: one approved claim per company (409 afterwards); publishes
 * `claim.approved.v1`, at once or, when identity has not linked the claimer's account yet, with the
 * link (the claim is approved either way). A claim whose e-mail belongs to another account is refused.
 */
export async function approveClaim(
  d: UseCaseDeps,
  claimId: string,
  admin: SessionUser,
  options: { adminNotes?: string; businessVerified?: boolean },
): Promise<ClaimDoc> {
  const claim = await pendingClaim(d, claimId, 'approve');
  if (!claim.userId && claim.accountReview) throw conflict(MESSAGES.accountReview);
  const company = await findCompany(d, claim.companyId);
  if (!company) throw notFound(MESSAGES.companyNotFound);
  if (company.owned && (!claim.userId || company.userId !== claim.userId)) throw conflict(MESSAGES.alreadyClaimed);
  if (!(await d.claims.reserveApproval(claim.companyId, claim._id))) throw conflict(MESSAGES.approvedElsewhere);
  const now = new Date().toISOString();
  const businessVerified = options.businessVerified ?? true;
  const approval = { approvedAt: now, approvedBy: admin.id, adminNotes: options.adminNotes ?? claim.adminNotes };
  const decided = await d.claims.decide(
    claim._id,
    'approve',
    claim.userId ? approval : { ...approval, approvalOwed: { businessVerified } },
    claim.userId ? [approvedEvent({ ...claim, ...approval }, claim.userId, businessVerified)] : [],
    claim.userId,
  );
  if (!decided) {
    await d.claims.releaseApproval(claim.companyId, claim._id);
    const current = await d.claims.findById(claim._id);
    // Linked between the read and the write: decided on the account it has now.
    if (current?.status === 'pending' && current.userId && !claim.userId) return approveClaim(d, claimId, admin, options);
    throw conflict('This claim was decided meanwhile');
  }
  if (claim.subscriptionId)
    await d.subscriptions.setOwner(claim.subscriptionId, {
      ...(claim.userId && { userId: claim.userId }),
      companyId: claim.companyId,
      verification: 'verified',
    });
  return decided;
}

/** Rejects a pending claim with `claim.rejected.v1`; billing's consumer refunds, cancels and mails. */
export async function rejectClaim(
  d: UseCaseDeps,
  claimId: string,
  admin: SessionUser,
  options: { adminNotes?: string; reason?: string },
): Promise<ClaimDoc> {
  const claim = await pendingClaim(d, claimId, 'reject');
  const now = new Date().toISOString();
  const data: ClaimRejectedV1['data'] = {
    claimId: claim._id,
    companyId: claim.companyId,
    companyName: claim.companyName,
    userId: claim.userId,
    claimerName: claim.claimerName,
    claimerEmail: claim.claimerEmail,
    reason: options.reason ?? options.adminNotes ?? null,
    refundAmount: claim.paymentAmount,
    rejectedAt: now,
    rejectedBy: admin.id,
  };
  const decided = await d.claims.decide(
    claim._id,
    'reject',
    {
      rejectedAt: now,
      rejectedBy: admin.id,
      adminNotes: options.adminNotes ?? options.reason ?? claim.adminNotes,
      refundStatus: 'pending',
    },
    [newEvent('claim.rejected.v1', claim.companyId, data, now)],
  );
  if (!decided) throw conflict('This claim was decided meanwhile');
  await d.claims.releaseOpenClaim(claim.companyId, claim.stripePaymentIntentId);
  return decided;
}

/** After a rejection: refund the payment and end the subscription now (idempotency keys make a retry harmless). */
export async function refundRejectedClaim(d: UseCaseDeps, claimId: string): Promise<void> {
  const claim = await d.claims.findById(claimId);
  if (!claim || claim.status !== 'rejected' || claim.refundStatus === 'refunded') return;
  const provider = await d.registry.current();
  if (claim.subscriptionId) {
    const state = await provider.cancelSubscription(claim.subscriptionId, {
      atPeriodEnd: false,
      idempotencyKey: `claim-cancel:${claim._id}`,
    });
    await d.subscriptions.applyProviderState(claim.subscriptionId, state, new Date().toISOString());
  }
  try {
    const refund = await provider.refundPayment(claim.stripePaymentIntentId, { idempotencyKey: `claim-refund:${claim._id}` });
    await d.claims.setRefund(claim._id, 'refunded', refund.refundId);
    await recordRefund(d, claim, refund.refundId);
  } catch (err) {
    await d.claims.setRefund(claim._id, 'failed', null);
    throw err;
  }
}

/** The payment's side of a claim refund (a record from before the lifecycle may refuse it: logged, the money is back). */
async function recordRefund(d: UseCaseDeps, claim: ClaimDoc, refundId: string): Promise<void> {
  try {
    await d.payments.markRefunded(claim.stripePaymentIntentId, {
      refundId,
      amount: claim.paymentAmount,
      at: new Date().toISOString(),
      reason: 'claim rejected',
    });
  } catch (err) {
    if (!(err instanceof LifecycleConflict)) throw err;
    d.logger.warn({ claimId: claim._id, reason: err.message }, 'refund not recorded on the payment');
  }
}
