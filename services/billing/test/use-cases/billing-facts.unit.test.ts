import { beforeEach, describe, expect, it } from 'vitest';
import type { Mailer } from '@limo/platform';
import { createPaymentIntent } from '../../src/use-cases/checkout.js';
import { BillingFacts } from '../../src/use-cases/billing-facts.js';
import { registerListing } from '../../src/use-cases/listings.js';
import { processPaymentSuccess } from '../../src/use-cases/payment-success.js';
import { billingWorld, listingForm, paidCheckout, signedIn, type BillingWorld } from './support.js';

// Who a billing mail goes to and which company it names: the account's e-mail first, else what the
// payer typed at checkout; the directory's name of the company, else the claim's or the listing's.
const claimer = { name: 'Dana Driver', email: 'dana.typed@example.com', phone: '(303) 555-0199', role: 'owner' as const };
const ignoreWarnings = { warn: () => undefined };

let w: BillingWorld;
beforeEach(async () => {
  w = await billingWorld();
});

async function subscriptionOf(paymentIntent: string) {
  const payment = await w.d.payments.findById(paymentIntent);
  const sub = await w.subscription(payment?.subscriptionId ?? null);
  if (!sub) throw new Error('no subscription');
  return sub;
}

describe("a subscription's mails", () => {
  it("go to the owner's account, whatever e-mail the claim form named", async () => {
    const dana = signedIn('dana');
    await w.account(dana.id, 'dana.account@example.com');
    const companyId = await w.company();
    const { paymentIntent } = await paidCheckout(w, { plan: 'claim', companyId, claimerDetails: claimer }, dana);
    await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId }, dana);
    expect(await w.facts.subscriptionEmail(await subscriptionOf(paymentIntent))).toBe('dana.account@example.com');
  });

  it('go to the claimer a signed-out claim names, and to the account the claim is linked to once it has one', async () => {
    const companyId = await w.company();
    const { paymentIntent, clientSecret } = await paidCheckout(w, { plan: 'claim', companyId, claimerDetails: claimer }, null);
    // Before the success page or the webhook made the claim: the e-mail typed at checkout.
    expect(await w.facts.subscriptionEmail(await subscriptionOf(paymentIntent))).toBe(claimer.email);
    await processPaymentSuccess(w.d, { paymentIntent, plan: 'claim', companyId, clientSecret }, null);
    expect(await w.facts.subscriptionEmail(await subscriptionOf(paymentIntent))).toBe(claimer.email);

    const claim = await w.d.claims.findByPaymentIntent(paymentIntent);
    await w.d.claims.claims.updateOne({ _id: claim?._id }, { $set: { userId: 'linked-account' } });
    await w.account('linked-account', 'dana.linked@example.com');
    expect(await w.facts.subscriptionEmail(await subscriptionOf(paymentIntent))).toBe('dana.linked@example.com');
  });

  it("go to the e-mail a visitor's listing checkout named, then to the account that registered it", async () => {
    const { paymentIntent } = await paidCheckout(
      w,
      { plan: 'listing', metadata: { companyName: 'Dana Limos', email: 'dana@example.com' } },
      null,
    );
    expect(await w.facts.subscriptionEmail(await subscriptionOf(paymentIntent))).toBe('dana@example.com');
    await w.account('dana-account', 'dana.account@example.com');
    await registerListing(w.d, listingForm('Dana Limos'), { userId: 'dana-account', email: 'dana@example.com' }, paymentIntent);
    expect(await w.facts.subscriptionEmail(await subscriptionOf(paymentIntent))).toBe('dana.account@example.com');
  });

  it("go to the payer's account when the subscription has no owner yet", async () => {
    const dana = signedIn('dana');
    await w.account(dana.id, 'dana.account@example.com');
    const started = await createPaymentIntent(w.d, { plan: 'listing', metadata: { companyName: 'Dana Limos' } }, dana, ignoreWarnings);
    const payment = await w.d.payments.findById(started.paymentIntentId);
    expect(await w.facts.payerEmail(payment!)).toBe('dana.account@example.com');
    const sub = await subscriptionOf(started.paymentIntentId);
    expect(await w.facts.subscriptionEmail({ ...sub, userId: null })).toBe('dana.account@example.com');
    expect(await w.facts.subscriptionEmail({ ...sub, userId: null, paymentIntentId: 'pi_gone', email: 'kept@example.com' })).toBe(
      'kept@example.com',
    );
  });
});

describe('the company a billing mail names', () => {
  it("is the directory's name, else the unlisted listing's, else the claim's, else the checkout's", async () => {
    const companyId = await w.company({ name: 'Mile High Limousines' });
    const dana = signedIn('dana');
    const claim = await paidCheckout(w, { plan: 'claim', companyId }, dana);
    await processPaymentSuccess(w.d, { paymentIntent: claim.paymentIntent, plan: 'claim', companyId }, dana);
    expect(await w.facts.companyName(companyId, claim.paymentIntent)).toBe('Mile High Limousines');
    // A company the read-model no longer holds: the name its claim was made under.
    expect(await w.facts.companyName('gone-company', claim.paymentIntent)).toBe('Mile High Limousines');
    expect(await w.facts.companyName(null, claim.paymentIntent)).toBe('Mile High Limousines');

    const listing = await registerListing(w.d, listingForm('Dana Limos'), { userId: dana.id, email: dana.email }, undefined);
    expect(await w.facts.companyName(listing._id)).toBe('Dana Limos');

    const visitor = await paidCheckout(w, { plan: 'listing', metadata: { companyName: 'Eve Limos', email: 'eve@example.com' } }, null);
    expect(await w.facts.companyName(null, visitor.paymentIntent)).toBe('Eve Limos');
    expect(await w.facts.companyName('gone-company', 'pi_unknown')).toBeNull();
    expect(await w.facts.companyName(null)).toBeNull();
  });
});

describe('a billing mail that cannot be sent', () => {
  it('fails nothing: the provider event sends it again later', async () => {
    const down: Mailer = {
      send: () => Promise.reject(new Error('421 try again later')),
      ping: async () => undefined,
      close: async () => undefined,
    };
    const facts = new BillingFacts({ ...w.facts.d, mailer: down });
    await expect(
      facts.sendQuietly({ to: 'dana@example.com', subject: 'Receipt', text: 'Paid', tag: 'receipt', idempotencyKey: 'receipt:1' }),
    ).resolves.toBeUndefined();
  });
});
