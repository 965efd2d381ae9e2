import { describe, expect, it } from 'vitest';
import { BillingOperations } from '../../src/use-cases/billing-operations.js';
import { billingWorld, listingForm, signedIn } from './support.js';

// The operations billing's routes and consumers call: a claim and a listing from checkout to their end,
// through them only.
const claimer = { name: 'Dana Driver', email: 'dana@example.com', phone: '(303) 555-0199', role: 'owner' as const };
const ignoreWarnings = { warn: () => undefined };
const pay = (clientSecret: string) => ({ clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });

describe("billing's operations", () => {
  it('take two claims from checkout to approval, and to rejection and refund', async () => {
    const w = await billingWorld();
    const ops = new BillingOperations(w.d);
    const admin = signedIn('root', 'admin');
    const claims = [];
    for (const name of ['Mile High Limousines', 'Front Range Cars']) {
      const companyId = await w.company({ name });
      const started = await ops.createPaymentIntent({ plan: 'claim', companyId, claimerDetails: claimer }, null, ignoreWarnings);
      w.simulator.confirm(pay(started.clientSecret));
      const answer = await ops.processPaymentSuccess(
        { paymentIntent: started.paymentIntentId, plan: 'claim', companyId, clientSecret: started.clientSecret },
        null,
      );
      if (answer.plan !== 'claim') throw new Error('a claim payment answered a listing');
      await ops.linkClaimant(answer.claimId, 'dana-account');
      claims.push({ ...answer, subscriptionId: started.subscriptionId });
    }
    expect(await ops.approveClaim(claims[0].claimId, admin, { adminNotes: 'Checked' })).toMatchObject({
      status: 'approved',
      userId: 'dana-account',
    });
    expect(await ops.rejectClaim(claims[1].claimId, admin, { reason: 'Not the owner' })).toMatchObject({ status: 'rejected' });
    await ops.refundRejectedClaim(claims[1].claimId);
    expect(await w.d.claims.findById(claims[1].claimId)).toMatchObject({ refundStatus: 'refunded' });
    expect(await w.subscription(claims[1].subscriptionId)).toMatchObject({ status: 'canceled' });
  });

  it("take a signed-in owner's listing from the form to paid, then to its cancellation at the year's end", async () => {
    const w = await billingWorld();
    const ops = new BillingOperations(w.d);
    const dana = signedIn('dana');
    const listing = await ops.registerListing(listingForm('Dana Limos'), { userId: dana.id, email: dana.email }, undefined);
    const started = await ops.createPaymentIntent({ plan: 'listing', companyId: listing._id }, dana, ignoreWarnings);
    w.simulator.confirm(pay(started.clientSecret));
    const payment = await w.d.payments.findById(started.paymentIntentId);
    await ops.recordSuccess(payment!, new Date().toISOString());
    expect(await w.d.listings.findById(listing._id)).toMatchObject({ status: 'paid' });
    // The provider's report of the subscription: active once paid.
    const subscriptionId = started.subscriptionId ?? '';
    await w.d.webhookEvents.record('simulator', {
      id: 'evt_sub',
      type: 'customer.subscription.updated',
      created: new Date().toISOString(),
      objectId: subscriptionId,
    });
    expect(await w.subscription(subscriptionId)).toMatchObject({ status: 'incomplete' });
    await ops.handleProviderEvent('evt_sub');
    expect(await w.subscription(subscriptionId)).toMatchObject({ status: 'active', userId: dana.id, companyId: listing._id });
    await ops.cancelSubscription(subscriptionId);
    expect(await w.subscription(subscriptionId)).toMatchObject({ cancelAtPeriodEnd: true });
  });
});
