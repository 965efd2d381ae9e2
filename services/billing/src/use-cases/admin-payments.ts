import { conflict, literalPattern, notFound, type SessionUser } from '@limo/platform';
import { ADMIN_PAYMENTS_PAGE_SIZE, type AdminPayment, type AdminSubscription, type LedgerStatus } from '@limo/contracts';
import { subscriptionCancelledMail } from '../mails/billing-mails.js';
import { isPaid, paymentState } from '../domain/lifecycle.js';
import type { LedgerSearch, PaymentDoc } from '../repositories/payments.repository.js';
import { toSubscriptionView, type SubscriptionDoc } from '../repositories/subscriptions.repository.js';
import type { BillingFacts } from './billing-facts.js';
import { cancellationMailKey } from './my-subscription.js';

const ADMIN_PAYMENT_MESSAGES = {
  paymentNotFound: 'Payment not found',
  subscriptionNotFound: 'Subscription not found',
  notSucceeded: 'Only a succeeded payment can be refunded',
  alreadyRefunded: 'This payment was already refunded',
  claimPending: "This payment's claim is waiting for review: reject the claim to refund it",
  ended: 'This subscription has already ended',
  notActive: 'Only an active subscription can be cancelled at the end of its period; cancel it now instead',
} as const;

/** How many of the ids a search matched elsewhere (users, companies, claims, listings) the ledger query takes. */
const SEARCH_MATCH_LIMIT = 1000;

/** The admin's money tools: the payments ledger, refunds and the subscriptions with their actions. */
export class AdminPaymentsUseCase {
  constructor(private readonly facts: BillingFacts) {}

  private get d() {
    return this.facts.d;
  }

  /**
   * One page of every payment, newest first, with its payer, company, claim or listing and refund;
   * filtered, searched and paged in the repository's query (not in memory).
   */
  async ledger(query: { status?: LedgerStatus; q?: string; page?: number }): Promise<{ rows: AdminPayment[]; total: number }> {
    const text = query.q?.trim();
    const search = text ? await this.searchMatches(text) : undefined;
    const refundedIds = query.status ? await this.refundedIds() : [];
    const { payments, total } = await this.d.payments.ledgerPage(
      { ...(query.status && { status: query.status, refundedIds }), ...(search && { search }) },
      query.page ?? 1,
      ADMIN_PAYMENTS_PAGE_SIZE,
    );
    return { rows: await Promise.all(payments.map((p) => this.row(p))), total };
  }

  /** Payments with a refund recorded on them (the ledger's or their claim's), as the rows show them refunded. */
  private async refundedIds(): Promise<string[]> {
    const [refunds, claims] = await Promise.all([
      this.d.ledger.refunds.find({ status: 'refunded' }),
      this.d.claims.claims.find({ refundStatus: 'refunded' }),
    ]);
    return [...new Set([...refunds.map((r) => r._id), ...claims.map((c) => c.stripePaymentIntentId)])];
  }

  /** What a search text matches besides the payment's own e-mails: payers' accounts, companies, claims and listings. */
  private async searchMatches(text: string): Promise<LedgerSearch> {
    const like = { $regex: literalPattern(text), $options: 'i' };
    const limit = { limit: SEARCH_MATCH_LIMIT };
    const [users, companies, listings, claims] = await Promise.all([
      this.d.readModels.users.find({ email: like }, limit),
      this.d.readModels.companies.find({ name: like }, limit),
      this.d.listings.listings.find({ 'company.name': like }, limit),
      this.d.claims.claims.find({ $or: [{ companyName: like }, { claimerEmail: like }] }, limit),
    ]);
    return {
      text,
      userIds: users.map((u) => u._id),
      companyIds: [...companies.map((c) => c._id), ...listings.map((l) => l._id)],
      paymentIds: claims.map((c) => c.stripePaymentIntentId),
    };
  }

  async row(p: PaymentDoc): Promise<AdminPayment> {
    const [claim, listing, refund, payerEmail, companyName] = await Promise.all([
      this.d.claims.findByPaymentIntent(p._id),
      this.d.listings.findByPaymentIntent(p._id),
      this.d.ledger.findRefund(p._id),
      this.facts.payerEmail(p),
      this.facts.companyName(p.companyId, p._id),
    ]);
    const state = paymentState(p.status);
    const refunded = state === 'refunded' || refund?.status === 'refunded' || claim?.refundStatus === 'refunded';
    return {
      id: p._id,
      provider: p.provider,
      purpose: p.purpose,
      plan: p.plan,
      amount: p.amount,
      currency: p.currency,
      // The lifecycle's states as the ledger shows them: paid (used for its claim or listing, or not yet) is "succeeded".
      status: refunded ? 'refunded' : isPaid(p.status) ? 'succeeded' : state === 'failed' ? 'failed' : 'open',
      lastError: p.lastError,
      payerEmail: payerEmail ?? claim?.claimerEmail ?? null,
      payerUserId: p.userId ?? claim?.userId ?? null,
      companyId: p.companyId,
      companyName,
      claim: claim ? { id: claim._id, status: claim.status } : null,
      listing: listing ? { id: listing._id, status: listing.status } : null,
      upgrade: p.upgrade === true,
      subscriptionId: p.subscriptionId,
      createdAt: p.createdAt,
      succeededAt: p.succeededAt,
      refund: refund
        ? {
            refundId: refund.refundId,
            refundedAt: refund.status === 'refunded' ? refund.at : null,
            reason: refund.reason,
            amount: refund.amount,
          }
        : claim && claim.refundStatus !== 'none'
          ? { refundId: claim.refundId, refundedAt: claim.rejectedAt, reason: claim.adminNotes, amount: claim.paymentAmount }
          : null,
    };
  }

