import { beforeEach, describe, expect, it } from 'vitest';
import { businessListingBodySchema } from '@limo/contracts';
import { recordSuccess } from '../../src/use-cases/payment-records.js';
import { createPaymentIntent } from '../../src/use-cases/checkout.js';
import { registerListing } from '../../src/use-cases/listings.js';
import { refusal } from '@limo/platform/testing';
import { billingWorld, listingForm, paidCheckout, signedIn, type BillingWorld } from './support.js';

// A paid listing (§2.5): the listing form and its payment, paid first (a visitor) or after (a signed-in owner).
const visitorCheckout = { plan: 'listing' as const, metadata: { companyName: 'Dana Limos', email: 'dana@example.com' } };

describe('registering a paid listing', () => {
  let w: BillingWorld;
  beforeEach(async () => {
    w = await billingWorld();
  });

  it("makes the visitor's paid listing theirs and announces it paid, once", async () => {
    const { paymentIntent } = await paidCheckout(w, visitorCheckout, null);
    const listing = await registerListing(
      w.d,
      listingForm('Dana Limos'),
      { userId: 'dana-account', email: 'Dana@Example.com' },
      paymentIntent,
    );
    expect(listing).toMatchObject({ status: 'paid', userId: 'dana-account', paymentIntentId: paymentIntent });
    const payment = await w.d.payments.findById(paymentIntent);
    expect(payment).toMatchObject({ status: 'used', companyId: listing._id, userId: 'dana-account' });
    expect(await w.subscription(payment?.subscriptionId ?? null)).toMatchObject({ userId: 'dana-account', companyId: listing._id });
    const [registered, ...more] = await w.events('listing.registered.v1');
    expect(more).toEqual([]);
    expect(registered.data).toMatchObject({
      companyId: listing._id,
      userId: 'dana-account',
      isPaid: true,
      paymentIntentId: paymentIntent,
      company: { name: 'Dana Limos', businessEmail: 'desk@dana.example', website: 'https://dana.example/', city: 'Denver', services: [] },
    });

    // The same sign-up asked again finishes nothing twice; another listing cannot use the payment.
    expect(
      await registerListing(
        w.d,
        listingForm('Dana Limos'),
        { userId: 'dana-account', email: 'dana@example.com' },
        paymentIntent,
        listing._id,
      ),
    ).toMatchObject({ _id: listing._id, status: 'paid' });
    expect(await w.events('listing.registered.v1')).toHaveLength(1);
    expect(
      await refusal(registerListing(w.d, listingForm('Other'), { userId: 'dana-account', email: 'dana@example.com' }, paymentIntent)),
    ).toEqual({ status: 409, message: 'This payment was already used for a listing' });
  });

  it('refuses a payment made by someone else, one for a claim, an unknown one, or one not paid', async () => {
    const dana = { userId: 'dana-account', email: 'dana@example.com' };
    const { paymentIntent } = await paidCheckout(w, visitorCheckout, null);
    const notYours = await refusal(registerListing(w.d, listingForm(), { userId: 'eve-account', email: 'eve@example.com' }, paymentIntent));
    expect(notYours.status).toBe(403);
    expect(notYours.message).toMatch(/^This payment was not made by you\./);
    expect(await refusal(registerListing(w.d, listingForm(), { userId: 'eve-account', email: null }, paymentIntent))).toMatchObject({
      status: 403,
    });

    const claim = await paidCheckout(w, { plan: 'claim', companyId: await w.company() }, signedIn('dana'));
    expect(await refusal(registerListing(w.d, listingForm(), dana, claim.paymentIntent))).toEqual({
      status: 400,
      message: 'This payment is for a claim, not a business listing',
    });
    expect(await refusal(registerListing(w.d, listingForm(), dana, 'pi_unknown'))).toEqual({ status: 404, message: 'Payment not found' });

    // (Another listing: the same one's checkout would answer the paid intent again.)
    const another = { ...visitorCheckout, metadata: { ...visitorCheckout.metadata, companyName: 'Dana Limos of Boulder' } };
    const unpaid = await createPaymentIntent(w.d, another, null, { warn: () => undefined });
    expect(await refusal(registerListing(w.d, listingForm(), dana, unpaid.paymentIntentId))).toMatchObject({ status: 402 });
    expect(await w.d.listings.listings.count({})).toBe(0);
  });

  it("takes a signed-in payer's listing payment only from that account", async () => {
    const dana = signedIn('dana');
    const { paymentIntent } = await paidCheckout(w, { plan: 'listing', metadata: { companyName: 'Dana Limos' } }, dana);
    expect(await refusal(registerListing(w.d, listingForm(), { userId: 'eve-account', email: dana.email }, paymentIntent))).toMatchObject({
      status: 403,
    });
    expect(await registerListing(w.d, listingForm(), { userId: dana.id, email: null }, paymentIntent)).toMatchObject({ status: 'paid' });
  });

  it("registers an owner's listing unpaid, then marks it paid when its checkout's payment succeeds", async () => {
    const dana = signedIn('dana');
    const listing = await registerListing(w.d, listingForm('Dana Limos'), { userId: dana.id, email: dana.email }, undefined);
    expect(listing).toMatchObject({ status: 'unpaid', paymentIntentId: null });
    expect(await w.events('listing.registered.v1')).toEqual([]);

    const { paymentIntent } = await paidCheckout(w, { plan: 'listing', companyId: listing._id }, dana);
    const payment = await w.d.payments.findById(paymentIntent);
    await recordSuccess(w.d, payment!, new Date().toISOString());
    expect(await w.d.listings.findById(listing._id)).toMatchObject({ status: 'paid', paymentIntentId: paymentIntent });
    expect(await w.subscription(payment?.subscriptionId ?? null)).toMatchObject({ userId: dana.id, companyId: listing._id });
    expect(await w.events('listing.registered.v1')).toHaveLength(1);
  });

  it('keeps every field of the listing form for the company the directory makes', async () => {
    const form = businessListingBodySchema.parse({
      name: 'Dana Limos',
      businessEmail: 'Desk@dana.example',
      website: 'dana.example',
      phone: '(303) 555-0100',
      email: 'dana@dana.example',
      description: 'Black cars across the Front Range',
      address: '1 Main St',
      city: 'Denver',
      state: 'CO',
      zipCode: '80202',
      fullAddress: '1 Main St, Denver, CO 80202',
      latitude: 39.74,
      longitude: -104.99,
      priceRange: '$$',
      services: ['Airport transfers'],
      vehicleTypes: ['Sedan', 'SUV'],
      hourlyRateStart: 95,
      seoKeywords: 'denver limo',
      seoTags: 'limo, chauffeur',
    });
    const dana = signedIn('dana');
    const listing = await registerListing(w.d, form, { userId: dana.id, email: dana.email }, undefined);
    expect((await w.d.listings.findById(listing._id))?.company).toEqual({
      name: 'Dana Limos',
      description: 'Black cars across the Front Range',
      phone: '(303) 555-0100',
      email: 'dana@dana.example',
      businessEmail: 'desk@dana.example',
      website: 'https://dana.example/',
      address: '1 Main St',
      city: 'Denver',
      state: 'CO',
      zipCode: '80202',
      latitude: 39.74,
      longitude: -104.99,
      priceRange: '$$',
      services: ['airport-transfer'],
      vehicleTypes: ['sedan', 'suv'],
      hourlyRateStart: 95,
      seoKeywords: 'denver limo',
      seoTags: 'limo, chauffeur',
      fullAddress: '1 Main St, Denver, CO 80202',
    });
    // The short form: what it leaves out is stored empty.
    const short = await registerListing(w.d, listingForm('Eve Cars'), { userId: dana.id, email: dana.email }, undefined);
    expect(short.company).toMatchObject({ description: null, latitude: null, services: [], vehicleTypes: [], seoTags: null });
  });
});
