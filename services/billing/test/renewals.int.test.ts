import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, card, startBilling, waitFor, type Harness } from './support.js';
import { approve, mailsTo, ownerWithPaidClaim } from './routes/billing-flow.js';

// The renewal path of the simulator (its clock moved forward, as the provider's time passes): the
// "renews in 7 days" notice once per period, and the owner's card update that pays a failed renewal.
let h: Harness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => {
  await h?.close();
});

const DAY_MS = 24 * 3600 * 1000;
const YEAR_MS = 365 * DAY_MS;

describe('renewal notice, 7 days before the yearly renewal', () => {
  it('is mailed once per period (plain text and HTML), with the date, the amount, the card and the Billing link', async () => {
    const { email, claimId, company } = await ownerWithPaidClaim(h);
    await approve(h, claimId);
    h.simulator().advance(YEAR_MS - 8 * DAY_MS);
    await new Promise((r) => setTimeout(r, 200));
    expect((await h.ctx.outbox()).filter((m) => m.to === email && m.tag === 'renewal-reminder')).toEqual([]);

    h.simulator().advance(2 * DAY_MS);
    const [notice] = await mailsTo(h, email, 'renewal-reminder');
    expect(notice.subject).toMatch(/^Your LimoDirectory subscription renews on [A-Z][a-z]+ \d+, \d{4}$/);
    for (const part of [notice.text, notice.html!]) {
      expect(part).toContain('$75.00');
      expect(part).toContain('Visa ending in 4242');
      expect(part).toContain(company.name);
      expect(part).toContain('http://limo.test/dashboard?tab=billing');
    }
    // Later moves within the same period send no second notice; the renewal itself sends its receipt.
    h.simulator().advance(DAY_MS);
    h.simulator().advance(DAY_MS);
    await new Promise((r) => setTimeout(r, 300));
    expect((await h.ctx.outbox()).filter((m) => m.to === email && m.tag === 'renewal-reminder')).toHaveLength(1);
    h.simulator().advance(5 * DAY_MS);
    await mailsTo(h, email, 'receipt', 2);
    expect((await h.ctx.outbox()).filter((m) => m.to === email && m.tag === 'renewal-reminder')).toHaveLength(1);
  });
});

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
