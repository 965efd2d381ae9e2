import type { ProcessPaymentSuccessBody, ProcessPaymentSuccessResponse } from '@limo/contracts';
import { badRequest, notFound, type SessionUser } from '@limo/platform';
import { assertPayer, MESSAGES, PAYMENT_INTENT_ID, type UseCaseDeps } from './context.js';
import { createClaim, successAnswer, verifiedPayment } from './payment-records.js';

/**
 * POST /api/process-payment-success: the claim of a succeeded payment, created exactly once however
 * often it is called and however it races the webhook. Idempotent: opened again, in a new tab with
 * the client secret, or by its payer signed in, it answers the stored claim of that payment. The
 * claimer is the one stored with the payment (sent details only for a payment made without them).
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
  if (existing) {
    if (existing.companyId !== body.companyId) throw badRequest('This payment was made for another company', 'companyId');
    return successAnswer(d, existing, existing.userId === null || user === null);
  }
  if (payment.purpose !== 'claim') throw badRequest('This payment is for a business listing, not a claim', 'paymentIntent');
  if (payment.plan !== body.plan) throw badRequest('This payment was made for another plan', 'plan');
  if (payment.companyId !== body.companyId) throw badRequest('This payment was made for another company', 'companyId');
  const details = payment.claimerDetails ?? body.claimerDetails ?? null;
  if (!details) throw badRequest(MESSAGES.claimerRequired, 'claimerDetails');
  const { provider } = await verifiedPayment(d, payment._id);
  // A payer signed in here (holding the payment) claims as that account: the account is theirs, never a stranger's.
  const claimant = payment.userId ?? user?.id ?? null;
  const claim = await createClaim(d, payment, claimant, user && !payment.userId ? { ...details, email: user.email } : details, provider);
  return successAnswer(d, claim, claim.userId === null || user === null, provider.testMode);
}
