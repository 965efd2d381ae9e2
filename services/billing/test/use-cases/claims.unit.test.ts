import { beforeEach, describe, expect, it, vi } from 'vitest';
import { approveClaim, linkClaimant, refundRejectedClaim, rejectClaim } from '../../src/use-cases/claims.js';
import { createPaymentIntent } from '../../src/use-cases/checkout.js';
import { processPaymentSuccess } from '../../src/use-cases/payment-success.js';
import { refusal } from '@limo/platform/testing';
import { billingWorld, paidCheckout, signedIn, type BillingWorld } from './support.js';

// The admin's decision on a business claim (PUT /api/admin/business-claims/{id}/approve and /reject):
// who the business goes to, and the money of a rejected claim.
const admin = signedIn('root', 'admin');
const claimer = { name: 'Dana Driver', email: 'dana@example.com', phone: '(303) 555-0199', role: 'owner' as const };

describe('deciding a business claim', () => {
  let w: BillingWorld;
  beforeEach(async () => {
    w = await billingWorld();
  });

  /** A claim paid by `user` (signed out when null) for `companyId`: its id. */
  async function claimOf(companyId: string, user: ReturnType<typeof signedIn> | null) {
    const { paymentIntent, clientSecret } = await paidCheckout(w, { plan: 'claim', companyId, claimerDetails: claimer }, user);
    const answer = await processPaymentSuccess(
      w.d,
      { paymentIntent, plan: 'claim', companyId, paymentIntentClientSecret: clientSecret },
      user,
    );
    if (answer.plan !== 'claim') throw new Error('a claim payment answered a listing');
    return answer.claimId;
  }

  it('approves a pending claim: the business goes to the claimer, announced once, the subscription verified', async () => {
    const dana = signedIn('dana');
    const companyId = await w.company({ name: 'Mile High Limousines' });
    const claimId = await claimOf(companyId, dana);
    const claim = await w.d.claims.findById(claimId);
    expect(claim).toMatchObject({ status: 'pending', userId: dana.id, paymentAmount: 7500, companyName: 'Mile High Limousines' });
    expect(await w.d.subscriptions.findById(claim!.subscriptionId!)).toMatchObject({ userId: dana.id, verification: 'pending' });

    const decided = await approveClaim(w.d, claimId, admin, { adminNotes: 'Checked the licence' });
    expect(decided).toMatchObject({ status: 'approved', approvedBy: admin.id, adminNotes: 'Checked the licence' });
    const [approved, ...more] = await w.events('claim.approved.v1');
    expect(more).toEqual([]);
    expect(approved.data).toMatchObject({
      claimId,
      companyId,
      userId: dana.id,
      businessVerified: true,
      approvedBy: admin.id,
      claimerEmail: dana.email,
      companyName: 'Mile High Limousines',
      claimedAt: decided.approvedAt,
    });
    expect(await w.d.subscriptions.findById(claim!.subscriptionId!)).toMatchObject({
      userId: dana.id,
      companyId,
      verification: 'verified',
    });
  });

  it('keeps the notes of the claim when the admin writes none, and announces an unverified business as such', async () => {
    const dana = signedIn('dana');
    const claimId = await claimOf(await w.company(), dana);
    await w.d.claims.claims.updateOne({ _id: claimId }, { $set: { adminNotes: 'Called the office' } });
    expect(await approveClaim(w.d, claimId, admin, { businessVerified: false })).toMatchObject({ adminNotes: 'Called the office' });
    expect((await w.events('claim.approved.v1'))[0].data).toMatchObject({ businessVerified: false });
  });

  it.each([
    { claim: 'a signed-in claimer’s claim', user: signedIn('dana') },
    { claim: 'a claim not linked to any account yet', user: null },
  ])('refuses to approve $claim once another account owns the company (the approval-time ownership rule), with 409', async ({ user }) => {
    const companyId = await w.company();
    const claimId = await claimOf(companyId, user);
    // Meanwhile the directory gave the company to someone else.
    await w.changeOwner(companyId, 'someone-else');
    expect(await refusal(approveClaim(w.d, claimId, admin, {}))).toEqual({
      status: 409,
      message: 'This business has already been claimed',
    });
    expect(await w.d.claims.findById(claimId)).toMatchObject({ status: 'pending' });
    expect(await w.events('claim.approved.v1')).toEqual([]);
  });

  it('approves a claim whose company the claimer already owns', async () => {
    const dana = signedIn('dana');
    const companyId = await w.company();
    const claimId = await claimOf(companyId, dana);
    await w.changeOwner(companyId, dana.id);
    expect(await approveClaim(w.d, claimId, admin, {})).toMatchObject({ status: 'approved' });
  });

  it('answers 404 for an unknown claim or a company deleted since, and 409 for a claim already decided', async () => {
    expect(await refusal(approveClaim(w.d, 'no-such-claim', admin, {}))).toEqual({ status: 404, message: 'Claim not found' });
    expect(await refusal(rejectClaim(w.d, 'no-such-claim', admin, {}))).toEqual({ status: 404, message: 'Claim not found' });

    const gone = await w.company();
    const orphan = await claimOf(gone, signedIn('eve'));
    await w.d.readModels.applyCompanyDeleted(gone, 2);
    expect(await refusal(approveClaim(w.d, orphan, admin, {}))).toEqual({ status: 404, message: 'Company not found' });

    const claimId = await claimOf(await w.company(), signedIn('dana'));
    await approveClaim(w.d, claimId, admin, {});
    expect(await refusal(approveClaim(w.d, claimId, admin, {}))).toEqual({ status: 409, message: 'This claim was already approved' });
    expect(await refusal(rejectClaim(w.d, claimId, admin, {}))).toEqual({ status: 409, message: 'This claim was already approved' });
  });

  it("refuses a signed-out claim made with another account's e-mail (no account to give the business to)", async () => {
    await w.account('dana-account', 'Dana@Example.com');
    const claimId = await claimOf(await w.company(), null);
    expect(await w.d.claims.findById(claimId)).toMatchObject({ userId: null, accountReview: 'email-of-another-account' });
    const { status, message } = await refusal(approveClaim(w.d, claimId, admin, {}));
    expect(status).toBe(409);
    expect(message).toMatch(/^The claimer's e-mail belongs to another account/);
  });

  it('approves a signed-out claim at once and announces it when its account is linked', async () => {
    const companyId = await w.company();
    const claimId = await claimOf(companyId, null);
    expect(await w.d.claims.findById(claimId)).toMatchObject({ userId: null, accountReview: null });
    const decided = await approveClaim(w.d, claimId, admin, { businessVerified: false });
    expect(decided).toMatchObject({ status: 'approved', userId: null });
    expect(await w.events('claim.approved.v1')).toEqual([]);

    await linkClaimant(w.d, claimId, 'dana-account');
    const [approved, ...more] = await w.events('claim.approved.v1');
    expect(more).toEqual([]);
    expect(approved.data).toMatchObject({
      claimId,
      companyId,
      userId: 'dana-account',
      businessVerified: false,
      claimedAt: decided.approvedAt,
    });
    expect(await w.d.claims.findById(claimId)).toMatchObject({ userId: 'dana-account' });
    expect(await w.d.subscriptions.findById(decided.subscriptionId!)).toMatchObject({ userId: 'dana-account', verification: 'verified' });

    // Linked once: a second link changes nothing.
    await linkClaimant(w.d, claimId, 'another-account');
    expect(await w.d.claims.findById(claimId)).toMatchObject({ userId: 'dana-account' });
    expect(await w.events('claim.approved.v1')).toHaveLength(1);
  });

  it('links a pending claim to its account without announcing it', async () => {
    const claimId = await claimOf(await w.company(), null);
    const published = (await w.events()).length;
    await linkClaimant(w.d, claimId, 'dana-account');
    expect(await w.events()).toHaveLength(published);
    const claim = await w.d.claims.findById(claimId);
    expect(claim).toMatchObject({ status: 'pending', userId: 'dana-account' });
    expect(await w.d.subscriptions.findById(claim!.subscriptionId!)).toMatchObject({ userId: 'dana-account', verification: 'pending' });
    expect(await w.events('claim.approved.v1')).toEqual([]);
  });

  it('rejects a claim: the $75 refunded, the subscription ended now, the company open to a new claim', async () => {
    const dana = signedIn('dana');
    const companyId = await w.company({ name: 'Mile High Limousines' });
    const claimId = await claimOf(companyId, dana);
    const decided = await rejectClaim(w.d, claimId, admin, { reason: 'Not the owner' });
    expect(decided).toMatchObject({ status: 'rejected', rejectedBy: admin.id, adminNotes: 'Not the owner', refundStatus: 'pending' });
    const [rejected] = await w.events('claim.rejected.v1');
    expect(rejected.data).toMatchObject({
      claimId,
      companyId,
      companyName: 'Mile High Limousines',
      userId: dana.id,
      claimerName: 'Dana Driver',
      claimerEmail: dana.email,
      reason: 'Not the owner',
      refundAmount: 7500,
      rejectedBy: admin.id,
      rejectedAt: decided.rejectedAt,
    });

    await refundRejectedClaim(w.d, claimId);
    const refunded = await w.d.claims.findById(claimId);
    expect(refunded).toMatchObject({ refundStatus: 'refunded' });
    expect(refunded!.refundId).toBeTruthy();
    const payment = await w.d.payments.findById(decided.stripePaymentIntentId);
    expect(payment).toMatchObject({ status: 'refunded' });
    expect(payment!.refunds).toEqual([expect.objectContaining({ refundId: refunded!.refundId, amount: 7500, reason: 'claim rejected' })]);
    expect(await w.d.subscriptions.findById(decided.subscriptionId!)).toMatchObject({ status: 'canceled' });

    // Done once: a redelivery refunds nothing more.
    await refundRejectedClaim(w.d, claimId);
    expect((await w.d.payments.findById(decided.stripePaymentIntentId))!.refunds).toHaveLength(1);

    // Another payer may claim the company now.
    const again = await createPaymentIntent(w.d, { plan: 'claim', companyId, claimerDetails: claimer }, signedIn('eve'), {
      warn: () => undefined,
    });
    expect(again.amount).toBe(7500);
  });

  it('takes the admin notes as the reason, and keeps the claim notes when neither is given', async () => {
    const first = await claimOf(await w.company(), signedIn('dana'));
    expect(await rejectClaim(w.d, first, admin, { adminNotes: 'Fake documents' })).toMatchObject({ adminNotes: 'Fake documents' });
    expect((await w.events('claim.rejected.v1'))[0].data).toMatchObject({ reason: 'Fake documents' });

    const second = await claimOf(await w.company(), signedIn('eve'));
    await w.d.claims.claims.updateOne({ _id: second }, { $set: { adminNotes: 'Called twice' } });
    expect(await rejectClaim(w.d, second, admin, {})).toMatchObject({ adminNotes: 'Called twice' });
    expect((await w.events('claim.rejected.v1'))[1].data).toMatchObject({ reason: null });
  });

  it('refunds nothing for a claim that is not rejected', async () => {
    const claimId = await claimOf(await w.company(), signedIn('dana'));
    await refundRejectedClaim(w.d, claimId);
    await refundRejectedClaim(w.d, 'no-such-claim');
    const claim = await w.d.claims.findById(claimId);
    expect(claim).toMatchObject({ status: 'pending', refundStatus: 'none' });
    expect(await w.d.payments.findById(claim!.stripePaymentIntentId)).toMatchObject({ refunds: [] });
  });

  it('approves a signed-out claim on the account linked to it between the read and the write', async () => {
    const claimId = await claimOf(await w.company(), null);
    const sam = signedIn('sam');
    vi.spyOn(w.d.claims, 'decide').mockImplementationOnce(async () => {
      await linkClaimant(w.d, claimId, sam.id);
      return null;
    });
    expect(await approveClaim(w.d, claimId, admin, {})).toMatchObject({ status: 'approved', userId: sam.id });
    const [approved, ...more] = await w.events('claim.approved.v1');
    expect(more).toEqual([]);
    expect(approved.data).toMatchObject({ claimId, userId: sam.id });
  });

  it('answers 409 when another admin decided the claim between the read and the write', async () => {
    const companyId = await w.company();
    const claimId = await claimOf(companyId, null);
    vi.spyOn(w.d.claims, 'decide').mockImplementationOnce(async () => {
      await rejectClaim(w.d, claimId, signedIn('ann', 'admin'), {});
      return null;
    });
    const meanwhile = { status: 409, message: 'This claim was decided meanwhile' };
    expect(await refusal(approveClaim(w.d, claimId, admin, {}))).toEqual(meanwhile);
    expect(await w.d.claims.findById(claimId)).toMatchObject({ status: 'rejected' });
    expect(await w.events('claim.approved.v1')).toEqual([]);

    const other = await claimOf(await w.company(), signedIn('dana'));
    vi.spyOn(w.d.claims, 'decide').mockResolvedValueOnce(null);
    expect(await refusal(rejectClaim(w.d, other, admin, {}))).toEqual(meanwhile);
    expect(await w.d.claims.findById(other)).toMatchObject({ status: 'pending' });
  });

  it('refuses to approve a claim while another claim of the company is being approved', async () => {
    const claimId = await claimOf(await w.company(), signedIn('dana'));
    vi.spyOn(w.d.claims, 'reserveApproval').mockResolvedValueOnce(false);
    expect(await refusal(approveClaim(w.d, claimId, admin, {}))).toEqual({
      status: 409,
      message: 'This business already has an approved claim',
    });
    expect(await w.d.claims.findById(claimId)).toMatchObject({ status: 'pending' });
  });

  it("marks a rejected claim's refund failed when the provider fails it, and throws for a retry", async () => {
    const claimId = await claimOf(await w.company(), signedIn('dana'));
    await rejectClaim(w.d, claimId, admin, {});
    vi.spyOn(w.simulator, 'refundPayment').mockRejectedValueOnce(new Error('the provider is down'));
    await expect(refundRejectedClaim(w.d, claimId)).rejects.toThrow('the provider is down');
    expect(await w.d.claims.findById(claimId)).toMatchObject({ refundStatus: 'failed', refundId: null });
  });

  it('refunds a rejected claim whose payment record cannot take the refund (a record from before the lifecycle)', async () => {
    const claimId = await claimOf(await w.company(), signedIn('dana'));
    const claim = await w.d.claims.findById(claimId);
    await rejectClaim(w.d, claimId, admin, {});
    await w.d.payments.payments.updateOne({ _id: claim!.stripePaymentIntentId }, { $set: { status: 'failed' } });
    await refundRejectedClaim(w.d, claimId);
    expect(await w.d.claims.findById(claimId)).toMatchObject({ refundStatus: 'refunded', refundId: expect.any(String) });
    expect(await w.d.payments.findById(claim!.stripePaymentIntentId)).toMatchObject({ status: 'failed', refunds: [] });
  });
});
