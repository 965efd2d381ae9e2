import { beforeEach, describe, expect, it } from 'vitest';
import type { PaymentProviderEventReceivedV1, PaymentSucceededV1 } from '@limo/contracts';
import type { SessionUser } from '@limo/platform';
import { onPaymentSucceededReceipt, onProviderEventMails } from '../../src/consumers/on-billing-mails.js';
import { receiptNumberOf } from '../../src/repositories/ledger.repository.js';
import { AdminPaymentsUseCase } from '../../src/use-cases/admin-payments.js';
import { longDate } from '../../src/mails/billing-mails.js';
import { createPaymentIntent } from '../../src/use-cases/checkout.js';
import { processPaymentSuccess } from '../../src/use-cases/payment-success.js';
import { approveClaim, linkClaimant, refundRejectedClaim, rejectClaim } from '../../src/use-cases/claims.js';
import { cancellationMailKey, MySubscriptionUseCase } from '../../src/use-cases/my-subscription.js';
import { HttpError } from '@limo/platform';
import { refusal } from '@limo/platform/testing';
import { billingWorld, MemoryCardSetup, paidCheckout, paidUpgrade, pendingRefund, signedIn, type BillingWorld } from './support.js';

// GET/POST /api/my-subscription…: the owner's Billing tab (status, renewal, receipts, card) and what they may do.
const card = (cardNumber: string) => ({ cardNumber, expiry: '12/40', cvc: '123' });

