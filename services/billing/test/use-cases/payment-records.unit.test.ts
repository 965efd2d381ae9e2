import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { refusal } from '@limo/platform/testing';
import { registerListing } from '../../src/use-cases/listings.js';
import { processPaymentSuccess } from '../../src/use-cases/payment-success.js';
import { handleProviderEvent } from '../../src/use-cases/provider-events.js';
import { billingWorld, listingForm, paidCheckout, signedIn, type BillingWorld } from './support.js';

// What a succeeded payment leads to, whichever of the success page and the webhook gets there first:
// the claim it pays for (or its refund), or the listing it pays for.
const claimer = { name: 'Dana Driver', email: 'dana@example.com', phone: '(303) 555-0199', role: 'owner' as const };

let w: BillingWorld;
beforeEach(async () => {
  w = await billingWorld();
});

describe("a claim payment's claim", () => {
  it('is flagged for the admin, linked to nobody, when a signed-out payer names the e-mail of an existing account', async () => {
    await w.account('sam-account', 'Dana@Example.com');
    const companyId = await w.company();
    const { paymentIntent, clientSecret } = await paidCheckout(w, { plan: 'claim', companyId, claimerDetails: claimer }, null);
    const answer = await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId, clientSecret }, null);
    if (answer.plan !== 'claim') throw new Error('a claim payment answered a listing');
    expect(await w.d.claims.findById(answer.claimId)).toMatchObject({ userId: null, accountReview: 'email-of-another-account' });

    // An e-mail no account has is the claimer's own.
    const unknown = await w.company();
    const stranger = await paidCheckout(
      w,
      { plan: 'claim', companyId: unknown, claimerDetails: { ...claimer, email: 'new@example.com' } },
      null,
    );
    const theirs = await processPaymentSuccess(
      w.d,
      { paymentIntent: stranger.paymentIntent, plan: 'claim', companyId: unknown, clientSecret: stranger.clientSecret },
      null,
    );
    if (theirs.plan !== 'claim') throw new Error('a claim payment answered a listing');
    expect(await w.d.claims.findById(theirs.claimId)).toMatchObject({ userId: null, accountReview: null });

    // The same e-mail from a payer signed in to their own account is theirs to use.
    const other = await w.company();
    const dana = signedIn('dana');
    const own = await paidCheckout(w, { plan: 'claim', companyId: other, claimerDetails: claimer }, dana);
    const mine = await processPaymentSuccess(w.d, { paymentIntent: own.paymentIntent, plan: 'claim', companyId: other }, dana);
    if (mine.plan !== 'claim') throw new Error('a claim payment answered a listing');
    expect(await w.d.claims.findById(mine.claimId)).toMatchObject({ userId: dana.id, accountReview: null });
  });

  it('gives the payer the subscription at once, waiting for verification, with no documents yet', async () => {
    const dana = signedIn('dana');
    const companyId = await w.company();
    const { paymentIntent } = await paidCheckout(w, { plan: 'claim', companyId }, dana);
    const answer = await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, dana);
    if (answer.plan !== 'claim') throw new Error('a claim payment answered a listing');
    expect(await w.d.claims.findById(answer.claimId)).toMatchObject({ verificationDocuments: [], refundStatus: 'none' });
    const payment = await w.d.payments.findById(paymentIntent);
    expect(await w.subscription(payment?.subscriptionId ?? null)).toMatchObject({
      userId: dana.id,
      companyId,
      verification: 'pending',
    });
    const [succeeded] = await w.events('payment.succeeded.v1');
    expect(succeeded.key).toBe(companyId);
  });

  it('is still made when the company left the directory after the payment, under no name', async () => {
    const dana = signedIn('dana');
    const companyId = await w.company({ name: 'Mile High Limousines' });
    const { paymentIntent } = await paidCheckout(w, { plan: 'claim', companyId }, dana);
    await w.d.readModels.companies.deleteOne({ _id: companyId });
    const answer = await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, dana);
    expect(answer).toMatchObject({ plan: 'claim', companyId, companyName: '', status: 'pending' });
  });

  it('is not made of a payment the provider no longer knows (the simulator restarted)', async () => {
    const dana = signedIn('dana');
    const companyId = await w.company();
    const { paymentIntent } = await paidCheckout(w, { plan: 'claim', companyId }, dana);
    const stored = await w.d.payments.findById(paymentIntent);
    await w.d.payments.payments.insertOne({ ...stored!, _id: 'pi_forgotten' });
    expect(await refusal(processPaymentSuccess(w.d, { paymentIntent: 'pi_forgotten', plan: 'claim', companyId }, dana))).toEqual({
      status: 404,
      message: 'Payment not found',
    });
    expect(await w.d.claims.findByPaymentIntent('pi_forgotten')).toBeNull();
  });

  it('refunds every later payer of a company claimed meanwhile their own payment, once, however often they reload', async () => {
    const companyId = await w.company();
    const [dana, eve, sam] = [signedIn('dana'), signedIn('eve'), signedIn('sam')];
    const payments = [];
    for (const payer of [dana, eve, sam]) payments.push({ payer, ...(await paidCheckout(w, { plan: 'claim', companyId }, payer)) });
    await processPaymentSuccess(w.d, { paymentIntent: payments[0].paymentIntent, plan: 'claim', companyId }, dana);
    const conflict = { status: 409, message: 'This business was claimed by someone else; your payment has been refunded.' };
    for (const { payer, paymentIntent } of payments.slice(1)) {
      expect(await refusal(processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, payer))).toEqual(conflict);
      expect(await refusal(processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, payer))).toEqual(conflict);
    }
    const refunds = await Promise.all(
      payments.slice(1).map(async ({ paymentIntent }) => (await w.d.payments.findById(paymentIntent))?.refunds),
    );
    expect(refunds).toEqual([[expect.objectContaining({ amount: 7500 })], [expect.objectContaining({ amount: 7500 })]]);
    expect(new Set(refunds.map((r) => r?.[0]?.refundId)).size).toBe(2);
    expect(await w.deliverWebhooks()).toEqual(expect.arrayContaining(['charge.refunded', 'charge.refunded']));
    expect((await w.deliverWebhooks()).length).toBe(0);
    expect(await w.d.claims.claims.count({})).toBe(1);
  });
});

