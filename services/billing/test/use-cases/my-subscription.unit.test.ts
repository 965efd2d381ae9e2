import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@limo/platform';
import { longDate } from '../../src/mails/billing-mails.js';
import { createPaymentIntent } from '../../src/use-cases/checkout.js';
import { approveClaim, refundRejectedClaim, rejectClaim } from '../../src/use-cases/claims.js';
import { MySubscriptionUseCase } from '../../src/use-cases/my-subscription.js';
import { refusal } from '@limo/platform/testing';
import { billingWorld, paidCheckout, paidUpgrade, signedIn, type BillingWorld } from './support.js';

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

  it('shows the subscription of a rejected claim as ended', async () => {
    const companyId = await w.company();
    await paidCheckout(w, { plan: 'claim', companyId }, dana);
    await w.deliverWebhooks();
    const claim = (await w.d.claims.claims.find({ companyId }))[0];
    await rejectClaim(w.d, claim._id, signedIn('root', 'admin'), {});
    await refundRejectedClaim(w.d, claim._id);
    await w.deliverWebhooks();
    const view = await mine.view(dana);
    expect(view).toMatchObject({ status: 'canceled' });
    expect(view.statusLabel).toMatch(/^Cancelled · ended on /);
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
});
