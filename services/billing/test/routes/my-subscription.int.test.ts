import { describe, expect, it } from 'vitest';
import { call, sharedHarness, startBilling, userOf } from '../support.js';
import { approve, ownerWithPaidClaim } from './billing-flow.js';

const h = sharedHarness(() => startBilling());

describe('GET /api/my-subscription', () => {
  it('shows the paying owner their subscription right after paying: "Active · verification pending", amount, renewal, card, receipt', async () => {
    const { owner, company, subscriptionId, paymentIntentId, claimId } = await ownerWithPaidClaim(h);
    const res = await call(h, 'GET', '/api/my-subscription', owner);
    expect(res.statusCode, res.body).toBe(200);
    const sub = res.json();
    expect(sub).toMatchObject({
      subscriptionId,
      companyId: company.id,
      companyName: company.name,
      plan: { id: 'claim', name: 'Business Directory Access', interval: 'year' },
      status: 'active',
      verificationPending: true,
      statusLabel: 'Active · verification pending',
      amount: 7500,
      currency: 'usd',
      cancelAtPeriodEnd: false,
      endsOn: null,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(new Date(sub.renewsOn).getTime()).toBeGreaterThan(Date.now() + 360 * 24 * 3600 * 1000);
    expect(sub.invoices).toHaveLength(1);
    expect(sub.invoices[0]).toMatchObject({ paymentIntentId, amount: 7500, status: 'paid', receiptNumber: expect.stringMatching(/^LD-/) });

    await approve(h, claimId);
    const after = await call(h, 'GET', `/api/my-subscription?companyId=${company.id}`, owner);
    expect(after.json()).toMatchObject({ verificationPending: false, statusLabel: 'Active' });
  });

  it('is the owner’s only: 401 signed out, 404 for anyone else and for a company that is not theirs', async () => {
    const { company } = await ownerWithPaidClaim(h);
    expect((await call(h, 'GET', '/api/my-subscription')).statusCode).toBe(401);
    const stranger = await call(h, 'GET', '/api/my-subscription', userOf(h, 'business'));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('No subscription yet');
    const other = await ownerWithPaidClaim(h);
    const notTheirs = await call(h, 'GET', `/api/my-subscription?companyId=${company.id}`, other.owner);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().message).toBe('You have no subscription for this company');
    expect((await call(h, 'GET', `/api/my-subscription?companyId=${'x'.repeat(100)}`, other.owner)).statusCode).toBe(400);
  });

  it('lists an owner’s other subscriptions and switches with ?companyId=', async () => {
    const first = await ownerWithPaidClaim(h);
    const second = await ownerWithPaidClaim(h);
    // The second claim is linked to the first owner's account.
    await h.service.deps.claims.setUser(second.claimId, first.owner.id);
    const res = await call(h, 'GET', '/api/my-subscription', first.owner);
    expect(res.json().subscriptionId).toBe(first.subscriptionId);
    expect(res.json().others).toEqual([
      { subscriptionId: second.subscriptionId, companyId: second.company.id, companyName: second.company.name },
    ]);
    const switched = await call(h, 'GET', `/api/my-subscription?companyId=${second.company.id}`, first.owner);
    expect(switched.json().subscriptionId).toBe(second.subscriptionId);
  });
});
