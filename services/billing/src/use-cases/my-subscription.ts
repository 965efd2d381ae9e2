import {
  CLAIM_PLAN,
  type MySubscription,
  type MySubscriptionCardBody,
  type MySubscriptionCardConfirmBody,
  type MySubscriptionCardResponse,
  type Receipt,
} from '@limo/contracts';
import { badRequest, conflict, HttpError, notFound, type SessionUser } from '@limo/platform';
import { longDate, subscriptionCancelledMail } from '../mails/billing-mails.js';
import { CardDeclinedError, type CardView } from '../payments/payments.port.js';
import { receiptNumberOf } from '../repositories/ledger.repository.js';
import type { SubscriptionDoc } from '../repositories/subscriptions.repository.js';
import type { BillingFacts } from './billing-facts.js';
import { CARD_UPDATE_MESSAGES, confirmCardSetup, startCardSetup } from './card-updates.js';

const MY_SUBSCRIPTION_MESSAGES = {
  none: 'No subscription yet',
  noneForCompany: 'You have no subscription for this company',
  ended: 'This subscription has already ended',
  alreadyCancelled: 'This subscription is already cancelled',
  notActive: 'Only an active subscription can be cancelled; contact support',
  notCancelled: 'This subscription is not cancelled',
  cardIncomplete: 'Please complete all payment fields.',
  cardNotHere: 'Enter the card in the secure card form: card numbers are not sent to this site',
  noCardSetup: 'Card updates with this payment provider take a test card: send it to POST /api/my-subscription/card',
} as const;

const LIVE = new Set(['active', 'past_due', 'unpaid']);

/** The cancellation mail, keyed by the subscription and its cancellation: the provider's event sends the same one. */
export function cancellationMailKey(sub: { _id: string; canceledAt: string | null }): string {
  return `subscription-cancelled:${sub._id}:${sub.canceledAt ?? 'now'}`;
}

/** `GET/POST /api/my-subscription…`: the owner's own subscription, as Stripe's customer portal shows it. */
export class MySubscriptionUseCase {
  constructor(private readonly facts: BillingFacts) {}

  private get d() {
    return this.facts.d;
  }

  /**
   * The user's subscriptions: handed to them (approved claim, paid listing), or paid by them (a claim
   * awaiting review, a payment made signed in). Abandoned checkouts are left out.
   */
  async owned(userId: string): Promise<SubscriptionDoc[]> {
    const [subs, claims, payments, listings] = await Promise.all([
      this.d.subscriptions.find({ userId }),
      this.d.claims.claims.find({ userId, status: { $ne: 'rejected' } }),
      this.d.payments.payments.find({ userId, status: { $in: ['succeeded', 'used'] } }),
      this.d.listings.listings.find({ userId, status: 'paid' }),
    ]);
    // Paid for (a claim, a payment that went through, a paid listing): its own or not yet.
    const paid = new Set([...claims, ...payments, ...listings].map((x) => x.subscriptionId).filter((id): id is string => id !== null));
    const ids = new Set(subs.map((s) => s._id));
    const more = [...paid].filter((id) => !ids.has(id));
    const extra = more.length ? await this.d.subscriptions.find({ _id: { $in: more } }) : [];
    // A paid checkout whose provider event is still on its way counts (an upgrade of the user's own
    // company is theirs from the start); an abandoned one does not.
    return [...subs, ...extra].filter((s) => (s.status !== 'incomplete' && s.status !== 'incomplete_expired') || paid.has(s._id));
  }

