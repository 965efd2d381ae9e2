import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type BusinessListingBody,
  type ClaimApprovedV1,
  type ClaimerDetails,
  type ClaimRejectedV1,
  type ClaimSubmittedV1,
  type CreatePaymentIntentBody,
  type CreatePaymentIntentResponse,
  type ListingCompany,
  type PaymentSucceededV1,
  type ProcessPaymentSuccessBody,
  type ProcessPaymentSuccessResponse,
} from '@limo/contracts';
import { badRequest, conflict, forbidden, HttpError, notFound, type Logger, type SessionUser } from '@limo/platform';
import { newEvent } from '../domain/events.js';
import { claimNextSteps, PLANS } from '../domain/plans.js';
import type { PaymentsProvider, ProviderEvent, SubscriptionState } from '../payments/payments.port.js';
import type { PaymentsRegistry } from '../payments/payments.registry.js';
import type { ClaimDoc, ClaimsRepository } from '../repositories/claims.repository.js';
import type { ListingDoc, ListingsRepository } from '../repositories/listings.repository.js';
import type { PaymentDoc, PaymentsRepository } from '../repositories/payments.repository.js';
import type { CompanyRefDoc, ReadModels } from '../repositories/read-models.repository.js';
import type { SubscriptionsRepository } from '../repositories/subscriptions.repository.js';
import type { WebhookEventsRepository } from '../repositories/webhook-events.repository.js';

export interface BillingOperationsDeps {
  registry: PaymentsRegistry;
  payments: PaymentsRepository;
  claims: ClaimsRepository;
  subscriptions: SubscriptionsRepository;
  webhookEvents: WebhookEventsRepository;
  readModels: ReadModels;
  listings: ListingsRepository;
  logger: Logger;
  publicUrl: string;
  /** How long a checkout waits for a company just listed to reach billing's read-model. */
  companyWaitMs?: number;
  /** Asks the directory for a company the read-model does not hold (listed before billing subscribed). */
  lookupCompany?: (id: string) => Promise<CompanyFacts | null>;
}

/** What billing needs to know of a company: its name and whether (and by whom, when known) it is owned. */
export interface CompanyFacts {
  name: string;
  owned: boolean;
  /** The owner, when billing's read-model knows it. */
  userId: string | null;
}

/** Who registers a paid listing: the account it is for (null before it exists) and its e-mail. */
export interface ListingCaller {
  userId: string | null;
  email: string | null;
}

/** Messages the clients show as they are. */
export const MESSAGES = {
  companyRequired: 'Company is required',
  companyNotFound: 'Company not found',
  alreadyClaimed: 'This business has already been claimed',
  claimPending: 'A claim for this business is already waiting for review',
  listingNotFound: 'Listing not found',
  listingPaid: 'This listing is already paid',
  paymentNotFound: 'Payment not found',
  claimNotFound: 'Claim not found',
  accountPending: "The claimer's account is still being set up. Please try again in a moment.",
  approvedElsewhere: 'This business already has an approved claim',
  notYourPayment:
    'This payment was not made by you. Open the payment-success page from the browser that paid, or sign in to the account that paid.',
  paymentUsed: 'This payment was already used for a listing',
  claimedMeanwhile: 'This business was claimed by someone else; your payment has been refunded.',
} as const;

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]+$/;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Billing's use cases: checkout, the payment-success page, the webhook events, claim decisions and
 * paid listings. Routes and consumers are thin wrappers around these.
 */
export class BillingOperations {
  constructor(private readonly d: BillingOperationsDeps) {}

