import type { ListingPaymentSuccess, ProcessPaymentSuccessBody, ProcessPaymentSuccessResponse } from '@limo/contracts';
import { badRequest, conflict, notFound, type SessionUser } from '@limo/platform';
import { listingNextSteps } from '../domain/plans.js';
import type { ClaimDoc } from '../repositories/claims.repository.js';
import type { PaymentDoc } from '../repositories/payments.repository.js';
import { assertPayer, findCompany, MESSAGES, PAYMENT_INTENT_ID, type UseCaseDeps } from './context.js';
import { createClaim, successAnswer, verifiedPayment } from './payment-records.js';

/**
 * POST /api/process-payment-success: the claim of a succeeded payment, created exactly once however
 * often it is called and however it races the webhook. Idempotent: opened again, in a new tab with
 * the client secret, or by its payer signed in, it answers the stored claim of that payment. The
 * claimer is the one stored with the payment (sent details only for a payment made without them).
 * A listing payment answers the listing it paid for (a new listing or the upgraded free one).
 */
export async function processPaymentSuccess(
  d: UseCaseDeps,
  body: ProcessPaymentSuccessBody,
  user: SessionUser | null,
): Promise<ProcessPaymentSuccessResponse> {
  const payment = PAYMENT_INTENT_ID.test(body.paymentIntent) ? await d.payments.findById(body.paymentIntent) : null;
  if (!payment) throw notFound(MESSAGES.paymentNotFound);
  const existing = await d.claims.findByPaymentIntent(payment._id);
  assertPayer(payment, user, body.paymentIntentClientSecret ?? body.clientSecret, existing?.userId ?? null);
  if (payment.purpose === 'business_listing') return listingSuccess(d, payment, body);
  if (existing) {
    if (existing.companyId !== body.companyId) throw badRequest('This payment was made for another company', 'companyId');
    return successAnswer(d, existing, passwordSetupRequired(existing, payment, user));
  }
  if (payment.plan !== body.plan) throw badRequest('This payment was made for another plan', 'plan');
  if (payment.companyId !== body.companyId) throw badRequest('This payment was made for another company', 'companyId');
  const details = payment.claimerDetails ?? body.claimerDetails ?? null;
  if (!details) throw badRequest(MESSAGES.claimerRequired, 'claimerDetails');
  const { provider } = await verifiedPayment(d, payment._id);
  // A payer signed in here (holding the payment) claims as that account: the account is theirs, never a stranger's.
  const claimant = payment.userId ?? user?.id ?? null;
  const claim = await createClaim(d, payment, claimant, user && !payment.userId ? { ...details, email: user.email } : details, provider);
  return successAnswer(d, claim, passwordSetupRequired(claim, payment, user), provider.testMode);
}

/**
 * Whether the page tells the claimer to set a password (mailed a link) rather than to log in with theirs: a
 * claim with no account yet, or one linked later to the account identity made for it, read signed out. The
 * account of a payer signed in at checkout chose its password, whoever reads the page and however signed in.
 */
function passwordSetupRequired(claim: ClaimDoc, payment: PaymentDoc, user: SessionUser | null): boolean {
  return claim.userId === null || (user === null && claim.userId !== payment.userId);
}

/**
 * The listing a payment paid for (the payer already checked): its success recorded once if the webhook
 * has not yet (which completes an upgrade), then the stored listing, the same on every reload.
 */
async function listingSuccess(d: UseCaseDeps, payment: PaymentDoc, body: ProcessPaymentSuccessBody): Promise<ListingPaymentSuccess> {
  if (body.plan !== 'listing') throw badRequest('This payment is for a business listing, not a claim', 'plan');
  const settled = payment.status === 'succeeded' || payment.status === 'used' || payment.status === 'refunded';
  const provider = settled ? await d.registry.current() : (await verifiedPayment(d, payment._id)).provider;
  const stored = (await d.payments.findById(payment._id)) ?? payment;
  const companyId = stored.companyId;
  // A visitor's new listing exists only once its registration form was sent with this payment.
  if (!companyId) throw conflict('This payment has no listing yet: finish the registration form to create it');
  if (companyId !== body.companyId) throw badRequest('This payment was made for another company', 'companyId');
  const listing = await d.listings.findById(companyId);
  const name = (await findCompany(d, companyId))?.name ?? listing?.company.name ?? stored.listingName ?? '';
  return {
    plan: 'listing',
    paymentIntentId: stored._id,
    companyId,
    companyName: name,
    paymentAmount: stored.amount,
    status: stored.status === 'refunded' ? 'refunded' : 'paid',
    upgrade: stored.upgrade ?? false,
    dashboardAccess: {
      email: stored.payerEmail ?? null,
      loginUrl: `${d.publicUrl}/login`,
      dashboardUrl: `${d.publicUrl}/dashboard?company=${encodeURIComponent(companyId)}`,
    },
    nextSteps: listingNextSteps(stored.upgrade ?? false),
    testMode: provider.testMode,
  };
}
