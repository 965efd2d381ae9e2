import { beforeEach, describe, expect, it } from 'vitest';
import { AdminPaymentsUseCase } from '../../src/use-cases/admin-payments.js';
import { CardDeclinedError } from '../../src/payments/payments.port.js';
import { createPaymentIntent } from '../../src/use-cases/checkout.js';
import { registerListing } from '../../src/use-cases/listings.js';
import { linkClaimant } from '../../src/use-cases/claims.js';
import { processPaymentSuccess } from '../../src/use-cases/payment-success.js';
import { refusal, refusedFields } from '@limo/platform/testing';
import { billingWorld, listingForm, paidCheckout, paidUpgrade, signedIn, type BillingWorld } from './support.js';

// POST /api/process-payment-success (§2.3): the claim or listing a succeeded payment made, once, for its payer only.
const claimer = { name: 'Dana Driver', email: 'dana@example.com', phone: '(303) 555-0199', role: 'owner' as const };
const ignoreWarnings = { warn: () => undefined };

describe('the payment-success page of a claim', () => {
  let w: BillingWorld;
  beforeEach(async () => {
    w = await billingWorld();
  });

  it('makes the pending claim of a signed-in payer once, with the steps to the dashboard', async () => {
    const dana = signedIn('dana');
    const companyId = await w.company({ name: 'Mile High Limousines' });
    const { paymentIntent, clientSecret } = await paidCheckout(w, { plan: 'claim', companyId }, dana);
    const answer = await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, dana);
    expect(answer).toEqual({
      plan: 'claim',
      claimId: expect.any(String),
      companyId,
      companyName: 'Mile High Limousines',
      paymentAmount: 7500,
      status: 'pending',
      dashboardAccess: {
        email: dana.email,
        passwordSetupRequired: false,
        loginUrl: 'http://limo.test/login',
        dashboardUrl: 'http://limo.test/dashboard',
      },
      nextSteps: expect.arrayContaining([`Sign in with ${dana.email} to open your dashboard.`]),
      testMode: true,
    });
    expect(await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, dana)).toEqual(answer);
    // Read again signed out (another browser, the client secret in its address): still "log in", not "set a password".
    expect(await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId, clientSecret }, null)).toEqual(answer);
    expect(await w.d.payments.findById(paymentIntent)).toMatchObject({ status: 'used' });
    const [submitted, ...more] = await w.events('claim.submitted.v1');
    expect(more).toEqual([]);
    expect(submitted.data).toMatchObject({ companyId, userId: dana.id, paymentAmount: 7500, paymentIntentId: paymentIntent });
    const [succeeded] = await w.events('payment.succeeded.v1');
    expect(succeeded.data).toMatchObject({
      paymentIntentId: paymentIntent,
      amount: 7500,
      currency: 'usd',
      purpose: 'claim',
      userId: dana.id,
    });
  });

  it('asks a signed-out payer to set a password, and answers only the holder of the client secret', async () => {
    const companyId = await w.company();
    const { paymentIntent, clientSecret } = await paidCheckout(w, { plan: 'claim', companyId, claimerDetails: claimer }, null);
    const forbidden = { status: 403, message: expect.stringMatching(/^This payment was not made by you\./) as unknown };
    expect(await refusal(processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, null))).toEqual(forbidden);
    expect(
      await refusal(processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId, clientSecret: `${clientSecret}x` }, null)),
    ).toEqual(forbidden);
    expect(await refusal(processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, signedIn('eve')))).toEqual(forbidden);

    const answer = await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId, clientSecret }, null);
    expect(answer).toMatchObject({
      status: 'pending',
      dashboardAccess: { email: claimer.email, passwordSetupRequired: true },
      nextSteps: expect.arrayContaining([expect.stringMatching(/^Check dana@example\.com for the link to set your password/)]),
    });
    // Reloaded: still the claim made, still waiting for its password.
    expect(await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId, clientSecret }, null)).toEqual(answer);
  });

  it('makes the claim of a payer who signs in on the success page theirs, with their e-mail', async () => {
    const companyId = await w.company();
    const { paymentIntent, clientSecret } = await paidCheckout(w, { plan: 'claim', companyId, claimerDetails: claimer }, null);
    const sam = signedIn('sam');
    const answer = await processPaymentSuccess(
      w.d,
      { paymentIntent, plan: 'claim', companyId, paymentIntentClientSecret: clientSecret },
      sam,
    );
    if (answer.plan !== 'claim') throw new Error('a claim payment answered a listing');
    expect(await w.d.claims.findById(answer.claimId)).toMatchObject({ userId: sam.id, claimerEmail: sam.email, claimerName: claimer.name });
    expect(answer.dashboardAccess).toMatchObject({ email: sam.email, passwordSetupRequired: false });
    // The subscription is theirs at once, on their Billing tab.
    const payment = await w.d.payments.findById(paymentIntent);
    expect(await w.subscription(payment?.subscriptionId ?? null)).toMatchObject({ userId: sam.id, companyId });
    // Its payer, signed in, reads it again without the secret.
    expect(await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, sam)).toMatchObject({ claimId: answer.claimId });
  });

  it('answers the account a signed-out claim was linked to, and no other signed-in user', async () => {
    const companyId = await w.company();
    const { paymentIntent, clientSecret } = await paidCheckout(w, { plan: 'claim', companyId, claimerDetails: claimer }, null);
    const made = await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId, clientSecret }, null);
    if (made.plan !== 'claim') throw new Error('a claim payment answered a listing');
    const sam = signedIn('sam');
    await linkClaimant(w.d, made.claimId, sam.id);
    expect(await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, sam)).toMatchObject({
      claimId: made.claimId,
      dashboardAccess: { passwordSetupRequired: false },
    });
    expect(await refusal(processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, signedIn('eve')))).toMatchObject({
      status: 403,
    });
    // Read signed out: the account identity made for the claim still waits for the password its link sets.
    expect(await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId, clientSecret }, null)).toMatchObject({
      dashboardAccess: { passwordSetupRequired: true },
    });
  });

  it('refuses an unknown payment, another company or plan, and a payment not paid', async () => {
    const dana = signedIn('dana');
    const companyId = await w.company();
    const notFound = { status: 404, message: 'Payment not found' };
    expect(await refusal(processPaymentSuccess(w.d, { paymentIntent: 'pi_unknown', plan: 'claim', companyId }, dana))).toEqual(notFound);
    expect(await refusal(processPaymentSuccess(w.d, { paymentIntent: 'not-a-payment', plan: 'claim', companyId }, dana))).toEqual(notFound);

    const started = await createPaymentIntent(w.d, { plan: 'claim', companyId }, dana, ignoreWarnings);
    const paymentIntent = started.paymentIntentId;
    expect(await refusal(processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, dana))).toEqual({
      status: 402,
      message: 'The payment has not succeeded (status: requires_payment_method). Nothing was created.',
    });
    expect(() =>
      w.simulator.confirm({ clientSecret: started.clientSecret, cardNumber: '4000000000000002', expiry: '12/40', cvc: '123' }),
    ).toThrow(CardDeclinedError);
    expect(await refusal(processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, dana))).toEqual({
      status: 402,
      message: 'The payment has not succeeded (status: requires_payment_method): Your card was declined. Nothing was created.',
    });

    w.simulator.confirm({ clientSecret: started.clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });
    expect(await refusal(processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId: await w.company() }, dana))).toEqual({
      status: 400,
      message: 'This payment was made for another company',
    });
    expect(await refusal(processPaymentSuccess(w.d, { paymentIntent, plan: 'listing', companyId }, dana))).toEqual({
      status: 400,
      message: 'This payment was made for another plan',
    });
    expect(await w.d.claims.findByPaymentIntent(paymentIntent)).toBeNull();

    await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, dana);
    expect(await refusal(processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId: 'other-company' }, dana))).toEqual({
      status: 400,
      message: 'This payment was made for another company',
    });
  });

  it('makes no claim of a payment whose charged amount or currency is not the one recorded', async () => {
    const dana = signedIn('dana');
    const companyId = await w.company();
    const { paymentIntent } = await paidCheckout(w, { plan: 'claim', companyId }, dana);
    const mismatch = { status: 400, message: 'The amount paid does not match the plan. Please contact support.' };
    await w.d.payments.payments.updateOne({ _id: paymentIntent }, { $set: { amount: 5000 } });
    expect(await refusal(processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, dana))).toEqual(mismatch);
    await w.d.payments.payments.updateOne({ _id: paymentIntent }, { $set: { amount: 7500, currency: 'eur' } });
    expect(await refusal(processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, dana))).toEqual(mismatch);
    expect(await w.d.claims.findByPaymentIntent(paymentIntent)).toBeNull();
    expect(await w.events('payment.succeeded.v1')).toEqual([]);
  });

  it('refunds the second payer of a company claimed meanwhile and ends their subscription', async () => {
    const companyId = await w.company();
    const dana = signedIn('dana');
    const eve = signedIn('eve');
    // Both started paying before either claim existed.
    const first = await paidCheckout(w, { plan: 'claim', companyId }, dana);
    const second = await paidCheckout(w, { plan: 'claim', companyId }, eve);
    await processPaymentSuccess(w.d, { paymentIntent: first.paymentIntent, plan: 'claim', companyId }, dana);
    expect(await refusal(processPaymentSuccess(w.d, { paymentIntent: second.paymentIntent, plan: 'claim', companyId }, eve))).toEqual({
      status: 409,
      message: 'This business was claimed by someone else; your payment has been refunded.',
    });
    const payment = await w.d.payments.findById(second.paymentIntent);
    expect(payment).toMatchObject({ status: 'refunded' });
    expect(payment?.refunds).toEqual([expect.objectContaining({ amount: 7500, reason: 'claimed meanwhile' })]);
    expect(await w.subscription(payment?.subscriptionId ?? null)).toMatchObject({ status: 'canceled' });
    expect(await w.d.claims.findByPaymentIntent(second.paymentIntent)).toBeNull();
  });

  it('refunds a payer whose company was taken by its owner meanwhile', async () => {
    const companyId = await w.company();
    const dana = signedIn('dana');
    const { paymentIntent } = await paidCheckout(w, { plan: 'claim', companyId }, dana);
    await w.changeOwner(companyId, 'owner-account');
    expect(await refusal(processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, dana))).toMatchObject({ status: 409 });
    expect(await w.d.payments.findById(paymentIntent)).toMatchObject({ status: 'refunded' });
  });

  it('names the field a refused request got wrong', async () => {
    const dana = signedIn('dana');
    const companyId = await w.company();
    const { paymentIntent } = await paidCheckout(w, { plan: 'claim', companyId }, dana);
    const other = await w.company();
    expect(await refusedFields(processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId: other }, dana))).toEqual([
      'companyId',
    ]);
    expect(await refusedFields(processPaymentSuccess(w.d, { paymentIntent, plan: 'listing', companyId }, dana))).toEqual(['plan']);
    await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, dana);
    expect(await refusedFields(processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId: other }, dana))).toEqual([
      'companyId',
    ]);
  });

  it('asks for the claimer of a payment stored without one, and claims with the details sent', async () => {
    const dana = signedIn('dana');
    const companyId = await w.company();
    const { paymentIntent } = await paidCheckout(w, { plan: 'claim', companyId }, dana);
    // A payment from before the checkout stored its claimer.
    await w.d.payments.payments.updateOne({ _id: paymentIntent }, { $set: { claimerDetails: null } });
    const body = { paymentIntent, plan: 'claim' as const, companyId };
    expect(await refusal(processPaymentSuccess(w.d, body, dana))).toEqual({ status: 400, message: 'Please fill in all required fields' });
    expect(await refusedFields(processPaymentSuccess(w.d, body, dana))).toEqual(['claimerDetails']);
    const answer = await processPaymentSuccess(w.d, { ...body, claimerDetails: claimer }, dana);
    if (answer.plan !== 'claim') throw new Error('a claim payment answered a listing');
    expect(await w.d.claims.findById(answer.claimId)).toMatchObject({ claimerName: claimer.name, claimerPhone: claimer.phone });
  });
});

