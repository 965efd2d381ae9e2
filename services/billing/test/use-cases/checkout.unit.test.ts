import { beforeEach, describe, expect, it } from 'vitest';
import type { CreatePaymentIntentBody } from '@limo/contracts';
import type { SessionUser } from '@limo/platform';
import { createPaymentIntent } from '../../src/use-cases/checkout.js';
import { registerListing } from '../../src/use-cases/listings.js';
import { recordSuccess } from '../../src/use-cases/payment-records.js';
import { processPaymentSuccess } from '../../src/use-cases/payment-success.js';
import { refusal } from '@limo/platform/testing';
import { billingWorld, listingForm, paidCheckout, signedIn, type BillingWorld } from './support.js';

// POST /api/create-payment-intent: what a claim or a listing costs, who may pay it, and one charge per checkout.
const claimer = { name: 'Dana Driver', email: 'dana@example.com', phone: '(303) 555-0199', role: 'manager' as const };

describe('starting a checkout', () => {
  let w: BillingWorld;
  let warnings: object[];
  beforeEach(async () => {
    w = await billingWorld();
    warnings = [];
  });
  const checkout = (body: CreatePaymentIntentBody, user: SessionUser | null) =>
    createPaymentIntent(w.d, body, user, { warn: (obj) => warnings.push(obj) });

  it("charges a claim the plan's $75 a year, whatever amount the client sends", async () => {
    const dana = signedIn('dana');
    const companyId = await w.company({ name: 'Mile High Limousines' });
    const answer = await checkout({ plan: 'claim', companyId, amount: 1 }, dana);
    expect(answer).toMatchObject({ plan: 'claim', amount: 7500, currency: 'usd', provider: 'simulator', testMode: true });
    expect(answer.clientSecret).toContain(answer.paymentIntentId);
    expect(warnings).toEqual([expect.objectContaining({ sentAmount: 1, charged: 7500 })]);
    expect(await w.d.payments.findById(answer.paymentIntentId)).toMatchObject({
      purpose: 'claim',
      amount: 7500,
      currency: 'usd',
      companyId,
      userId: dana.id,
      payerEmail: dana.email,
      status: 'created',
      upgrade: false,
      listingEmail: null,
      listingName: null,
      claimerDetails: { name: 'dana', email: dana.email, phone: '', role: 'owner' },
    });
    // The payer's subscription, waiting for the claim's verification.
    expect(await w.subscription(answer.subscriptionId)).toMatchObject({
      companyId,
      userId: dana.id,
      amount: 7500,
      email: dana.email,
      verification: 'pending',
      paymentIntentId: answer.paymentIntentId,
    });
  });

  it('takes the amount in dollars or in cents without a warning', async () => {
    const companyId = await w.company();
    await checkout({ plan: 'claim', companyId, amount: 75 }, signedIn('dana'));
    await checkout({ plan: 'claim', companyId, amount: '7500' }, signedIn('eve'));
    await checkout({ plan: 'claim', companyId, amount: null }, signedIn('sam'));
    expect(warnings).toEqual([]);
  });

  it("makes a signed-in payer the claimer with the account's e-mail", async () => {
    const dana = signedIn('dana');
    const answer = await checkout(
      { plan: 'claim', companyId: await w.company(), claimerDetails: { ...claimer, email: 'other@example.com' } },
      dana,
    );
    expect((await w.d.payments.findById(answer.paymentIntentId))?.claimerDetails).toEqual({ ...claimer, email: dana.email });
  });

  it('refuses a claim without a company, of an unknown company, or from a signed-out payer without claimer details', async () => {
    expect(await refusal(checkout({ plan: 'claim' }, signedIn('dana')))).toEqual({ status: 400, message: 'Company is required' });
    expect(await refusal(checkout({ plan: 'claim', companyId: 'no-such-company' }, signedIn('dana')))).toEqual({
      status: 404,
      message: 'Company not found',
    });
    expect(await refusal(checkout({ plan: 'claim', companyId: await w.company() }, null))).toEqual({
      status: 400,
      message: 'Please fill in all required fields',
    });
  });

  it('asks the directory for a company listed before billing heard of it, and takes a failed answer for none', async () => {
    const asked: string[] = [];
    w.d.lookupCompany = async (id) => {
      asked.push(id);
      if (id === 'owned-company') return { name: 'Owned Limos', owned: true, userId: 'someone' };
      if (id === 'old-company') return { name: 'Old Town Limos', owned: false, userId: null };
      throw new Error('directory unavailable');
    };
    const answer = await checkout({ plan: 'claim', companyId: 'old-company' }, signedIn('dana'));
    expect(await w.d.payments.findById(answer.paymentIntentId)).toMatchObject({ companyId: 'old-company', amount: 7500 });
    expect(await refusal(checkout({ plan: 'claim', companyId: 'owned-company' }, signedIn('dana')))).toEqual({
      status: 409,
      message: 'This business has already been claimed',
    });
    expect(await refusal(checkout({ plan: 'claim', companyId: 'unreachable' }, signedIn('dana')))).toEqual({
      status: 404,
      message: 'Company not found',
    });
    expect(asked).toEqual(['old-company', 'owned-company', 'unreachable']);
  });

  it('refuses to charge for a business that is owned, claimed, paid for or waiting for review', async () => {
    const owned = await w.company({ userId: 'owner-account' });
    expect(await refusal(checkout({ plan: 'claim', companyId: owned }, signedIn('dana')))).toEqual({
      status: 409,
      message: 'This business has already been claimed',
    });

    const companyId = await w.company();
    const dana = signedIn('dana');
    const { paymentIntent } = await paidCheckout(w, { plan: 'claim', companyId }, dana);
    // Paid, the claim not made yet (its webhook on the way): a second payer is not charged.
    await recordSuccess(w.d, (await w.d.payments.findById(paymentIntent))!, new Date().toISOString());
    const pending = { status: 409, message: 'A claim for this business is already waiting for review' };
    expect(await refusal(checkout({ plan: 'claim', companyId }, signedIn('eve')))).toEqual(pending);

    const answer = await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, dana);
    expect(answer).toMatchObject({ plan: 'claim', status: 'pending' });
    expect(await refusal(checkout({ plan: 'claim', companyId }, signedIn('eve')))).toEqual(pending);
  });

  it('refuses to charge for a business whose claim was approved', async () => {
    const companyId = await w.company();
    const dana = signedIn('dana');
    const { paymentIntent } = await paidCheckout(w, { plan: 'claim', companyId }, dana);
    const answer = await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, dana);
    if (answer.plan !== 'claim') throw new Error('a claim payment answered a listing');
    await w.d.claims.claims.updateOne({ _id: answer.claimId }, { $set: { status: 'approved' } });
    expect(await refusal(checkout({ plan: 'claim', companyId }, signedIn('eve')))).toEqual({
      status: 409,
      message: 'This business has already been claimed',
    });
  });

  it("answers the payer's open checkout again (one charge), with the latest claimer details", async () => {
    const companyId = await w.company();
    const dana = signedIn('dana');
    const first = await checkout({ plan: 'claim', companyId }, dana);
    const again = await checkout({ plan: 'claim', companyId, claimerDetails: claimer }, dana);
    expect(again).toEqual(first);
    expect(await w.d.payments.list({ companyId })).toHaveLength(1);
    expect((await w.d.payments.findById(first.paymentIntentId))?.claimerDetails).toEqual({ ...claimer, email: dana.email });

    // Another payer, another checkout.
    const eve = await checkout({ plan: 'claim', companyId }, signedIn('eve'));
    expect(eve.paymentIntentId).not.toBe(first.paymentIntentId);
  });

  it('answers a double click on "Pay" (two checkouts of one payer at once) with one intent and one payment record', async () => {
    const companyId = await w.company();
    const dana = signedIn('dana');
    const [first, second] = await Promise.all([checkout({ plan: 'claim', companyId }, dana), checkout({ plan: 'claim', companyId }, dana)]);
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    expect(await w.d.payments.list({ companyId })).toHaveLength(1);
  });

  it("answers a double click on a new listing's payment (the spec's flow: no company yet) with one intent, per listing name", async () => {
    const listing = (companyName: string): CreatePaymentIntentBody => ({
      plan: 'listing',
      amount: 75,
      metadata: { type: 'business_listing', companyName, email: 'desk@rocky.example' },
    });
    const [first, second] = await Promise.all([
      checkout(listing('Rocky Mountain Rides'), null),
      checkout(listing('Rocky Mountain Rides'), null),
    ]);
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    expect(await w.d.payments.list({ purpose: 'business_listing' })).toHaveLength(1);
    // Another listing of the same payer is another payment.
    const other = await checkout(listing('Aspen Airport Cars'), null);
    expect(other.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(await w.d.payments.list({ purpose: 'business_listing' })).toHaveLength(2);
  });

  it('knows a signed-out payer by the claimer e-mail', async () => {
    const companyId = await w.company();
    const first = await checkout({ plan: 'claim', companyId, claimerDetails: claimer }, null);
    expect(await w.d.payments.findById(first.paymentIntentId)).toMatchObject({ userId: null, payerEmail: claimer.email });
    expect(await w.subscription(first.subscriptionId)).toMatchObject({ userId: null, email: claimer.email });
    expect((await checkout({ plan: 'claim', companyId, claimerDetails: claimer }, null)).paymentIntentId).toBe(first.paymentIntentId);
    const other = await checkout({ plan: 'claim', companyId, claimerDetails: { ...claimer, email: 'sam@example.com' } }, null);
    expect(other.paymentIntentId).not.toBe(first.paymentIntentId);
  });

  it('starts a new listing for a visitor, named and mailed as the form says', async () => {
    const answer = await checkout(
      { plan: 'listing', metadata: { companyName: 'Rocky Mountain Rides', email: 'Desk@Rocky.example' } },
      null,
    );
    expect(answer).toMatchObject({ amount: 7500, currency: 'usd' });
    expect(await w.d.payments.findById(answer.paymentIntentId)).toMatchObject({
      purpose: 'business_listing',
      companyId: null,
      userId: null,
      payerEmail: 'desk@rocky.example',
      listingEmail: 'desk@rocky.example',
      listingName: 'Rocky Mountain Rides',
      claimerDetails: null,
      upgrade: false,
    });
    // Handed to its owner once the listing is paid.
    expect(await w.subscription(answer.subscriptionId)).toMatchObject({ userId: null, companyId: null });
    expect((await w.subscription(answer.subscriptionId))?.verification).toBeUndefined();

    // Each visitor checkout of a new listing is its own payment; an e-mail that is none is not kept.
    const other = await checkout({ plan: 'listing', metadata: { type: 'business_listing', email: 'not an e-mail' } }, null);
    expect(await w.d.payments.findById(other.paymentIntentId)).toMatchObject({
      purpose: 'business_listing',
      payerEmail: null,
      payerKey: null,
    });
  });

  it("upgrades the owner's own free company, once", async () => {
    const dana = signedIn('dana');
    const companyId = await w.company({ userId: dana.id, name: 'Dana Limos' });
    const { paymentIntent } = await paidCheckout(w, { plan: 'listing', companyId }, dana);
    const payment = await w.d.payments.findById(paymentIntent);
    expect(payment).toMatchObject({ purpose: 'business_listing', companyId, userId: dana.id, upgrade: true });
    // The payment's webhook: the same company becomes paid, its subscription the owner's and active.
    await recordSuccess(w.d, payment!, new Date().toISOString());
    const subscription = await w.simulator.retrieveSubscription(payment!.subscriptionId);
    await w.d.subscriptions.applyProviderState(payment!.subscriptionId, subscription!, new Date().toISOString());
    expect(await w.subscription(payment!.subscriptionId)).toMatchObject({ userId: dana.id, companyId, status: 'active' });
    expect(await w.d.payments.findById(paymentIntent)).toMatchObject({ status: 'used', companyId });
    expect(await refusal(checkout({ plan: 'listing', companyId }, dana))).toEqual({ status: 409, message: 'This listing is already paid' });
  });

  it("refuses to upgrade someone else's company, an unknown one, or for a signed-out visitor", async () => {
    const companyId = await w.company({ userId: 'owner-account' });
    expect(await refusal(checkout({ plan: 'listing', companyId }, signedIn('dana')))).toEqual({
      status: 403,
      message: 'Only the owner of this listing can pay for it',
    });
    expect(await refusal(checkout({ plan: 'listing', companyId }, null))).toEqual({
      status: 401,
      message: 'Sign in as the owner of this listing to upgrade it',
    });
    expect(await refusal(checkout({ plan: 'listing', companyId: 'no-such-company' }, signedIn('dana')))).toEqual({
      status: 404,
      message: 'Company not found',
    });
    expect(
      await refusal(checkout({ plan: 'claim', companyId: 'no-such-company', metadata: { type: 'business_listing' } }, signedIn('dana'))),
    ).toEqual({ status: 404, message: 'Listing not found' });
  });

  it('charges a registered unpaid listing to its owner or an admin, and never a paid one', async () => {
    const dana = signedIn('dana');
    const listing = await registerListing(w.d, listingForm(), { userId: dana.id, email: dana.email }, undefined);
    expect(listing).toMatchObject({
      status: 'unpaid',
      userId: dana.id,
      company: { name: 'Dana Limos', businessEmail: 'desk@dana.example' },
    });
    expect(await refusal(checkout({ plan: 'listing', companyId: listing._id }, signedIn('eve')))).toEqual({
      status: 403,
      message: 'Only the owner of this listing can pay for it',
    });
    expect(await refusal(checkout({ plan: 'listing', companyId: listing._id }, null))).toMatchObject({ status: 403 });
    const own = await checkout({ plan: 'listing', companyId: listing._id }, dana);
    expect(await w.d.payments.findById(own.paymentIntentId)).toMatchObject({ companyId: listing._id, upgrade: false });
    await checkout({ plan: 'listing', companyId: listing._id }, signedIn('root', 'admin'));

    await w.d.listings.listings.updateOne({ _id: listing._id }, { $set: { status: 'paid' } });
    expect(await refusal(checkout({ plan: 'listing', companyId: listing._id }, dana))).toEqual({
      status: 409,
      message: 'This listing is already paid',
    });
  });
});
