import { randomUUID } from 'node:crypto';
import {
  CLAIM_PLAN,
  type ClaimerDetails,
  type CreatePaymentIntentBody,
  type CreatePaymentIntentResponse,
  type PaymentPurpose,
} from '@limo/contracts';
import { badRequest, conflict, exclusively, forbidden, HttpError, notFound, unauthorized, type SessionUser } from '@limo/platform';
import type { CheckoutSubject, PaymentDoc } from '../repositories/payments.repository.js';
import { findCompany, MESSAGES, sha256, type UseCaseDeps } from './context.js';

/** What a checkout is for, checked before any payment exists. */
interface CheckoutTarget {
  purpose: PaymentPurpose;
  companyId: string | null;
  customerName: string | null;
  claimerDetails: ClaimerDetails | null;
  /** The payer's own existing company is upgraded (no new listing). */
  upgrade: boolean;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** A claim: an unowned company without an open claim, and its claimer (required from a signed-out payer). */
async function claimTarget(d: UseCaseDeps, body: CreatePaymentIntentBody, user: SessionUser | null): Promise<CheckoutTarget> {
  const companyId = body.companyId;
  if (!companyId) throw badRequest(MESSAGES.companyRequired, 'companyId');
  const company = await findCompany(d, companyId);
  if (!company) throw notFound(MESSAGES.companyNotFound);
  if (company.owned) throw conflict(MESSAGES.alreadyClaimed);
  const open = await d.claims.openClaimFor(companyId);
  if (open) throw conflict(open.status === 'approved' ? MESSAGES.alreadyClaimed : MESSAGES.claimPending);
  // Paid a moment ago, its claim not made yet (the webhook is on its way): no second charge meanwhile.
  if ((await d.payments.list({ companyId, purpose: 'claim', status: 'succeeded' })).length > 0) throw conflict(MESSAGES.claimPending);
  // A signed-in payer is the claimer (the claim form's phone is then optional); a signed-out one must send them.
  let claimerDetails: ClaimerDetails;
  if (body.claimerDetails) claimerDetails = { ...body.claimerDetails, email: user?.email ?? body.claimerDetails.email };
  else if (user) claimerDetails = { name: user.username, email: user.email, phone: '', role: 'owner' };
  else throw badRequest(MESSAGES.claimerRequired, 'claimerDetails');
  return { purpose: 'claim', companyId, customerName: company.name, claimerDetails, upgrade: false };
}

/** A listing: a new one (no company yet), one registered unpaid with billing, or the owner's own free company (upgrade). */
async function listingTarget(d: UseCaseDeps, body: CreatePaymentIntentBody, user: SessionUser | null): Promise<CheckoutTarget> {
  const companyId = body.companyId ?? null;
  const base = { purpose: 'business_listing' as const, companyId, claimerDetails: null };
  if (!companyId) return { ...base, customerName: body.metadata?.companyName ?? null, upgrade: false };
  const listing = await d.listings.findById(companyId);
  if (listing) {
    if (listing.status === 'paid') throw conflict(MESSAGES.listingPaid);
    if (!user || (listing.userId !== user.id && user.role !== 'admin')) throw forbidden(MESSAGES.notYourListing);
    return { ...base, customerName: listing.company.name, upgrade: false };
  }
  if (!user) throw unauthorized(MESSAGES.signInToUpgrade);
  const company = await findCompany(d, companyId);
  if (!company) throw notFound(body.plan === 'listing' ? MESSAGES.companyNotFound : MESSAGES.listingNotFound);
  if (company.userId !== user.id) throw forbidden(MESSAGES.notYourListing);
  const paid = await d.subscriptions.find({ companyId, status: 'active' });
  if (paid.length > 0) throw conflict(MESSAGES.listingPaid);
  return { ...base, customerName: company.name, upgrade: true };
}

/**
 * POST /api/create-payment-intent: starts the yearly subscription of a claim or a listing; the amount
 * comes from the plan table. The claimer is known before the intent exists, and the payer's open
 * intent for the same company is answered again (one charge, never two).
 */
export async function createPaymentIntent(
  d: UseCaseDeps,
  body: CreatePaymentIntentBody,
  user: SessionUser | null,
  log: { warn(obj: object, msg: string): void },
): Promise<CreatePaymentIntentResponse> {
  const plan = CLAIM_PLAN;
  if (body.amount !== undefined && body.amount !== null) {
    const sent = Number(body.amount);
    if (sent !== plan.amount / 100 && sent !== plan.amount)
      log.warn({ sentAmount: body.amount, charged: plan.amount, plan: plan.id }, 'client-sent amount ignored: the plan decides');
  }
  const listing = body.plan === 'listing' || body.metadata?.type === 'business_listing';
  const target = listing ? await listingTarget(d, body, user) : await claimTarget(d, body, user);
  const metaEmail = body.metadata?.email && EMAIL.test(body.metadata.email) ? body.metadata.email.toLowerCase() : null;
  const email = user?.email ?? target.claimerDetails?.email ?? metaEmail;
  const payerKey = user ? `user:${user.id}` : email ? `email:${email}` : null;

  // A payer's double click (or two tabs) on one company: the second waits for the first's payment
  // record and answers the same intent, never a second subscription.
  const payer: Payer = { user, email, payerKey };
  const subject = subjectOf(target);
  const run = () => startCheckout(d, target, subject, body, payer);
  if (!payerKey || !subject) return run();
  const key = `checkout:${sha256(`${payerKey}\u0000${subject.companyId ?? `new:${subject.listingName}`}\u0000${target.purpose}`)}`;
  return exclusively(d.cache, key, CHECKOUT_CLAIM, run);
}

/**
 * What one payer's checkouts are taken one at a time and answered again by: the company, or a new
 * listing's name (the spec's listing flow pays before the company exists); none for a nameless one.
 */
function subjectOf(target: CheckoutTarget): CheckoutSubject | null {
  if (target.companyId) return { companyId: target.companyId };
  return target.purpose === 'business_listing' && target.customerName ? { companyId: null, listingName: target.customerName } : null;
}

/** Who pays: the signed-in user, or the e-mail a visitor gave, and the key their open checkouts are found by. */
interface Payer {
  user: SessionUser | null;
  email: string | null;
  payerKey: string | null;
}

/** A payer's checkouts of one company run one at a time (a checkout asks the provider twice, ~1 s). */
const CHECKOUT_CLAIM = {
  ttlMs: 60_000,
  waitMs: 20_000,
  conflictMessage: 'A payment for this company is being prepared. Please try again in a moment.',
};

/** The payer's open checkout of the target answered again, or a new customer, subscription and payment record. */
async function startCheckout(
  d: UseCaseDeps,
  target: CheckoutTarget,
  subject: CheckoutSubject | null,
  body: CreatePaymentIntentBody,
  { user, email, payerKey }: Payer,
): Promise<CreatePaymentIntentResponse> {
  const plan = CLAIM_PLAN;
  const provider = await d.registry.current();
  const open = payerKey && subject ? await d.payments.findOpen(payerKey, subject, target.purpose) : null;
  const start = async (checkoutId: string) => {
    const metadata = { checkoutId, purpose: target.purpose, plan: plan.id, companyId: target.companyId ?? '' };
    const customerId = await provider.createCustomer({
      email,
      name: target.customerName,
      metadata,
      idempotencyKey: `checkout:${checkoutId}:customer`,
    });
    const session = await provider.createSubscription({ customerId, metadata, idempotencyKey: `checkout:${checkoutId}:subscription` });
    return { checkoutId, customerId, session };
  };
  // The open checkout asked again with its idempotency keys: the provider answers the same intent.
  let reused: Awaited<ReturnType<typeof start>> | null = null;
  if (open?.checkoutId) {
    try {
      reused = await start(open.checkoutId);
    } catch (err) {
      d.logger.warn({ err, paymentIntentId: open._id }, 'the open checkout could not be asked again; starting a new one');
    }
  }
  const { checkoutId, customerId, session } = reused ?? (await start(randomUUID()));
  if (!session.paymentIntentId || !session.clientSecret) {
    throw new HttpError(502, 'The payment provider answered without a payment to confirm. Please try again.');
  }
  const answer: CreatePaymentIntentResponse = {
    clientSecret: session.clientSecret,
    paymentIntentId: session.paymentIntentId,
    subscriptionId: session.subscriptionId,
    plan: plan.id,
    amount: plan.amount,
    currency: plan.currency,
    provider: provider.name,
    testMode: provider.testMode,
  };
  if (open && open._id === session.paymentIntentId) {
    if (target.claimerDetails) await d.payments.setClaimerDetails(open._id, target.claimerDetails);
    return answer;
  }
  const now = new Date().toISOString();
  const payment: PaymentDoc = {
    _id: session.paymentIntentId,
    provider: provider.name,
    purpose: target.purpose,
    plan: plan.id,
    amount: plan.amount,
    currency: plan.currency,
    companyId: target.companyId,
    userId: user?.id ?? null,
    payerEmail: email,
    payerKey,
    checkoutId,
    customerId,
    subscriptionId: session.subscriptionId,
    status: 'created',
    lastError: null,
    listingEmail: target.purpose === 'business_listing' ? email : null,
    listingName: target.purpose === 'business_listing' ? (body.metadata?.companyName ?? null) : null,
    upgrade: target.upgrade,
    clientSecretHash: sha256(session.clientSecret),
    claimerDetails: target.claimerDetails,
    claimId: null,
    refunds: [],
    createdAt: now,
    succeededAt: null,
  };
  await d.payments.insert(payment);
  // A claim's subscription is the payer's at once but `pending` (announced premium only once the claim
  // is approved); a listing's is handed to its owner once the listing is paid.
  await d.subscriptions.insert({
    _id: session.subscriptionId,
    provider: provider.name,
    companyId: target.companyId,
    userId: target.purpose === 'claim' ? (user?.id ?? null) : null,
    customerId,
    paymentIntentId: session.paymentIntentId,
    email,
    amount: plan.amount,
    status: session.status,
    statusAt: now,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    canceledAt: null,
    ...(target.purpose === 'claim' && { verification: 'pending' as const }),
    createdAt: now,
  });
  return answer;
}