describe("the owner's subscription", () => {
  let w: BillingWorld;
  let mine: MySubscriptionUseCase;
  let dana: SessionUser;
  beforeEach(async () => {
    w = await billingWorld();
    mine = new MySubscriptionUseCase(w.facts);
    dana = signedIn('dana');
  });

  /** Dana's paid upgrade of her own company, its webhooks delivered: the company id. */
  const paidListing = async (name = 'Dana Limos') => (await paidUpgrade(w, dana, name)).companyId;

  it('answers 404 to a user without one, or for a company they pay nothing for', async () => {
    expect(await refusal(mine.view(dana))).toEqual({ status: 404, message: 'No subscription yet' });
    await paidListing();
    expect(await refusal(mine.view(dana, 'another-company'))).toEqual({
      status: 404,
      message: 'You have no subscription for this company',
    });
  });

  it('shows a paid listing: active, renewing in a year, its $75 receipt and card', async () => {
    const companyId = await paidListing('Dana Limos');
    const view = await mine.view(dana, companyId);
    expect(view).toMatchObject({
      companyId,
      companyName: 'Dana Limos',
      plan: { id: 'claim', name: 'Business Directory Access', interval: 'year' },
      status: 'active',
      verificationPending: false,
      statusLabel: 'Active',
      amount: 7500,
      currency: 'usd',
      endsOn: null,
      cancelAtPeriodEnd: false,
      card: { last4: '4242' },
      others: [],
    });
    const inAYear = Date.now() + 365 * 24 * 3600 * 1000;
    expect(Math.abs(Date.parse(view.renewsOn ?? '') - inAYear)).toBeLessThan(3 * 24 * 3600 * 1000);
    expect(view.invoices).toEqual([
      expect.objectContaining({
        amount: 7500,
        currency: 'usd',
        status: 'paid',
        refundedAt: null,
        description: 'Business Directory Access',
      }),
    ]);
  });

  it('shows a claim awaiting review as pending verification, then verified once approved', async () => {
    const companyId = await w.company({ name: 'Mile High Limousines' });
    await paidCheckout(w, { plan: 'claim', companyId }, dana);
    await w.deliverWebhooks();
    expect(await mine.view(dana)).toMatchObject({
      companyName: 'Mile High Limousines',
      verificationPending: true,
      statusLabel: 'Active · verification pending',
    });
    const claim = (await w.d.claims.claims.find({ companyId }))[0];
    await approveClaim(w.d, claim._id, signedIn('root', 'admin'), {});
    expect(await mine.view(dana)).toMatchObject({ verificationPending: false, statusLabel: 'Active' });
  });

  /** Dana's paid claim of a company (called `name`), rejected and refunded, its webhooks delivered: the company id. */
  async function rejectedClaim(name?: string): Promise<string> {
    const companyId = await w.company({ name });
    await paidCheckout(w, { plan: 'claim', companyId }, dana);
    await w.deliverWebhooks();
    const claim = (await w.d.claims.claims.find({ companyId }))[0];
    await rejectClaim(w.d, claim._id, signedIn('root', 'admin'), {});
    await refundRejectedClaim(w.d, claim._id);
    await w.deliverWebhooks();
    return companyId;
  }

  it('shows the subscription of a rejected claim as ended', async () => {
    await rejectedClaim();
    const view = await mine.view(dana);
    expect(view).toMatchObject({ status: 'canceled' });
    // It ended on the day of the refund, not at the end of the year it would have lasted.
    const sub = await w.subscription(view.subscriptionId);
    expect(sub?.canceledAt).toBeTruthy();
    expect(view.endsOn).toBe(sub?.canceledAt);
    expect(view.renewsOn).toBeNull();
    expect(view.statusLabel).toBe(`Cancelled · ended on ${longDate(sub?.canceledAt ?? '')}`);
  });

  it('cancels at the end of the year paid, mails the date, and resumes before it', async () => {
    const companyId = await paidListing('Dana Limos');
    const renewsOn = (await mine.view(dana)).renewsOn ?? '';
    const cancelled = await mine.cancel(dana, companyId);
    expect(cancelled.message).toBe(`Cancelled: your listing stays active until ${longDate(renewsOn)}`);
    expect(cancelled.subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      renewsOn: null,
      endsOn: renewsOn,
      statusLabel: `Active · ends on ${longDate(renewsOn)}`,
    });
    expect(w.mails).toEqual([
      expect.objectContaining({ to: dana.email, subject: 'Your subscription for Dana Limos is cancelled', tag: 'subscription-cancelled' }),
    ]);
    expect(w.mails[0].text).toContain(`will not renew. Your listing stays active until ${longDate(renewsOn)}.`);
    const stored = await w.subscription(cancelled.subscription.subscriptionId);
    if (!stored) throw new Error('no subscription');
    // The provider's cancellation event sends the same mail under the same key: the owner gets one.
    expect(w.mails[0].idempotencyKey).toBe(cancellationMailKey(stored));
    expect(await refusal(mine.cancel(dana))).toEqual({ status: 409, message: 'This subscription is already cancelled' });

    const resumed = await mine.resume(dana);
    expect(resumed.message).toBe(`Resumed: your subscription renews on ${longDate(renewsOn)}`);
    expect(resumed.subscription).toMatchObject({ cancelAtPeriodEnd: false, renewsOn, endsOn: null });
    expect(await refusal(mine.resume(dana))).toEqual({ status: 409, message: 'This subscription is not cancelled' });
  });

  it('cancels only an active subscription, and nothing after it ended', async () => {
    const companyId = await paidListing();
    w.simulator.advance(366 * 24 * 3600 * 1000, { renewalFails: true });
    await w.deliverWebhooks();
    expect(await mine.view(dana)).toMatchObject({ status: 'past_due', statusLabel: 'Past due · update your card' });
    expect(await refusal(mine.cancel(dana))).toEqual({
      status: 409,
      message: 'Only an active subscription can be cancelled; contact support',
    });

    const sub = (await w.d.subscriptions.find({ companyId }))[0];
    const ended = await w.simulator.cancelSubscription(sub._id, { atPeriodEnd: false, idempotencyKey: 'test-end' });
    await w.d.subscriptions.applyProviderState(sub._id, ended, new Date().toISOString());
    const ends = { status: 409, message: 'This subscription has already ended' };
    expect(await refusal(mine.cancel(dana))).toEqual(ends);
    expect(await refusal(mine.resume(dana))).toEqual(ends);
    expect(await refusal(mine.updateCard(dana, card('4242424242424242')))).toEqual(ends);
  });

  it('takes a new test card, and pays a past-due renewal with it', async () => {
    await paidListing();
    expect(await refusal(mine.updateCard(dana, { cardNumber: '4242424242424242' }))).toEqual({
      status: 400,
      message: 'Please complete all payment fields.',
    });
    const declined = await refusal(mine.updateCard(dana, card('4000000000000002')));
    expect(declined.status).toBe(402);
    expect(declined.message).toMatch(/^Your card was declined\..* \(test mode\)$/);
    expect((await mine.updateCard(dana, card('4242424242424242'))).message).toBe('Card updated: your renewals are charged to it');

    w.simulator.advance(366 * 24 * 3600 * 1000, { renewalFails: true });
    await w.deliverWebhooks();
    const paid = await mine.updateCard(dana, card('4242424242424242'));
    expect(paid.message).toBe('Card updated and the renewal paid');
    expect(paid.subscription).toMatchObject({ status: 'active', statusLabel: 'Active' });
  });

  it('lists the other companies the owner pays for, and shows each one asked for', async () => {
    const first = await paidListing('Dana Limos');
    const second = await paidListing('Dana Airport Cars');
    expect(await mine.view(dana, second)).toMatchObject({
      companyName: 'Dana Airport Cars',
      others: [{ companyId: first, companyName: 'Dana Limos' }],
    });
    expect(await mine.view(dana)).toMatchObject({ companyId: first });
    // An abandoned checkout is not a subscription of theirs.
    await createPaymentIntent(w.d, { plan: 'listing', companyId: await w.company({ userId: dana.id }) }, dana, { warn: () => undefined });
    expect((await mine.owned(dana.id)).map((s) => s.companyId).sort()).toEqual([first, second].sort());
  });

  it('leaves out an abandoned claim checkout, though its subscription names the payer', async () => {
    const first = await paidListing('Dana Limos');
    const claimed = await w.company({ name: 'Mile High Limousines' });
    const started = await createPaymentIntent(w.d, { plan: 'claim', companyId: claimed }, dana, { warn: () => undefined });
    expect((await w.subscription(started.subscriptionId ?? null))?.userId).toBe(dana.id);
    expect((await mine.owned(dana.id)).map((s) => s.companyId)).toEqual([first]);
    expect(await refusal(mine.view(dana, claimed))).toEqual({ status: 404, message: 'You have no subscription for this company' });
    // Nor once the provider reports it expired (Stripe expires an unpaid first invoice after a day).
    const subscriptionId = started.subscriptionId ?? '';
    const state = await w.simulator.retrieveSubscription(subscriptionId);
    if (!state) throw new Error('the simulator lost the subscription');
    await w.d.subscriptions.applyProviderState(subscriptionId, { ...state, status: 'incomplete_expired' }, new Date().toISOString());
    expect((await w.subscription(subscriptionId))?.status).toBe('incomplete_expired');
    expect((await mine.owned(dana.id)).map((s) => s.companyId)).toEqual([first]);
  });

  it('shows the live subscription rather than an older one that ended, and an unpaid one as unpaid', async () => {
    const companyId = await rejectedClaim('Mile High Limousines');
    expect(await mine.view(dana)).toMatchObject({ companyId, status: 'canceled' });

    const listed = await paidListing('Dana Limos');
    expect(await mine.view(dana)).toMatchObject({ companyId: listed, status: 'active', others: [expect.objectContaining({ companyId })] });
    // Stripe marks a past-due subscription unpaid when its renewal's retries are spent (by its settings): still hers, still live.
    w.simulator.advance(366 * 24 * 3600 * 1000, { renewalFails: true });
    await w.deliverWebhooks();
    const sub = (await w.d.subscriptions.find({ companyId: listed }))[0];
    expect(sub.status).toBe('past_due');
    const state = await w.simulator.retrieveSubscription(sub._id);
    if (!state) throw new Error('the simulator lost the subscription');
    await w.d.subscriptions.applyProviderState(sub._id, { ...state, status: 'unpaid' }, new Date().toISOString());
    expect(await mine.view(dana)).toMatchObject({ companyId: listed, status: 'unpaid', statusLabel: 'Unpaid' });
  });

  it('keys the cancellation mail by the subscription and its cancellation', () => {
    expect(cancellationMailKey({ _id: 'sub_1', canceledAt: '2027-05-01T00:00:00.000Z' })).toBe(
      'subscription-cancelled:sub_1:2027-05-01T00:00:00.000Z',
    );
    expect(cancellationMailKey({ _id: 'sub_1', canceledAt: null })).toBe('subscription-cancelled:sub_1:now');
  });

  it("shows none of another user's subscriptions, claims or payments", async () => {
    const erin = signedIn('erin');
    await paidUpgrade(w, erin, 'Erin Limos');
    await paidCheckout(w, { plan: 'claim', companyId: await w.company({ name: 'Erin Airport Cars' }) }, erin);
    await w.deliverWebhooks();
    expect(await refusal(mine.view(dana))).toEqual({ status: 404, message: 'No subscription yet' });

    const first = await paidListing('Dana Limos');
    const second = await paidListing('Dana Airport Cars');
    const view = await mine.view(dana, second);
    expect(view.others).toEqual([expect.objectContaining({ companyId: first })]);
    expect(view.invoices).toHaveLength(1);
    expect((await mine.owned(dana.id)).map((s) => s.companyId).sort()).toEqual([first, second].sort());
  });

  it('names each missing card field', async () => {
    await paidListing();
    const missing = async (body: { cardNumber?: string; expiry?: string; cvc?: string }) => {
      const err = await mine.updateCard(dana, body).then(
        () => null,
        (e: unknown) => e,
      );
      if (!(err instanceof HttpError)) throw new Error('the update was not refused');
      expect(err.statusCode).toBe(400);
      return err.errors?.map((e) => `${e.field}: ${e.message}`);
    };
    expect(await missing({ cardNumber: '4242424242424242', expiry: '12/40' })).toEqual(['cvc: Please complete all payment fields.']);
    expect(await missing({ expiry: '12/40', cvc: '123' })).toEqual(['cardNumber: Please complete all payment fields.']);
    expect(await missing({ cardNumber: '4242424242424242', cvc: '123' })).toEqual(['expiry: Please complete all payment fields.']);
    expect(await missing({})).toEqual(['cardNumber', 'expiry', 'cvc'].map((f) => `${f}: Please complete all payment fields.`));
  });

  it('with Stripe, starts a card form instead of taking card numbers, then saves the confirmed card', async () => {
    await paidListing();
    expect(await refusal(mine.confirmCard(dana, { setupIntentId: 'seti_1' }))).toEqual({
      status: 409,
      message: 'Card updates with this payment provider take a test card: send it to POST /api/my-subscription/card',
    });
    const stripe = new MemoryCardSetup();
    Object.assign(w.simulator, { cardSetup: stripe }); // the provider now has Stripe's SetupIntents
    for (const body of [card('4242424242424242'), { cardNumber: '4242424242424242' }, { cvc: '123' }, { expiry: '12/40' }])
      expect(await refusal(mine.updateCard(dana, body))).toEqual({
        status: 400,
        message: 'Enter the card in the secure card form: card numbers are not sent to this site',
      });
    const sent = await mine.updateCard(dana, { cardNumber: '4242424242424242' }).catch((e: unknown) => e);
    expect(sent instanceof HttpError && sent.errors).toEqual([
      { field: 'cardNumber', message: 'Enter the card in the secure card form: card numbers are not sent to this site' },
    ]);
    const started = await mine.updateCard(dana, {});
    expect(started).toMatchObject({ message: 'Enter the new card to save it', setupIntentId: 'seti_1', clientSecret: 'seti_1_secret' });
    expect(started.subscription).toMatchObject({ status: 'active', card: { last4: '4242' } });

    stripe.confirm('seti_1', 'pm_card_1881');
    const saved = await mine.confirmCard(dana, { setupIntentId: 'seti_1' });
    expect(saved.message).toBe('Card updated: your renewals are charged to it');
    expect(saved.subscription.card).toEqual({ brand: 'visa', last4: '1881' });
  });

  it('takes no card for a subscription that ended', async () => {
    const companyId = await paidListing();
    Object.assign(w.simulator, { cardSetup: new MemoryCardSetup() });
    const sub = (await w.d.subscriptions.find({ companyId }))[0];
    const ended = await w.simulator.cancelSubscription(sub._id, { atPeriodEnd: false, idempotencyKey: 'test-end' });
    await w.d.subscriptions.applyProviderState(sub._id, ended, new Date().toISOString());
    const ends = { status: 409, message: 'This subscription has already ended' };
    expect(await refusal(mine.confirmCard(dana, { setupIntentId: 'seti_1' }))).toEqual(ends);
    expect(await refusal(mine.updateCard(dana, {}))).toEqual(ends);
  });

  it('shows a new listing paid signed in before its form is sent: its subscription is not handed to anyone yet', async () => {
    const { paymentIntent } = await paidCheckout(w, { plan: 'listing', metadata: { companyName: 'Dana Limos', email: dana.email } }, dana);
    await w.deliverWebhooks();
    const payment = await w.d.payments.findById(paymentIntent);
    // Only the payment names Dana: the subscription gets its owner with the listing.
    expect((await w.subscription(payment?.subscriptionId ?? null))?.userId).toBeNull();
    expect(await mine.view(dana)).toMatchObject({
      subscriptionId: payment?.subscriptionId,
      companyName: 'Dana Limos',
      status: 'active',
      invoices: [expect.objectContaining({ paymentIntentId: paymentIntent, status: 'paid' })],
    });
    expect((await mine.view(dana)).invoices[0].paidAt).toBe(payment?.succeededAt);
    expect(await refusal(mine.view(signedIn('erin')))).toEqual({ status: 404, message: 'No subscription yet' });
    // Her upgrade paid since is listed among the others: the oldest live subscription is the one shown.
    const later = await paidListing('Dana Airport Cars');
    expect(await mine.view(dana)).toMatchObject({
      subscriptionId: payment?.subscriptionId,
      others: [expect.objectContaining({ companyId: later, companyName: 'Dana Airport Cars' })],
    });
  });

  it("shows a signed-out claim once its account is linked, though the subscription's own link was lost", async () => {
    const companyId = await w.company({ name: 'Mile High Limousines' });
    const claimerDetails = { name: 'Dana', email: 'dana.claims@example.com', phone: '', role: 'owner' as const };
    const { paymentIntent } = await paidCheckout(w, { plan: 'claim', companyId, claimerDetails }, null);
    await w.deliverWebhooks();
    const claim = await w.d.claims.findByPaymentIntent(paymentIntent);
    if (!claim) throw new Error('the paid claim checkout made no claim');
    expect(await refusal(mine.view(dana))).toEqual({ status: 404, message: 'No subscription yet' });
    // The claim is linked to Dana's account; the write to its subscription fails (and is not redone: the claim is linked).
    w.d.subscriptions.setOwner = () => Promise.reject(new Error('the store went away'));
    await expect(linkClaimant(w.d, claim._id, dana.id)).rejects.toThrow('the store went away');
    expect((await w.subscription(claim.subscriptionId))?.userId).toBeNull();
    expect(await mine.view(dana)).toMatchObject({
      subscriptionId: claim.subscriptionId,
      companyId,
      companyName: 'Mile High Limousines',
      verificationPending: true,
    });
  });

  it('still opens when the provider cannot be asked for the card: no card shown', async () => {
    await paidListing();
    w.simulator.retrievePaymentIntent = () => Promise.reject(new Error('the provider went away'));
    const view = await mine.view(dana);
    expect(view).toMatchObject({ status: 'active', invoices: [expect.objectContaining({ status: 'paid', card: null })] });
    expect(view.card).toBeNull();
    // Nor when it does not know the payment.
    w.simulator.retrievePaymentIntent = () => Promise.resolve(null);
    expect((await mine.view(dana)).card).toBeNull();
  });

  it("shows a new listing paid signed in as payment processing while the provider's event is on its way", async () => {
    const { paymentIntent, clientSecret } = await paidCheckout(
      w,
      { plan: 'listing', metadata: { companyName: 'Dana Limos', email: dana.email } },
      dana,
    );
    // The success page records the payment (and asks for the listing form); the provider has not reported the subscription yet.
    expect(await refusal(processPaymentSuccess(w.d, { paymentIntent, plan: 'listing', companyId: 'any', clientSecret }, dana))).toEqual({
      status: 409,
      message: 'This payment has no listing yet: finish the registration form to create it',
    });
    expect(await mine.view(dana)).toMatchObject({ status: 'incomplete', statusLabel: 'Payment processing', companyName: 'Dana Limos' });
  });

  it("shows an owner's paid upgrade of their own company as payment processing while the provider's event is on its way", async () => {
    const companyId = await w.company({ userId: dana.id, name: 'Dana Limos' });
    const { paymentIntent, clientSecret } = await paidCheckout(w, { plan: 'listing', companyId }, dana);
    // The success page sends her to the Billing tab for her receipt; the provider has not reported the subscription yet.
    expect(await processPaymentSuccess(w.d, { paymentIntent, plan: 'listing', companyId, clientSecret }, dana)).toMatchObject({
      status: 'paid',
      upgrade: true,
    });
    // The subscription is hers from the start (she owns the company): paid, it is shown, not "No subscription yet".
    expect(await mine.view(dana, companyId)).toMatchObject({
      status: 'incomplete',
      statusLabel: 'Payment processing',
      companyName: 'Dana Limos',
    });
    expect(await mine.view(dana)).toMatchObject({ companyId });
    // An upgrade checkout abandoned before paying is still left out.
    const other = await w.company({ userId: dana.id, name: 'Dana Two' });
    await createPaymentIntent(w.d, { plan: 'listing', companyId: other }, dana, { warn: () => undefined });
    expect(await refusal(mine.view(dana, other))).toEqual({ status: 404, message: 'You have no subscription for this company' });
  });

  describe('with the receipts the mail consumer recorded', () => {
    /** Billing's mail consumer run on the events so far: it records each checkout's and renewal's receipt (and mails it). */
    async function recordReceipts(): Promise<void> {
      for (const event of await w.events('payment.succeeded.v1')) await onPaymentSucceededReceipt(w.facts)(event as PaymentSucceededV1);
      const providerMails = onProviderEventMails(w.facts, w.d.webhookEvents);
      for (const event of await w.events('payment-provider.event-received.v1'))
        await providerMails(event as PaymentProviderEventReceivedV1);
    }
    const year = 366 * 24 * 3600 * 1000;

    it("lists the checkout's and the renewal's receipts, newest first, once each, with their numbers and card", async () => {
      const { paymentIntent } = await paidUpgrade(w, dana, 'Dana Limos');
      w.simulator.advance(year);
      await w.deliverWebhooks();
      await recordReceipts();
      const recorded = await w.facts.d.ledger.receipts.find({});
      expect(recorded).toHaveLength(2);
      const renewal = recorded.find((r) => r.renewal);
      const first = recorded.find((r) => !r.renewal);
      if (!renewal || !first) throw new Error('the renewal or the checkout has no receipt');
      expect(first._id).toBe(paymentIntent);
      // The card the owner sees is the receipt's, even when the provider cannot be asked.
      w.simulator.retrievePaymentIntent = () => Promise.reject(new Error('the provider went away'));

      const view = await mine.view(dana);
      expect(view.invoices).toEqual([
        {
          receiptNumber: receiptNumberOf(renewal._id),
          paymentIntentId: renewal._id,
          amount: 7500,
          currency: 'usd',
          paidAt: renewal.paidAt,
          status: 'paid',
          refundedAt: null,
          description: 'Business Directory Access (renewal)',
          card: { brand: 'visa', last4: '4242' },
        },
        {
          receiptNumber: receiptNumberOf(paymentIntent),
          paymentIntentId: paymentIntent,
          amount: 7500,
          currency: 'usd',
          paidAt: first.paidAt,
          status: 'paid',
          refundedAt: null,
          description: 'Business Directory Access',
          card: { brand: 'visa', last4: '4242' },
        },
      ]);
      expect(renewal.paidAt > first.paidAt).toBe(true);
      expect(view.card).toEqual({ brand: 'visa', last4: '4242' });
    });

    it("marks the receipt of a payment the admin refunded, on the refund's day, and not while the refund is under way", async () => {
      const { paymentIntent, subscriptionId } = await paidUpgrade(w, dana, 'Dana Limos');
      await recordReceipts();
      await pendingRefund(w, paymentIntent);
      expect((await mine.view(dana)).invoices).toEqual([
        expect.objectContaining({ paymentIntentId: paymentIntent, status: 'paid', refundedAt: null }),
      ]);

      await w.facts.d.ledger.finishRefund(paymentIntent, 'failed', null);
      expect((await mine.view(dana)).invoices).toEqual([expect.objectContaining({ status: 'paid', refundedAt: null })]);

      await new AdminPaymentsUseCase(w.facts).refund(paymentIntent, signedIn('root', 'admin'), 'Duplicate listing');
      const refund = await w.facts.d.ledger.findRefund(paymentIntent);
      expect(refund?.status).toBe('refunded');
      const view = await mine.view(dana);
      expect(view).toMatchObject({ subscriptionId, status: 'canceled' });
      // The payment is no longer a paid one: its recorded receipt alone shows it, refunded.
      expect(view.invoices).toEqual([
        expect.objectContaining({ paymentIntentId: paymentIntent, amount: 7500, status: 'refunded', refundedAt: refund?.at }),
      ]);
    });

    it("marks the receipt of a rejected claim's payment refunded on the day of the rejection", async () => {
      const companyId = await w.company({ name: 'Mile High Limousines' });
      const { paymentIntent } = await paidCheckout(w, { plan: 'claim', companyId }, dana);
      await w.deliverWebhooks();
      await recordReceipts();
      expect((await mine.view(dana)).invoices).toEqual([expect.objectContaining({ paymentIntentId: paymentIntent, status: 'paid' })]);

      const claim = await w.d.claims.findByPaymentIntent(paymentIntent);
      if (!claim) throw new Error('the paid claim checkout made no claim');
      await rejectClaim(w.d, claim._id, signedIn('root', 'admin'), {});
      await refundRejectedClaim(w.d, claim._id);
      const rejected = await w.d.claims.findById(claim._id);
      expect(rejected).toMatchObject({ refundStatus: 'refunded', rejectedAt: expect.any(String) as unknown });
      expect((await mine.view(dana)).invoices).toEqual([
        expect.objectContaining({
          receiptNumber: receiptNumberOf(paymentIntent),
          paymentIntentId: paymentIntent,
          status: 'refunded',
          refundedAt: rejected?.rejectedAt,
          description: 'Business Directory Access',
        }),
      ]);
    });
    it("lists a renewal's receipt with the checkout's payment whose own receipt is not recorded yet", async () => {
      const { paymentIntent } = await paidUpgrade(w, dana, 'Dana Limos');
      w.simulator.advance(year);
      await w.deliverWebhooks();
      // Only the provider events' consumer has run: the checkout's receipt (payment.succeeded.v1) is on its way.
      const providerMails = onProviderEventMails(w.facts, w.d.webhookEvents);
      for (const event of await w.events('payment-provider.event-received.v1'))
        await providerMails(event as PaymentProviderEventReceivedV1);
      const [renewal] = await w.facts.d.ledger.receipts.find({});
      expect(renewal).toMatchObject({ renewal: true });
      expect((await mine.view(dana)).invoices).toEqual([
        expect.objectContaining({ paymentIntentId: renewal._id, description: 'Business Directory Access (renewal)', status: 'paid' }),
        expect.objectContaining({ paymentIntentId: paymentIntent, description: 'Business Directory Access', status: 'paid', card: null }),
      ]);
    });

    it("refunds the first year only: the admin's refund of the checkout leaves the renewal's receipt paid", async () => {
      const { paymentIntent } = await paidUpgrade(w, dana, 'Dana Limos');
      w.simulator.advance(year);
      await w.deliverWebhooks();
      await recordReceipts();
      await new AdminPaymentsUseCase(w.facts).refund(paymentIntent, signedIn('root', 'admin'), 'Goodwill');
      const refund = await w.facts.d.ledger.findRefund(paymentIntent);
      expect((await mine.view(dana)).invoices).toEqual([
        expect.objectContaining({ description: 'Business Directory Access (renewal)', status: 'paid', refundedAt: null }),
        expect.objectContaining({ paymentIntentId: paymentIntent, status: 'refunded', refundedAt: refund?.at }),
      ]);
    });

    it("refunds a claim's payment only, not the renewal paid while the claim waited for review", async () => {
      const companyId = await w.company({ name: 'Mile High Limousines' });
      const { paymentIntent } = await paidCheckout(w, { plan: 'claim', companyId }, dana);
      await w.deliverWebhooks();
      w.simulator.advance(year);
      await w.deliverWebhooks();
      await recordReceipts();
      const claim = await w.d.claims.findByPaymentIntent(paymentIntent);
      if (!claim) throw new Error('the paid claim checkout made no claim');
      await rejectClaim(w.d, claim._id, signedIn('root', 'admin'), {});
      await refundRejectedClaim(w.d, claim._id);
      expect((await mine.view(dana)).invoices).toEqual([
        expect.objectContaining({ description: 'Business Directory Access (renewal)', status: 'paid', refundedAt: null }),
        expect.objectContaining({ paymentIntentId: paymentIntent, status: 'refunded' }),
      ]);
    });
  });
});