  /** Refunds a succeeded payment in full, once, and ends its subscription at once. */
  async refund(id: string, admin: SessionUser, reason: string | null): Promise<AdminPayment> {
    const payment = /^pi_[A-Za-z0-9_]+$/.test(id) ? await this.d.payments.findById(id) : null;
    if (!payment) throw notFound(ADMIN_PAYMENT_MESSAGES.paymentNotFound);
    if (paymentState(payment.status) === 'refunded') throw conflict(ADMIN_PAYMENT_MESSAGES.alreadyRefunded);
    if (!isPaid(payment.status)) throw conflict(ADMIN_PAYMENT_MESSAGES.notSucceeded);
    const claim = await this.d.claims.findByPaymentIntent(payment._id);
    if (claim?.refundStatus === 'refunded' || claim?.refundStatus === 'pending') throw conflict(ADMIN_PAYMENT_MESSAGES.alreadyRefunded);
    if (claim?.status === 'pending') throw conflict(ADMIN_PAYMENT_MESSAGES.claimPending);
    const now = new Date().toISOString();
    const started = await this.d.ledger.startRefund({
      _id: payment._id,
      refundId: null,
      status: 'pending',
      amount: payment.amount,
      reason,
      by: admin.id,
      at: now,
    });
    if (!started) throw conflict(ADMIN_PAYMENT_MESSAGES.alreadyRefunded);
    const provider = await this.d.registry.current();
    try {
      const result = await provider.refundPayment(payment._id, { idempotencyKey: `admin-refund:${payment._id}` });
      await this.d.ledger.finishRefund(payment._id, 'refunded', result.refundId);
      // The payment's own lifecycle: succeeded/used → refunded.
      await this.d.payments.markRefunded(payment._id, { refundId: result.refundId, amount: payment.amount, at: now, reason });
    } catch (err) {
      await this.d.ledger.finishRefund(payment._id, 'failed', null);
      throw err;
    }
    const sub = await this.d.subscriptions.findById(payment.subscriptionId);
    if (sub && sub.status !== 'canceled') {
      const state = await provider.cancelSubscription(sub._id, {
        atPeriodEnd: false,
        idempotencyKey: `admin-refund-cancel:${payment._id}`,
      });
      await this.d.subscriptions.applyProviderState(sub._id, state, new Date().toISOString());
    }
    return this.row(payment);
  }

  /** Every subscription with its company and payer, newest first. */
  async subscriptions(): Promise<AdminSubscription[]> {
    return Promise.all((await this.d.subscriptions.find({})).map((s) => this.subscriptionRow(s)));
  }

  private async subscriptionRow(s: SubscriptionDoc): Promise<AdminSubscription> {
    return {
      ...toSubscriptionView(s),
      companyName: await this.facts.companyName(s.companyId, s.paymentIntentId),
      email: await this.facts.subscriptionEmail(s),
    };
  }

  /** Cancels now, or at the end of the paid period (the listing stays active until then); mails the owner. */
  async cancelSubscription(id: string, atPeriodEnd: boolean): Promise<{ message: string; subscription: AdminSubscription }> {
    const sub = await this.d.subscriptions.findById(id);
    if (!sub) throw notFound(ADMIN_PAYMENT_MESSAGES.subscriptionNotFound);
    if (sub.status === 'canceled') throw conflict(ADMIN_PAYMENT_MESSAGES.ended);
    if (atPeriodEnd && sub.status !== 'active') throw conflict(ADMIN_PAYMENT_MESSAGES.notActive);
    const provider = await this.d.registry.current();
    const state = await provider.cancelSubscription(id, {
      atPeriodEnd,
      idempotencyKey: `admin-cancel:${id}:${atPeriodEnd ? 'end' : 'now'}:${sub.version}`,
    });
    const saved = (await this.d.subscriptions.applyProviderState(id, state, new Date().toISOString())) ?? sub;
    const endsOn = atPeriodEnd ? (saved.currentPeriodEnd ?? state.currentPeriodEnd) : (saved.canceledAt ?? new Date().toISOString());
    const to = await this.facts.subscriptionEmail(saved);
    if (to && endsOn) {
      await this.facts.sendQuietly({
        ...subscriptionCancelledMail(
          { to, companyName: await this.facts.companyName(saved.companyId, saved.paymentIntentId), endsOn, atPeriodEnd },
          this.d.links,
        ),
        idempotencyKey: cancellationMailKey(saved),
      });
    }
    return {
      message: atPeriodEnd ? `Cancelled at the period's end: the listing stays active until ${endsOn}` : 'Subscription cancelled now',
      subscription: await this.subscriptionRow(saved),
    };
  }
}
