import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@limo/platform';
import { LifecycleConflict } from '../../src/domain/lifecycle.js';
import { AdminPaymentsUseCase } from '../../src/use-cases/admin-payments.js';
import { createPaymentIntent } from '../../src/use-cases/checkout.js';
import { approveClaim, refundRejectedClaim, rejectClaim } from '../../src/use-cases/claims.js';
import { registerListing } from '../../src/use-cases/listings.js';
import { refusal } from '@limo/platform/testing';
import { companySnapshot } from '../support.js';
import { billingWorld, listingForm, paidCheckout, paidUpgrade, pendingRefund, signedIn, type BillingWorld } from './support.js';

// The admin's money tools: GET /api/admin/payments (the ledger), a payment's refund, and the subscriptions' cancel.
describe("the admin's payments", () => {
  let w: BillingWorld;
  let admin: AdminPaymentsUseCase;
  let root: SessionUser;
  let dana: SessionUser;
  beforeEach(async () => {
    w = await billingWorld();
    admin = new AdminPaymentsUseCase(w.facts);
    root = signedIn('root', 'admin');
    dana = signedIn('dana');
  });

  /** Dana's paid upgrade of her company, its webhooks delivered: the payment intent. */
  const paidListing = async (name = 'Dana Limos') => (await paidUpgrade(w, dana, name)).paymentIntent;

  /** Dana's paid claim of a company, its webhooks delivered: the claim. */
  async function paidClaim(name = 'Mile High Limousines') {
    const companyId = await w.company({ name });
    const { paymentIntent } = await paidCheckout(w, { plan: 'claim', companyId }, dana);
    await w.deliverWebhooks();
    const claim = await w.d.claims.findByPaymentIntent(paymentIntent);
    if (!claim) throw new Error('the paid claim checkout made no claim');
    return claim;
  }

  it('refunds a paid listing in full, once, and ends its subscription now', async () => {
    const paymentIntent = await paidListing('Dana Limos');
    const row = await admin.refund(paymentIntent, root, 'Duplicate listing');
    expect(row).toMatchObject({
      id: paymentIntent,
      amount: 7500,
      currency: 'usd',
      status: 'refunded',
      payerUserId: dana.id,
      companyName: 'Dana Limos',
      refund: { reason: 'Duplicate listing', amount: 7500, refundedAt: expect.any(String) as unknown },
    });
    expect(row.refund?.refundId).toBeTruthy();
    expect(await w.d.payments.findById(paymentIntent)).toMatchObject({
      status: 'refunded',
      refunds: [expect.objectContaining({ amount: 7500, reason: 'Duplicate listing' })],
    });
    const sub = (await w.d.payments.findById(paymentIntent))?.subscriptionId ?? null;
    expect(await w.subscription(sub)).toMatchObject({ status: 'canceled' });
    expect(await refusal(admin.refund(paymentIntent, root, null))).toEqual({ status: 409, message: 'This payment was already refunded' });
  });

  it('refuses to refund an unknown payment, an unpaid one, or a claim waiting for review', async () => {
    const notFound = { status: 404, message: 'Payment not found' };
    expect(await refusal(admin.refund('pi_unknown', root, null))).toEqual(notFound);
    expect(await refusal(admin.refund('not-a-payment', root, null))).toEqual(notFound);

    const open = await createPaymentIntent(w.d, { plan: 'claim', companyId: await w.company() }, dana, { warn: () => undefined });
    expect(await refusal(admin.refund(open.paymentIntentId, root, null))).toEqual({
      status: 409,
      message: 'Only a succeeded payment can be refunded',
    });

    const claim = await paidClaim();
    expect(await refusal(admin.refund(claim.stripePaymentIntentId, root, null))).toEqual({
      status: 409,
      message: "This payment's claim is waiting for review: reject the claim to refund it",
    });
  });

  it("refunds an approved claim's payment, and never one its rejection refunded", async () => {
    const approved = await paidClaim('Approved Limos');
    await approveClaim(w.d, approved._id, root, {});
    expect(await admin.refund(approved.stripePaymentIntentId, root, 'Goodwill')).toMatchObject({
      status: 'refunded',
      claim: { id: approved._id, status: 'approved' },
    });

    const rejected = await paidClaim('Rejected Limos');
    await rejectClaim(w.d, rejected._id, root, { reason: 'Not the owner' });
    expect(await refusal(admin.refund(rejected.stripePaymentIntentId, root, null))).toEqual({
      status: 409,
      message: 'This payment was already refunded',
    });
    await refundRejectedClaim(w.d, rejected._id);
    const row = await admin.row((await w.d.payments.findById(rejected.stripePaymentIntentId))!);
    expect(row).toMatchObject({
      status: 'refunded',
      payerEmail: dana.email,
      claim: { id: rejected._id, status: 'rejected' },
      refund: { reason: 'Not the owner', amount: 7500 },
    });
  });

  it("says what each paid payment paid for: the upgrade of the payer's free listing, or its claim", async () => {
    const upgrade = await paidListing('Dana Limos');
    const claim = await paidClaim('Mile High Limousines');
    const rows = new Map((await admin.ledger({})).rows.map((r) => [r.id, r]));
    expect(rows.get(upgrade)).toMatchObject({ status: 'succeeded', upgrade: true, claim: null, listing: null, companyName: 'Dana Limos' });
    expect(rows.get(claim.stripePaymentIntentId)).toMatchObject({
      upgrade: false,
      claim: { id: claim._id, status: 'pending' },
      refund: null,
    });
  });

  it('shows a declined payment as failed', async () => {
    const open = await createPaymentIntent(w.d, { plan: 'claim', companyId: await w.company() }, dana, { warn: () => undefined });
    expect(() =>
      w.simulator.confirm({ clientSecret: open.clientSecret, cardNumber: '4000000000000002', expiry: '12/40', cvc: '123' }),
    ).toThrow('Your card was declined');
    await w.deliverWebhooks();
    expect((await w.d.payments.findById(open.paymentIntentId))?.status).toBe('failed');
    expect((await admin.ledger({})).rows).toEqual([expect.objectContaining({ id: open.paymentIntentId, status: 'failed' })]);
  });

  it("shows a visitor's listing checkout not paid yet: no account, its checkout's e-mail", async () => {
    const open = await createPaymentIntent(
      w.d,
      { plan: 'listing', metadata: { companyName: 'Visitor Limos', email: 'visitor@example.com' } },
      null,
      { warn: () => undefined },
    );
    expect((await admin.ledger({})).rows).toEqual([
      expect.objectContaining({
        id: open.paymentIntentId,
        status: 'open',
        payerEmail: 'visitor@example.com',
        payerUserId: null,
        companyName: 'Visitor Limos',
        claim: null,
        listing: null,
      }),
    ]);
  });

  it("refunds nothing twice while a refund is under way (the ledger's or the claim's)", async () => {
    const paymentIntent = await paidListing('Dana Limos');
    await pendingRefund(w, paymentIntent, root.id);
    const already = { status: 409, message: 'This payment was already refunded' };
    expect(await refusal(admin.refund(paymentIntent, root, null))).toEqual(already);
    // Under way: not refunded yet.
    const row = await admin.row((await w.d.payments.findById(paymentIntent))!);
    expect(row).toMatchObject({ status: 'succeeded', refund: { refundedAt: null, amount: 7500 } });

    const approved = await paidClaim('Approved Limos');
    await approveClaim(w.d, approved._id, root, {});
    await w.d.claims.setRefund(approved._id, 'pending', null);
    expect(await refusal(admin.refund(approved.stripePaymentIntentId, root, null))).toEqual(already);
  });

  it('lists the ledger newest first, filtered by status and found by company name or e-mail', async () => {
    const listing = await paidListing('Dana Limos');
    const claim = await paidClaim('Mile High Limousines');
    const open = await createPaymentIntent(w.d, { plan: 'claim', companyId: await w.company({ name: 'Open Cars' }) }, signedIn('eve'), {
      warn: () => undefined,
    });
    await admin.refund(listing, root, null);

    const all = await admin.ledger({});
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.status).sort()).toEqual(['open', 'refunded', 'succeeded']);
    expect((await admin.ledger({ status: 'refunded' })).rows.map((r) => r.id)).toEqual([listing]);
    expect((await admin.ledger({ status: 'succeeded' })).rows.map((r) => r.id)).toEqual([claim.stripePaymentIntentId]);
    expect((await admin.ledger({ status: 'open' })).rows.map((r) => r.id)).toEqual([open.paymentIntentId]);
    expect((await admin.ledger({ q: 'mile high' })).rows.map((r) => r.id)).toEqual([claim.stripePaymentIntentId]);
    expect((await admin.ledger({ q: '  Dana Limos ' })).rows.map((r) => r.id)).toEqual([listing]);
    expect((await admin.ledger({ q: 'eve@example' })).rows.map((r) => r.id)).toEqual([open.paymentIntentId]);
  });

  it("cancels a subscription now or at its year's end, mailing its owner, never one that ended", async () => {
    const first = await paidListing('Dana Limos');
    const atEnd = (await w.d.payments.findById(first))?.subscriptionId ?? '';
    const ends = await admin.cancelSubscription(atEnd, true);
    expect(ends.message).toMatch(/^Cancelled at the period's end: the listing stays active until \d{4}-/);
    expect(ends.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, companyName: 'Dana Limos', email: dana.email });
    const now = await admin.cancelSubscription(atEnd, false);
    expect(now).toMatchObject({ message: 'Subscription cancelled now', subscription: { status: 'canceled' } });
    expect(await refusal(admin.cancelSubscription(atEnd, false))).toEqual({ status: 409, message: 'This subscription has already ended' });
    expect(await refusal(admin.cancelSubscription('sub_unknown', false))).toEqual({ status: 404, message: 'Subscription not found' });

    // A past-due subscription ends now only.
    const second = await paidListing('Dana Airport Cars');
    w.simulator.advance(366 * 24 * 3600 * 1000, { renewalFails: true });
    await w.deliverWebhooks();
    const pastDue = (await w.d.payments.findById(second))?.subscriptionId ?? '';
    expect(await refusal(admin.cancelSubscription(pastDue, true))).toEqual({
      status: 409,
      message: 'Only an active subscription can be cancelled at the end of its period; cancel it now instead',
    });
    expect(w.mails.map((m) => [m.to, m.subject])).toEqual([
      [dana.email, 'Your subscription for Dana Limos is cancelled'],
      [dana.email, 'Your subscription for Dana Limos is cancelled'],
    ]);
    expect(await admin.subscriptions()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subscriptionId: atEnd, status: 'canceled', companyName: 'Dana Limos', email: dana.email }),
        expect.objectContaining({ subscriptionId: pastDue, status: 'past_due', companyName: 'Dana Airport Cars' }),
      ]),
    );
  });

  it("finds a payment by its payer's account e-mail, the name its claim or listing was made under, not by anyone else's", async () => {
    // Dana's account e-mail changed since she paid: the payment itself names the old one.
    await w.account(dana.id, 'dana.new@example.com');
    const upgrade = await paidListing('Dana Limos');
    const erin = signedIn('erin');
    await w.account(erin.id, 'erin@example.com');
    await paidUpgrade(w, erin, 'Erin Limos');

    // A claim made under the company's old name: the directory renamed it since.
    const claim = await paidClaim('Mile High Limousines');
    await w.d.readModels.applyCompany(companySnapshot({ id: claim.companyId, name: 'Summit Cars', version: 2 }));

    // A visitor's listing whose form named the company otherwise than the checkout did.
    const { paymentIntent: visitorPaid } = await paidCheckout(
      w,
      { plan: 'listing', metadata: { companyName: 'Checkout Name', email: 'visitor@example.com' } },
      null,
    );
    await registerListing(w.d, listingForm('Rocky Mountain Limousines'), { userId: 'visitor', email: 'visitor@example.com' }, visitorPaid);

    const found = async (q: string) => (await admin.ledger({ q })).rows.map((r) => r.id);
    expect(await found('DANA.NEW@')).toEqual([claim.stripePaymentIntentId, upgrade]);
    expect((await admin.ledger({ q: 'dana.new' })).rows[0]).toMatchObject({ payerEmail: 'dana.new@example.com', payerUserId: dana.id });
    expect(await found('mile high')).toEqual([claim.stripePaymentIntentId]);
    expect(await found('summit')).toEqual([claim.stripePaymentIntentId]);
    expect(await found('rocky mountain')).toEqual([visitorPaid]);
    const listing = await w.d.listings.findByPaymentIntent(visitorPaid);
    expect((await admin.ledger({ q: 'rocky' })).rows[0]).toMatchObject({ claim: null, listing: { id: listing?._id, status: 'paid' } });
    expect(await found('checkout name')).toEqual([visitorPaid]);
    expect(await found('nobody@example.com')).toEqual([]);
    expect((await admin.ledger({ q: 'limo' })).total).toBe(4);
  });

  it('files a payment under refunded once a refund is recorded for it, though its own record was not updated', async () => {
    // The provider refunded and the ledger recorded it; the payment's own record was not written (a crash between).
    const listing = await paidListing('Dana Limos');
    await pendingRefund(w, listing, root.id);
    await w.facts.d.ledger.finishRefund(listing, 'refunded', 're_1');
    expect((await w.d.payments.findById(listing))?.status).not.toBe('refunded');

    // A rejected claim refunded, its payment a record from before the lifecycle that refuses the refund.
    const rejected = await paidClaim('Rejected Limos');
    await rejectClaim(w.d, rejected._id, root, { reason: 'Not the owner' });
    const markRefunded = w.d.payments.markRefunded.bind(w.d.payments);
    w.d.payments.markRefunded = () => Promise.reject(new LifecycleConflict('payment', 'legacy', 'refund'));
    await refundRejectedClaim(w.d, rejected._id);
    w.d.payments.markRefunded = markRefunded;
    expect((await w.d.payments.findById(rejected.stripePaymentIntentId))?.status).not.toBe('refunded');

    // Its refund is recorded on the claim: it is not refunded a second time.
    expect(await refusal(admin.refund(rejected.stripePaymentIntentId, root, null))).toEqual({
      status: 409,
      message: 'This payment was already refunded',
    });

    // A refund the provider failed leaves the payment paid.
    const paid = await paidClaim('Paid Limos');
    await approveClaim(w.d, paid._id, root, {});
    await pendingRefund(w, paid.stripePaymentIntentId, root.id);
    await w.facts.d.ledger.finishRefund(paid.stripePaymentIntentId, 'failed', null);
    const ids = async (status: 'refunded' | 'succeeded') => (await admin.ledger({ status })).rows.map((r) => r.id).sort();
    expect(await ids('refunded')).toEqual([listing, rejected.stripePaymentIntentId].sort());
    expect(await ids('succeeded')).toEqual([paid.stripePaymentIntentId]);
    expect((await admin.ledger({ status: 'refunded' })).rows.map((r) => r.status)).toEqual(['refunded', 'refunded']);
  });

  it('pages the ledger 50 rows at a time', async () => {
    const eve = signedIn('eve');
    const ids: string[] = [];
    for (let i = 0; i < 51; i++)
      ids.push(
        (await createPaymentIntent(w.d, { plan: 'claim', companyId: await w.company() }, eve, { warn: () => undefined })).paymentIntentId,
      );
    const first = await admin.ledger({});
    expect(first.total).toBe(51);
    expect(first.rows).toHaveLength(50);
    expect((await admin.ledger({ page: 1 })).rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    const second = await admin.ledger({ page: 2 });
    expect(second).toMatchObject({ total: 51, rows: [expect.objectContaining({ status: 'open' })] });
    expect([...first.rows, ...second.rows].map((r) => r.id).sort()).toEqual(ids.sort());
  });

  it('shows the payment refunded because another claim of its company came first', async () => {
    const companyId = await w.company({ name: 'Mile High Limousines' });
    // Erin's checkout started before Dana's claim was made; she pays after it.
    const erins = await createPaymentIntent(w.d, { plan: 'claim', companyId }, signedIn('erin'), { warn: () => undefined });
    await paidCheckout(w, { plan: 'claim', companyId }, dana);
    await w.deliverWebhooks();
    w.simulator.confirm({ clientSecret: erins.clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });
    await w.deliverWebhooks();
    const paymentIntent = erins.paymentIntentId;
    expect((await w.d.payments.findById(paymentIntent))?.status).toBe('refunded');
    expect(await w.d.claims.findByPaymentIntent(paymentIntent)).toBeNull();
    expect(await w.facts.d.ledger.findRefund(paymentIntent)).toBeNull();
    const rows = (await admin.ledger({ status: 'refunded' })).rows;
    expect(rows).toEqual([expect.objectContaining({ id: paymentIntent, status: 'refunded', claim: null })]);
  });

  it("answers the provider's refusal of a refund, and refunds when asked again", async () => {
    const paymentIntent = await paidListing('Dana Limos');
    const refundPayment = w.simulator.refundPayment.bind(w.simulator);
    w.simulator.refundPayment = () => Promise.reject(new Error('The payment provider is busy'));
    await expect(admin.refund(paymentIntent, root, 'Duplicate listing')).rejects.toThrow('The payment provider is busy');
    expect(await admin.row((await w.d.payments.findById(paymentIntent))!)).toMatchObject({
      status: 'succeeded',
      refund: { refundedAt: null },
    });
    expect((await w.d.payments.findById(paymentIntent))?.subscriptionId).toBeTruthy();

    w.simulator.refundPayment = refundPayment;
    expect(await admin.refund(paymentIntent, root, 'Duplicate listing')).toMatchObject({ status: 'refunded' });
  });
});