describe("a listing payment's listing", () => {
  it("marks the owner's unpaid listing paid when the webhook reports the payment, and uses the payment for it", async () => {
    const dana = signedIn('dana');
    const listing = await registerListing(w.d, listingForm('Dana Limos'), { userId: dana.id, email: dana.email }, undefined);
    const { paymentIntent } = await paidCheckout(w, { plan: 'listing', companyId: listing._id }, dana);
    expect(await w.deliverWebhooks()).toContain('payment_intent.succeeded');
    expect(await w.d.listings.findById(listing._id)).toMatchObject({ status: 'paid', paymentIntentId: paymentIntent });
    const payment = await w.d.payments.findById(paymentIntent);
    expect(payment).toMatchObject({ status: 'used', companyId: listing._id });
    expect(await w.subscription(payment?.subscriptionId ?? null)).toMatchObject({ userId: dana.id, companyId: listing._id });
  });

  it('makes no listing of a visitor payment nobody registered yet', async () => {
    const { paymentIntent } = await paidCheckout(
      w,
      { plan: 'listing', metadata: { companyName: 'Dana Limos', email: 'dana@example.com' } },
      null,
    );
    await w.deliverWebhooks();
    expect(await w.d.payments.findById(paymentIntent)).toMatchObject({ status: 'succeeded', companyId: null });
    const [succeeded] = await w.events('payment.succeeded.v1');
    expect(succeeded.key).toBe(paymentIntent);
    expect(await w.d.listings.listings.count({})).toBe(0);
  });

  it("leaves a second payment for a listing already paid unused, its subscription nobody's", async () => {
    const dana = signedIn('dana');
    const listing = await registerListing(w.d, listingForm('Dana Limos'), { userId: dana.id, email: dana.email }, undefined);
    // The owner and an admin both paid the unpaid listing before either payment was reported.
    const first = await paidCheckout(w, { plan: 'listing', companyId: listing._id }, dana);
    const second = await paidCheckout(w, { plan: 'listing', companyId: listing._id }, signedIn('root', 'admin'));
    await w.deliverWebhooks();
    expect(await w.d.listings.findById(listing._id)).toMatchObject({ status: 'paid', paymentIntentId: first.paymentIntent });
    const payment = await w.d.payments.findById(second.paymentIntent);
    expect(payment).toMatchObject({ status: 'succeeded' });
    expect(await w.subscription(payment?.subscriptionId ?? null)).toMatchObject({ userId: null });
  });

  it('finishes a paid listing whose payment a crash left unused when the webhook comes again', async () => {
    const dana = signedIn('dana');
    const listing = await registerListing(w.d, listingForm('Dana Limos'), { userId: dana.id, email: dana.email }, undefined);
    const { paymentIntent } = await paidCheckout(w, { plan: 'listing', companyId: listing._id }, dana);
    await w.deliverWebhooks();
    const payment = await w.d.payments.findById(paymentIntent);
    // The listing was marked paid, then the process stopped before the payment and the subscription were written.
    await w.d.payments.payments.updateOne({ _id: paymentIntent }, { $set: { status: 'succeeded' } });
    await w.d.subscriptions.subscriptions.updateOne({ _id: payment?.subscriptionId ?? '' }, { $set: { userId: null } });
    const [succeeded] = await w.d.webhookEvents.events.find({ 'event.type': 'payment_intent.succeeded' });
    await handleProviderEvent(w.d, succeeded._id);
    expect(await w.d.payments.findById(paymentIntent)).toMatchObject({ status: 'used', companyId: listing._id });
    expect(await w.subscription(payment?.subscriptionId ?? null)).toMatchObject({ userId: dana.id, companyId: listing._id });
  });

  it("leaves a visitor's payment bound to a listing not yet written to the sign-up that finishes it", async () => {
    const dana = signedIn('dana');
    const { paymentIntent } = await paidCheckout(
      w,
      { plan: 'listing', metadata: { companyName: 'Dana Limos', email: 'dana@example.com' } },
      null,
    );
    // The sign-up bound the payment to its listing; the webhook comes before the listing is written.
    const listingId = randomUUID();
    expect(await w.d.payments.bindListing(paymentIntent, listingId, dana.id)).toBe(true);
    await w.deliverWebhooks();
    expect(await w.d.payments.findById(paymentIntent)).toMatchObject({ status: 'succeeded', companyId: listingId });
    const listing = await registerListing(
      w.d,
      listingForm('Dana Limos'),
      { userId: dana.id, email: 'dana@example.com' },
      paymentIntent,
      listingId,
    );
    expect(listing).toMatchObject({ _id: listingId, status: 'paid', paymentIntentId: paymentIntent });
    expect(await w.d.payments.findById(paymentIntent)).toMatchObject({ status: 'used' });
  });
});
