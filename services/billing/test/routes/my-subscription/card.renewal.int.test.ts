import { describe, expect, it } from 'vitest';
import { call, card, sharedHarness, startBilling, waitFor } from '../../support.js';
import { approve, mailsTo, ownerWithPaidClaim } from '../billing-flow.js';

// The renewal path of the simulator (its clock moved forward, as the provider's time passes): the
// owner's card update that pays a failed renewal.
const h = sharedHarness(() => startBilling());

const DAY_MS = 24 * 3600 * 1000;
const YEAR_MS = 365 * DAY_MS;
describe('POST /api/my-subscription/card', () => {
  it('pays a failed renewal with the new card: the subscription is active again and the receipt is mailed', async () => {
    const { email, claimId, owner, subscriptionId, company } = await ownerWithPaidClaim(h);
    await approve(h, claimId);
    h.simulator().advance(YEAR_MS + DAY_MS, { renewalFails: true });
    const [failed] = await mailsTo(h, email, 'payment-failed');
    expect(failed.text).toContain('http://limo.test/dashboard?tab=billing');
    await waitFor(async () => (await h.service.deps.subscriptions.findById(subscriptionId))?.status === 'past_due');
    const receiptsBefore = (await h.ctx.outbox()).filter((m) => m.to === email && m.tag === 'receipt').length;

    const url = '/api/my-subscription/card';
    const declined = await call(h, 'POST', url, owner, { companyId: company.id, ...card('4000000000000002') });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toMatch(/declined/);
    const invalid = await call(h, 'POST', url, owner, { companyId: company.id, cardNumber: '42', expiry: '13/99', cvc: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(await call(h, 'POST', url, undefined, { companyId: company.id, ...card('4242424242424242') })).toMatchObject({
      statusCode: 401,
    });

    const res = await call(h, 'POST', url, owner, { companyId: company.id, ...card('4242424242424242') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Card updated and the renewal paid',
      subscription: { status: 'active', card: { brand: 'visa', last4: '4242' } },
    });
    const receipts = await mailsTo(h, email, 'receipt', receiptsBefore + 1);
    expect(receipts.at(-1)!.text).toContain('Your yearly subscription renewed');
  });
});