  /**
   * The company from the read-model, waiting briefly for one listed a moment ago, then asking the
   * directory (a company listed before billing first subscribed never reaches the read-model).
   */
  private async company(id: string): Promise<CompanyFacts | null> {
    const deadline = Date.now() + (this.d.companyWaitMs ?? 500);
    for (;;) {
      const found: CompanyRefDoc | null = await this.d.readModels.findCompany(id);
      if (found) return { name: found.name, owned: found.userId !== null, userId: found.userId };
      if (Date.now() >= deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    if (!this.d.lookupCompany) return null;
    try {
      return await this.d.lookupCompany(id);
    } catch (err) {
      this.d.logger.warn({ err, companyId: id }, 'directory lookup failed');
      return null;
    }
  }

  // ------------------------------------------------------------------------------------------
  // POST /api/create-payment-intent
  // ------------------------------------------------------------------------------------------

  /** Starts the yearly subscription for a claim or a paid listing; the amount comes from the plan table. */
  async createPaymentIntent(
    body: CreatePaymentIntentBody,
    user: SessionUser | null,
    log: { warn(obj: object, msg: string): void },
  ): Promise<CreatePaymentIntentResponse> {
    const plan = PLANS.get(body.plan)!;
    if (body.amount !== undefined && body.amount !== null) {
      const sent = Number(body.amount);
      if (sent !== plan.amount / 100 && sent !== plan.amount)
        log.warn({ sentAmount: body.amount, charged: plan.amount, plan: plan.id }, 'client-sent amount ignored: the plan decides');
    }
    const purpose = body.metadata?.type === 'business_listing' ? 'business_listing' : 'claim';
    const companyId: string | null = body.companyId ?? null;
    let customerName: string | null = body.metadata?.companyName ?? null;
    if (purpose === 'claim') {
      if (!companyId) throw badRequest(MESSAGES.companyRequired, 'companyId');
      const company = await this.company(companyId);
      if (!company) throw notFound(MESSAGES.companyNotFound);
      if (company.owned) throw conflict(MESSAGES.alreadyClaimed);
      const open = await this.d.claims.openClaimFor(companyId);
      if (open) throw conflict(open.status === 'approved' ? MESSAGES.alreadyClaimed : MESSAGES.claimPending);
      customerName = company.name;
    } else if (companyId) {
      const listing = await this.d.listings.findById(companyId);
      if (!listing) throw notFound(MESSAGES.listingNotFound);
      if (listing.status === 'paid') throw conflict(MESSAGES.listingPaid);
      if (!user || (listing.userId !== user.id && user.role !== 'admin')) throw forbidden('Only the owner of this listing can pay for it');
      customerName = listing.company.name;
    }
    const email =
      user?.email ??
      (body.metadata?.email && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.metadata.email) ? body.metadata.email.toLowerCase() : null);

    const provider = await this.d.registry.current();
    const checkoutId = randomUUID();
    const metadata = { checkoutId, purpose, plan: plan.id, companyId: companyId ?? '' };
    const customerId = await provider.createCustomer({
      email,
      name: customerName,
      metadata,
      idempotencyKey: `checkout:${checkoutId}:customer`,
    });
    const session = await provider.createSubscription({ customerId, metadata, idempotencyKey: `checkout:${checkoutId}:subscription` });
    if (!session.paymentIntentId || !session.clientSecret) {
      throw new HttpError(502, 'The payment provider answered without a payment to confirm. Please try again.');
    }
    const now = new Date().toISOString();
    const payment: PaymentDoc = {
      _id: session.paymentIntentId,
      provider: provider.name,
      purpose,
      plan: plan.id,
      amount: plan.amount,
      currency: plan.currency,
      companyId,
      userId: user?.id ?? null,
      customerId,
      subscriptionId: session.subscriptionId,
      status: 'open',
      lastError: null,
      listingEmail: purpose === 'business_listing' ? email : null,
      listingName: purpose === 'business_listing' ? (body.metadata?.companyName ?? null) : null,
      clientSecretHash: sha256(session.clientSecret),
      claimerDetails:
        purpose === 'claim' && body.claimerDetails ? { ...body.claimerDetails, email: user?.email ?? body.claimerDetails.email } : null,
      createdAt: now,
      succeededAt: null,
    };
    await this.d.payments.insert(payment);
    // The subscription's owner is set when the claim is approved (or the listing registered): only
    // then is it announced, so a pending claim never makes a listing premium.
    await this.d.subscriptions.insert({
      _id: session.subscriptionId,
      provider: provider.name,
      companyId,
      userId: null,
      customerId,
      paymentIntentId: session.paymentIntentId,
      email,
      amount: plan.amount,
      status: session.status,
      statusAt: now,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      createdAt: now,
    });
    return {
      clientSecret: session.clientSecret,
      paymentIntentId: session.paymentIntentId,
      subscriptionId: session.subscriptionId,
      plan: plan.id,
      amount: plan.amount,
      currency: plan.currency,
      provider: provider.name,
      testMode: provider.testMode,
    };
  }

  // ------------------------------------------------------------------------------------------
  // POST /api/process-payment-success
  // ------------------------------------------------------------------------------------------

  /** A payment as the provider reports it, checked against what the server bound it to; 4xx otherwise. */
  private async verifiedPayment(paymentIntentId: string): Promise<{ payment: PaymentDoc; provider: PaymentsProvider }> {
    const payment = PAYMENT_INTENT_ID.test(paymentIntentId) ? await this.d.payments.findById(paymentIntentId) : null;
    if (!payment) throw notFound(MESSAGES.paymentNotFound);
    const provider = await this.d.registry.current();
    const pi = await provider.retrievePaymentIntent(payment._id);
    if (!pi) throw notFound(MESSAGES.paymentNotFound);
    if (pi.status !== 'succeeded') {
      throw new HttpError(
        402,
        `The payment has not succeeded (status: ${pi.status})${pi.lastError ? `: ${pi.lastError}` : ''}. Nothing was created.`,
      );
    }
    if (pi.amount !== payment.amount || pi.currency !== payment.currency) {
      this.d.logger.error({ paymentIntentId, charged: pi.amount, expected: payment.amount }, 'payment amount differs from the plan');
      throw badRequest('The amount paid does not match the plan. Please contact support.');
    }
    await this.recordSuccess(payment, new Date().toISOString());
    return { payment, provider };
  }

  /**
   * Creates the business claim of a succeeded payment exactly once, however often it is called and
   * however it races the webhook; answers what §2.3 reads.
   */
  async processPaymentSuccess(body: ProcessPaymentSuccessBody, user: SessionUser | null): Promise<ProcessPaymentSuccessResponse> {
    const payment = PAYMENT_INTENT_ID.test(body.paymentIntent) ? await this.d.payments.findById(body.paymentIntent) : null;
    if (!payment) throw notFound(MESSAGES.paymentNotFound);
    this.assertPayer(payment, user, body.paymentIntentClientSecret ?? body.clientSecret);
    const existing = await this.d.claims.findByPaymentIntent(payment._id);
    if (existing) {
      if (existing.companyId !== body.companyId) throw badRequest('This payment was made for another company', 'companyId');
      return this.successAnswer(existing, existing.userId === null || user === null);
    }
    if (payment.purpose !== 'claim') throw badRequest('This payment is for a business listing, not a claim', 'paymentIntent');
    if (payment.plan !== body.plan) throw badRequest('This payment was made for another plan', 'plan');
    if (payment.companyId !== body.companyId) throw badRequest('This payment was made for another company', 'companyId');
    const { provider } = await this.verifiedPayment(payment._id);

    const claim = await this.createClaim(
      payment,
      user?.id ?? null,
      { ...body.claimerDetails, email: user?.email ?? body.claimerDetails.email },
      provider,
    );
    return this.successAnswer(claim, user === null, provider.testMode);
  }

  /**
   * Only the payer may use a payment: the same signed-in user, or, for a payment made signed out,
   * whoever holds its client secret (compared in constant time). 403 otherwise.
   */
  private assertPayer(payment: PaymentDoc, user: SessionUser | null, clientSecret: string | undefined): void {
    if (payment.userId) {
      if (user?.id !== payment.userId) throw forbidden(MESSAGES.notYourPayment);
      return;
    }
    if (!clientSecret || !payment.clientSecretHash) throw forbidden(MESSAGES.notYourPayment);
    const sent = Buffer.from(sha256(clientSecret), 'hex');
    const stored = Buffer.from(payment.clientSecretHash, 'hex');
    if (sent.length !== stored.length || !timingSafeEqual(sent, stored)) throw forbidden(MESSAGES.notYourPayment);
  }

  /**
   * Inserts the claim of a succeeded claim payment exactly once (with `claim.submitted.v1`), unless the
   * company is owned or holds another payment's open claim: then the payment is refunded and 409.
   */
  private async createClaim(
    payment: PaymentDoc,
    userId: string | null,
    details: ClaimerDetails,
    provider: PaymentsProvider,
  ): Promise<ClaimDoc> {
    const companyId = payment.companyId;
    if (!companyId) throw badRequest(MESSAGES.companyRequired, 'companyId');
    const company = await this.company(companyId);
    const open = await this.d.claims.openClaimFor(companyId);
    if (
      company?.owned ||
      (open && open.stripePaymentIntentId !== payment._id) ||
      !(await this.d.claims.reserveOpenClaim(companyId, payment._id))
    ) {
      await this.refundUnclaimable(payment, provider);
      throw conflict(MESSAGES.claimedMeanwhile);
    }
    const now = new Date().toISOString();
    const claimId = randomUUID();
    const email = details.email;
    const doc: ClaimDoc = {
      _id: claimId,
      companyId: companyId,
      userId,
      companyName: company?.name ?? '',
      claimerName: details.name,
      claimerEmail: email,
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
      createdAt: now,
      updatedAt: now,
    };
    const submitted: ClaimSubmittedV1['data'] = {
      claimId,
      companyId: doc.companyId,
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
    const { claim } = await this.d.claims.insertOnce(doc, [newEvent('claim.submitted.v1', doc.companyId, submitted, now)]);
    return claim;
  }

  /** A claim payment for a company someone else claimed meanwhile: its subscription ends now and it is refunded. */
  private async refundUnclaimable(payment: PaymentDoc, provider: PaymentsProvider): Promise<void> {
    this.d.logger.warn(
      { paymentIntentId: payment._id, companyId: payment.companyId },
      'claim payment for a company claimed meanwhile: refunding',
    );
    const state = await provider.cancelSubscription(payment.subscriptionId, {
      atPeriodEnd: false,
      idempotencyKey: `claim-conflict-cancel:${payment._id}`,
    });
    await this.d.subscriptions.applyProviderState(payment.subscriptionId, state, new Date().toISOString());
    await provider.refundPayment(payment._id, { idempotencyKey: `claim-conflict-refund:${payment._id}` });
  }

  private successAnswer(claim: ClaimDoc, passwordSetupRequired: boolean, testMode = true): ProcessPaymentSuccessResponse {
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
        loginUrl: `${this.d.publicUrl}/login`,
        dashboardUrl: `${this.d.publicUrl}/dashboard`,
      },
      nextSteps: claimNextSteps(passwordSetupRequired, claim.claimerEmail),
      testMode,
    };
  }