describe('the payment-success page of a listing', () => {
  let w: BillingWorld;
  beforeEach(async () => {
    w = await billingWorld();
  });

  it('asks a visitor to finish the form first, then answers the paid listing on every reload', async () => {
    const { paymentIntent, clientSecret } = await paidCheckout(
      w,
      { plan: 'listing', metadata: { companyName: 'Dana Limos', email: 'dana@example.com' } },
      null,
    );
    const body = { paymentIntent, plan: 'listing' as const, companyId: 'any', clientSecret };
    expect(await refusal(processPaymentSuccess(w.d, body, null))).toEqual({
      status: 409,
      message: 'This payment has no listing yet: finish the registration form to create it',
    });
    expect(await refusal(processPaymentSuccess(w.d, { ...body, plan: 'claim' }, null))).toEqual({
      status: 400,
      message: 'This payment is for a business listing, not a claim',
    });

    const dana = signedIn('dana');
    const listing = await registerListing(w.d, listingForm('Dana Limos'), { userId: dana.id, email: 'Dana@Example.com ' }, paymentIntent);
    expect(listing).toMatchObject({ status: 'paid', userId: dana.id, paymentIntentId: paymentIntent });
    const answer = await processPaymentSuccess(w.d, { ...body, companyId: listing._id }, null);
    expect(answer).toEqual({
      plan: 'listing',
      paymentIntentId: paymentIntent,
      companyId: listing._id,
      companyName: 'Dana Limos',
      paymentAmount: 7500,
      status: 'paid',
      upgrade: false,
      dashboardAccess: {
        email: 'dana@example.com',
        loginUrl: 'http://limo.test/login',
        dashboardUrl: `http://limo.test/dashboard?company=${encodeURIComponent(listing._id)}`,
      },
      nextSteps: expect.arrayContaining(['Your listing is created and owned by your account.']),
      testMode: true,
    });
    expect(await processPaymentSuccess(w.d, { ...body, companyId: listing._id }, dana)).toEqual(answer);
    expect(await refusal(processPaymentSuccess(w.d, body, null))).toEqual({
      status: 400,
      message: 'This payment was made for another company',
    });
  });

  it("answers an owner's upgrade as the same company, paid", async () => {
    const dana = signedIn('dana');
    const companyId = await w.company({ userId: dana.id, name: 'Dana Limos' });
    const { paymentIntent } = await paidCheckout(w, { plan: 'listing', companyId }, dana);
    const answer = await processPaymentSuccess(w.d, { paymentIntent, plan: 'listing', companyId }, dana);
    expect(answer).toMatchObject({
      plan: 'listing',
      companyId,
      companyName: 'Dana Limos',
      status: 'paid',
      upgrade: true,
      nextSteps: expect.arrayContaining(['Your existing listing is now the paid listing: no second copy of your company was created.']),
    });
    expect(await w.d.payments.findById(paymentIntent)).toMatchObject({ status: 'used', companyId });

    // Refunded by an admin: the page says so.
    await new AdminPaymentsUseCase(w.facts).refund(paymentIntent, signedIn('root', 'admin'), null);
    expect(await processPaymentSuccess(w.d, { paymentIntent, plan: 'listing', companyId }, dana)).toMatchObject({ status: 'refunded' });
  });

  it('names the field a refused listing request got wrong', async () => {
    const dana = signedIn('dana');
    const { companyId, paymentIntent } = await paidUpgrade(w, dana);
    expect(await refusedFields(processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, dana))).toEqual(['plan']);
    expect(await refusedFields(processPaymentSuccess(w.d, { paymentIntent, plan: 'listing', companyId: 'other' }, dana))).toEqual([
      'companyId',
    ]);
  });

  it('answers an upgrade whose company left the directory after the payment, under no name', async () => {
    const dana = signedIn('dana');
    const { companyId, paymentIntent } = await paidUpgrade(w, dana, 'Dana Limos');
    await w.d.readModels.companies.deleteOne({ _id: companyId });
    expect(await processPaymentSuccess(w.d, { paymentIntent, plan: 'listing', companyId }, dana)).toMatchObject({
      plan: 'listing',
      companyId,
      companyName: '',
      status: 'paid',
      upgrade: true,
    });
  });
});