  /** The subscription of `companyId` (one the user owns, else 404), or the first live one (oldest first). */
  private async pick(user: SessionUser, companyId: string | undefined): Promise<{ sub: SubscriptionDoc; all: SubscriptionDoc[] }> {
    const all = await this.owned(user.id);
    const candidates = companyId ? all.filter((s) => s.companyId === companyId) : all;
    if (candidates.length === 0) throw notFound(companyId ? MY_SUBSCRIPTION_MESSAGES.noneForCompany : MY_SUBSCRIPTION_MESSAGES.none);
    const live = candidates.filter((s) => LIVE.has(s.status)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return { sub: live[0] ?? candidates[0], all };
  }

  async view(user: SessionUser, companyId?: string): Promise<MySubscription> {
    const { sub, all } = await this.pick(user, companyId);
    return this.describe(sub, all);
  }

  /** Cancels at the end of the year paid: the listing stays active until then; mails the end date. */
  async cancel(user: SessionUser, companyId?: string): Promise<{ message: string; subscription: MySubscription }> {
    const { sub, all } = await this.pick(user, companyId);
    if (sub.status === 'canceled') throw conflict(MY_SUBSCRIPTION_MESSAGES.ended);
    if (sub.cancelAtPeriodEnd) throw conflict(MY_SUBSCRIPTION_MESSAGES.alreadyCancelled);
    if (sub.status !== 'active') throw conflict(MY_SUBSCRIPTION_MESSAGES.notActive);
    const provider = await this.d.registry.current();
    const state = await provider.cancelSubscription(sub._id, {
      atPeriodEnd: true,
      idempotencyKey: `owner-cancel:${sub._id}:${sub.version}`,
    });
    const saved = (await this.d.subscriptions.applyProviderState(sub._id, state, new Date().toISOString())) ?? sub;
    const endsOn = saved.currentPeriodEnd ?? state.currentPeriodEnd;
    const to = await this.facts.subscriptionEmail(saved);
    if (to && endsOn) {
      const companyName = await this.facts.companyName(saved.companyId, saved.paymentIntentId);
      await this.facts.sendQuietly({
        ...subscriptionCancelledMail({ to, companyName, endsOn, atPeriodEnd: true }, this.d.links),
        idempotencyKey: cancellationMailKey(saved),
      });
    }
    return {
      message: endsOn ? `Cancelled: your listing stays active until ${longDate(endsOn)}` : 'Cancelled',
      subscription: await this.describe(saved, all),
    };
  }

  /** Undoes a cancellation before the period ends: the subscription renews again. */
  async resume(user: SessionUser, companyId?: string): Promise<{ message: string; subscription: MySubscription }> {
    const { sub, all } = await this.pick(user, companyId);
    if (sub.status === 'canceled') throw conflict(MY_SUBSCRIPTION_MESSAGES.ended);
    if (!sub.cancelAtPeriodEnd) throw conflict(MY_SUBSCRIPTION_MESSAGES.notCancelled);
    const provider = await this.d.registry.current();
    const state = await provider.resumeSubscription(sub._id, { idempotencyKey: `owner-resume:${sub._id}:${sub.version}` });
    const saved = (await this.d.subscriptions.applyProviderState(sub._id, state, new Date().toISOString())) ?? sub;
    return {
      message: saved.currentPeriodEnd ? `Resumed: your subscription renews on ${longDate(saved.currentPeriodEnd)}` : 'Resumed',
      subscription: await this.describe(saved, all),
    };
  }

  /**
   * Puts a new card on the subscription. With Stripe: starts a SetupIntent whose client secret the
   * page confirms with Stripe Elements (then `confirmCard`, or the webhook). With the simulator: its
   * test card, at once; a past-due renewal is paid with it, which makes the subscription active again
   * and mails its receipt.
   */
  async updateCard(user: SessionUser, body: MySubscriptionCardBody): Promise<MySubscriptionCardResponse> {
    const { sub, all } = await this.pick(user, body.companyId);
    if (sub.status === 'canceled') throw conflict(MY_SUBSCRIPTION_MESSAGES.ended);
    const provider = await this.d.registry.current();
    const { cardNumber, expiry, cvc } = body;
    if (provider.cardSetup) {
      if (cardNumber !== undefined || expiry !== undefined || cvc !== undefined)
        throw badRequest(MY_SUBSCRIPTION_MESSAGES.cardNotHere, 'cardNumber');
      const setup = await startCardSetup(provider.cardSetup, sub);
      return { message: CARD_UPDATE_MESSAGES.started, subscription: await this.describe(sub, all), ...setup };
    }
    const simulator = this.d.registry.simulator();
    if (!simulator) throw conflict(MY_SUBSCRIPTION_MESSAGES.noCardSetup);
    if (cardNumber === undefined || expiry === undefined || cvc === undefined) {
      const missing = (['cardNumber', 'expiry', 'cvc'] as const).filter((f) => body[f] === undefined);
      throw new HttpError(
        400,
        MY_SUBSCRIPTION_MESSAGES.cardIncomplete,
        missing.map((field) => ({ field, message: MY_SUBSCRIPTION_MESSAGES.cardIncomplete })),
      );
    }
    let updated: ReturnType<typeof simulator.updateCard>;
    try {
      updated = simulator.updateCard(sub._id, { cardNumber, expiry, cvc });
    } catch (err) {
      if (err instanceof CardDeclinedError) throw new HttpError(402, `${err.message} (test mode)`);
      throw err;
    }
    if (!updated) throw notFound(MY_SUBSCRIPTION_MESSAGES.none);
    await this.d.subscriptions.setCard(sub._id, updated.card);
    const state = await provider.retrieveSubscription(sub._id);
    const saved = (state && (await this.d.subscriptions.applyProviderState(sub._id, state, new Date().toISOString()))) ??
      (await this.d.subscriptions.findById(sub._id)) ?? { ...sub, card: updated.card };
    const paid = sub.status === 'past_due' && saved.status === 'active';
    return {
      message: paid ? 'Card updated and the renewal paid' : 'Card updated: your renewals are charged to it',
      subscription: await this.describe(saved, all),
    };
  }

  /** Stripe: the SetupIntent the card form confirmed becomes the subscription's card (safe to repeat; the webhook does the same). */
  async confirmCard(user: SessionUser, body: MySubscriptionCardConfirmBody): Promise<{ message: string; subscription: MySubscription }> {
    const { sub, all } = await this.pick(user, body.companyId);
    if (sub.status === 'canceled') throw conflict(MY_SUBSCRIPTION_MESSAGES.ended);
    const provider = await this.d.registry.current();
    if (!provider.cardSetup) throw conflict(MY_SUBSCRIPTION_MESSAGES.noCardSetup);
    const saved = await confirmCardSetup(this.d, provider.cardSetup, sub, body.setupIntentId);
    return { message: CARD_UPDATE_MESSAGES.saved, subscription: await this.describe(saved, all) };
  }

  /** The subscription as the Billing tab shows it, with its receipts (newest first) and the card. */
  async describe(sub: SubscriptionDoc, all: SubscriptionDoc[]): Promise<MySubscription> {
    const claim = await this.d.claims.findByPaymentIntent(sub.paymentIntentId);
    const verificationPending = claim?.status === 'pending';
    const invoices = await this.receipts(sub);
    const card = sub.card ?? invoices.find((i) => i.card)?.card ?? (await this.cardOf(sub.paymentIntentId));
    const ended = sub.status === 'canceled';
    const endsOn = ended ? (sub.canceledAt ?? sub.currentPeriodEnd) : sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : null;
    const renewsOn = !ended && !sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : null;
    return {
      subscriptionId: sub._id,
      companyId: sub.companyId ?? claim?.companyId ?? null,
      companyName: await this.facts.companyName(sub.companyId ?? claim?.companyId ?? null, sub.paymentIntentId),
      plan: { id: CLAIM_PLAN.id, name: CLAIM_PLAN.name, interval: 'year' },
      status: sub.status,
      verificationPending,
      statusLabel: statusLabel(sub, verificationPending, endsOn),
      amount: sub.amount,
      currency: CLAIM_PLAN.currency,
      renewsOn,
      endsOn,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      card,
      invoices,
      others: await Promise.all(
        all
          .filter((s) => s._id !== sub._id)
          .map(async (s) => ({
            subscriptionId: s._id,
            companyId: s.companyId,
            companyName: await this.facts.companyName(s.companyId, s.paymentIntentId),
          })),
      ),
    };
  }

  /** Every charge of the subscription: the recorded receipts, and a paid checkout whose receipt is still on its way. */
  private async receipts(sub: SubscriptionDoc): Promise<Receipt[]> {
    const [recorded, paid] = await Promise.all([
      this.d.ledger.receiptsOf([sub._id]),
      this.d.payments.payments.find({ subscriptionId: sub._id, status: { $in: ['succeeded', 'used'] } }),
    ]);
    const rows = recorded.map((r) => ({ id: r._id, amount: r.amount, paidAt: r.paidAt, card: r.card, description: r.description }));
    for (const p of paid) {
      if (!rows.some((r) => r.id === p._id))
        rows.push({ id: p._id, amount: p.amount, paidAt: p.succeededAt ?? p.createdAt, card: null, description: CLAIM_PLAN.name });
    }
    const refunds = await this.d.ledger.refundsOf(rows.map((r) => r.id));
    const claims = await this.d.claims.claims.find({ stripePaymentIntentId: { $in: rows.map((r) => r.id) }, refundStatus: 'refunded' });
    return rows
      .sort((a, b) => b.paidAt.localeCompare(a.paidAt))
      .map((r) => {
        const refund = refunds.find((x) => x._id === r.id && x.status === 'refunded');
        const claimRefund = claims.find((c) => c.stripePaymentIntentId === r.id);
        return {
          receiptNumber: receiptNumberOf(r.id),
          paymentIntentId: r.id,
          amount: r.amount,
          currency: CLAIM_PLAN.currency,
          paidAt: r.paidAt,
          status: refund || claimRefund ? 'refunded' : 'paid',
          refundedAt: refund?.at ?? claimRefund?.rejectedAt ?? null,
          description: r.description,
          card: r.card,
        };
      });
  }

  private async cardOf(paymentIntentId: string): Promise<CardView | null> {
    try {
      return (await (await this.d.registry.current()).retrievePaymentIntent(paymentIntentId))?.card ?? null;
    } catch (err) {
      this.d.logger.warn({ err, paymentIntentId }, 'could not read the card of a payment');
      return null;
    }
  }
}

/** "Active · verification pending", "Active · ends on May 1, 2027", "Cancelled · ended on …". */
function statusLabel(sub: SubscriptionDoc, verificationPending: boolean, endsOn: string | null): string {
  if (sub.status === 'canceled') return endsOn ? `Cancelled · ended on ${longDate(endsOn)}` : 'Cancelled';
  const first: Partial<Record<SubscriptionDoc['status'], string>> = {
    active: 'Active',
    past_due: 'Past due · update your card',
    incomplete: 'Payment processing',
  };
  const parts = [first[sub.status] ?? 'Unpaid'];
  if (verificationPending) parts.push('verification pending');
  if (sub.cancelAtPeriodEnd && endsOn) parts.push(`ends on ${longDate(endsOn)}`);
  return parts.join(' · ');
}