  /** Records a payment's success once (`payment.succeeded.v1`) and completes a paid listing. */
  async recordSuccess(payment: PaymentDoc, at: string): Promise<void> {
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
    await this.d.payments.markSucceeded(payment._id, at, newEvent('payment.succeeded.v1', payment.companyId ?? payment._id, data, at));
    if (payment.purpose === 'business_listing' && payment.companyId) await this.completeListing(payment.companyId, payment, at);
  }

  // ------------------------------------------------------------------------------------------
  // Webhook events (consumer of payment-provider.event-received.v1)
  // ------------------------------------------------------------------------------------------

  /** Applies one stored provider event. Safe to run twice, and in any order with the others. */
  async handleProviderEvent(eventId: string): Promise<void> {
    const stored = await this.d.webhookEvents.findById(eventId);
    if (!stored) return;
    const event = stored.event;
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const payment = await this.d.payments.findById(event.objectId);
        if (!payment) return;
        await this.recordSuccess(payment, event.created);
        await this.claimFromWebhook(payment);
        return;
      }
      case 'payment_intent.payment_failed':
        await this.d.payments.markFailed(event.objectId, event.paymentIntent?.lastError ?? null);
        return;
      case 'invoice.paid':
      case 'invoice.payment_failed':
        if (event.invoice?.subscriptionId) await this.refreshSubscription(event.invoice.subscriptionId, event);
        return;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await this.refreshSubscription(event.objectId, event);
        return;
      default:
        this.d.logger.debug({ type: event.type, eventId }, 'provider event not used');
    }
  }

  /**
   * A claim checkout sent with its claimer's details makes its claim from the webhook too, so a payer
   * who never reaches the success page still gets a claim (or a refund when the company was taken).
   */
  private async claimFromWebhook(payment: PaymentDoc): Promise<void> {
    if (payment.purpose !== 'claim' || !payment.companyId || !payment.claimerDetails) return;
    if (await this.d.claims.findByPaymentIntent(payment._id)) return;
    try {
      await this.createClaim(payment, payment.userId, payment.claimerDetails, await this.d.registry.current());
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 409) return;
      throw err;
    }
  }

  /**
   * Brings a subscription up to date. A deletion is final and taken from the event; anything else is
   * re-read from the provider, so the order events arrive in does not matter. When the provider
   * cannot be asked, the event's own object (or an invoice's outcome) is used with its time.
   */
  private async refreshSubscription(id: string, event: ProviderEvent): Promise<void> {
    const stored = await this.d.subscriptions.findById(id);
    if (!stored) return;
    if (event.subscription?.status === 'canceled') {
      await this.d.subscriptions.applyProviderState(id, event.subscription, event.created);
      return;
    }
    let fresh: SubscriptionState | null = null;
    try {
      fresh = await (await this.d.registry.current()).retrieveSubscription(id);
    } catch (err) {
      this.d.logger.warn({ err, subscriptionId: id }, 'could not re-read the subscription; using the event');
    }
    if (fresh) await this.d.subscriptions.applyProviderState(id, fresh, new Date().toISOString());
    else if (event.subscription) await this.d.subscriptions.applyProviderState(id, event.subscription, event.created);
    else if (event.invoice) {
      const status = event.type === 'invoice.paid' ? 'active' : 'past_due';
      await this.d.subscriptions.applyProviderState(
        id,
        {
          id,
          status,
          customerId: stored.customerId,
          currentPeriodEnd: event.invoice.periodEnd,
          cancelAtPeriodEnd: stored.cancelAtPeriodEnd,
          canceledAt: stored.canceledAt,
          metadata: {},
        },
        event.created,
      );
    }
  }

  // ------------------------------------------------------------------------------------------
  // Claims
  // ------------------------------------------------------------------------------------------

  /** Identity found or created the claimer's account. */
  async linkClaimant(claimId: string, userId: string): Promise<void> {
    const claim = await this.d.claims.findById(claimId);
    if (!claim || claim.userId) return;
    await this.d.claims.setUser(claimId, userId);
  }

  /** Approves a pending claim: one approved claim per company (409 afterwards); publishes `claim.approved.v1`. */
  async approveClaim(claimId: string, admin: SessionUser, options: { adminNotes?: string; businessVerified?: boolean }): Promise<ClaimDoc> {
    const claim = await this.d.claims.findById(claimId);
    if (!claim) throw notFound(MESSAGES.claimNotFound);
    if (claim.status !== 'pending') throw conflict(`This claim was already ${claim.status}`);
    if (!claim.userId) throw conflict(MESSAGES.accountPending);
    const company = await this.company(claim.companyId);
    if (!company) throw notFound(MESSAGES.companyNotFound);
    if (company.owned && company.userId !== claim.userId) throw conflict(MESSAGES.alreadyClaimed);
    if (!(await this.d.claims.reserveApproval(claim.companyId, claim._id))) throw conflict(MESSAGES.approvedElsewhere);
    const now = new Date().toISOString();
    const data: ClaimApprovedV1['data'] = {
      claimId: claim._id,
      companyId: claim.companyId,
      userId: claim.userId,
      claimedAt: now,
      businessVerified: options.businessVerified ?? true,
      approvedBy: admin.id,
      claimerEmail: claim.claimerEmail,
      companyName: claim.companyName,
    };
    const decided = await this.d.claims.decide(
      claim._id,
      { status: 'approved', approvedAt: now, approvedBy: admin.id, adminNotes: options.adminNotes ?? claim.adminNotes },
      [newEvent('claim.approved.v1', claim.companyId, data, now)],
    );
    if (!decided) {
      await this.d.claims.releaseApproval(claim.companyId, claim._id);
      throw conflict('This claim was decided meanwhile');
    }
    if (claim.subscriptionId)
      await this.d.subscriptions.setOwner(claim.subscriptionId, { userId: claim.userId, companyId: claim.companyId });
    return decided;
  }

  /** Rejects a pending claim with `claim.rejected.v1`; billing's consumer refunds, cancels and mails. */
  async rejectClaim(claimId: string, admin: SessionUser, options: { adminNotes?: string; reason?: string }): Promise<ClaimDoc> {
    const claim = await this.d.claims.findById(claimId);
    if (!claim) throw notFound(MESSAGES.claimNotFound);
    if (claim.status !== 'pending') throw conflict(`This claim was already ${claim.status}`);
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
    const decided = await this.d.claims.decide(
      claim._id,
      {
        status: 'rejected',
        rejectedAt: now,
        rejectedBy: admin.id,
        adminNotes: options.adminNotes ?? options.reason ?? claim.adminNotes,
        refundStatus: 'pending',
      },
      [newEvent('claim.rejected.v1', claim.companyId, data, now)],
    );
    if (!decided) throw conflict('This claim was decided meanwhile');
    await this.d.claims.releaseOpenClaim(claim.companyId, claim.stripePaymentIntentId);
    return decided;
  }

  /** After a rejection: refund the payment and end the subscription now (idempotency keys make a retry harmless). */
  async refundRejectedClaim(claimId: string): Promise<void> {
    const claim = await this.d.claims.findById(claimId);
    if (!claim || claim.status !== 'rejected' || claim.refundStatus === 'refunded') return;
    const provider = await this.d.registry.current();
    if (claim.subscriptionId) {
      const state = await provider.cancelSubscription(claim.subscriptionId, {
        atPeriodEnd: false,
        idempotencyKey: `claim-cancel:${claim._id}`,
      });
      await this.d.subscriptions.applyProviderState(claim.subscriptionId, state, new Date().toISOString());
    }
    try {
      const refund = await provider.refundPayment(claim.stripePaymentIntentId, { idempotencyKey: `claim-refund:${claim._id}` });
      await this.d.claims.setRefund(claim._id, 'refunded', refund.refundId);
    } catch (err) {
      await this.d.claims.setRefund(claim._id, 'failed', null);
      throw err;
    }
  }

  // ------------------------------------------------------------------------------------------
  // Subscriptions
  // ------------------------------------------------------------------------------------------

  /** Cancels at the end of the paid period (the listing stays active until then). */
  async cancelSubscription(id: string): Promise<void> {
    const sub = await this.d.subscriptions.findById(id);
    if (!sub) throw notFound('Subscription not found');
    if (sub.status === 'canceled') throw conflict('This subscription has already ended');
    const provider = await this.d.registry.current();
    const state = await provider.cancelSubscription(id, {
      atPeriodEnd: sub.status === 'active',
      idempotencyKey: `cancel:${id}:${sub.version}`,
    });
    await this.d.subscriptions.applyProviderState(id, state, new Date().toISOString());
  }

  // ------------------------------------------------------------------------------------------
  // Paid listings (§2.5)
  // ------------------------------------------------------------------------------------------

  /**
   * Registers a paid listing for `userId`. It stays with billing until its payment succeeded; then
   * `listing.registered.v1` makes the directory create the company. With `paymentIntentId` (the
   * visitor's flow: paid first), that payment is checked and the listing is paid at once.
   */
  async registerListing(
    body: BusinessListingBody,
    caller: ListingCaller & { userId: string },
    paymentIntentId: string | undefined,
  ): Promise<ListingDoc> {
    const userId = caller.userId;
    const payment = paymentIntentId ? await this.checkListingPayment(paymentIntentId, caller) : null;
    const listingId = randomUUID();
    // Bound before the listing exists, atomically: one payment pays one listing however the calls race.
    if (payment && !(await this.d.payments.bindListing(payment._id, listingId, userId))) throw conflict(MESSAGES.paymentUsed);
    const now = new Date().toISOString();
    const company: ListingCompany = {
      name: body.name,
      description: body.description ?? null,
      phone: body.phone ?? null,
      email: body.email ?? null,
      businessEmail: body.businessEmail,
      website: body.website,
      address: body.address ?? null,
      city: body.city ?? null,
      state: body.state ?? null,
      zipCode: body.zipCode ?? null,
      latitude: body.latitude ?? null,
      longitude: body.longitude ?? null,
      priceRange: body.priceRange ?? null,
      services: body.services ?? [],
      vehicleTypes: body.vehicleTypes ?? [],
      hourlyRateStart: body.hourlyRateStart ?? null,
      seoKeywords: body.seoKeywords ?? null,
      seoTags: body.seoTags ?? null,
      fullAddress: body.fullAddress,
    };
    const listing = await this.d.listings.insert({
      _id: listingId,
      userId,
      company,
      status: 'unpaid',
      paymentIntentId: null,
      subscriptionId: null,
      createdAt: now,
      paidAt: null,
    });
    if (!payment) return listing;
    await this.completeListing(listing._id, { ...payment, companyId: listing._id, userId }, now);
    return (await this.d.listings.findById(listing._id)) ?? listing;
  }

  /**
   * A succeeded, unused payment for a new listing, made by the caller (the same signed-in user, or for
   * a visitor's payment the e-mail it was made with); 4xx otherwise.
   */
  async checkListingPayment(paymentIntentId: string, caller: ListingCaller): Promise<PaymentDoc> {
    const payment = PAYMENT_INTENT_ID.test(paymentIntentId) ? await this.d.payments.findById(paymentIntentId) : null;
    if (!payment) throw notFound(MESSAGES.paymentNotFound);
    if (payment.purpose !== 'business_listing') throw badRequest('This payment is for a claim, not a business listing', 'paymentIntentId');
    if (payment.companyId || (await this.d.listings.findByPaymentIntent(payment._id))) throw conflict(MESSAGES.paymentUsed);
    const payer = payment.userId
      ? payment.userId === caller.userId
      : payment.listingEmail !== null && payment.listingEmail === caller.email?.trim().toLowerCase();
    if (!payer) throw forbidden(MESSAGES.notYourPayment);
    await this.verifiedPayment(payment._id);
    return payment;
  }

  /** Marks the listing paid once and hands its subscription to the owner (announced active). */
  private async completeListing(listingId: string, payment: PaymentDoc, at: string): Promise<void> {
    const paid = await this.d.listings.markPaid(listingId, payment._id, payment.subscriptionId, at);
    const listing = paid ?? (await this.d.listings.findById(listingId));
    if (listing?.status === 'paid' && listing.paymentIntentId === payment._id) {
      await this.d.subscriptions.setOwner(payment.subscriptionId, { userId: listing.userId, companyId: listing._id });
    }
  }
}
