import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, card, claimer, claimIntent, listCompany, sharedHarness, startBilling, userOf, waitFor } from '../support.js';

const h = sharedHarness(() => startBilling());

describe('POST /api/create-payment-intent (claim): no payment without its claimer', () => {
  it('asks a signed-out payer for the claimer details before any intent exists', async () => {
    const company = await listCompany(h);
    const res = await call(h, 'POST', '/api/create-payment-intent', undefined, { plan: 'claim', companyId: company.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Please fill in all required fields', errors: [{ field: 'claimerDetails' }] });
    expect(await h.service.deps.payments.list({ companyId: company.id })).toEqual([]);
    const bad = await claimIntent(h, company.id, { ...claimer(), email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email');
  });

  it('records the claimer with the payment, and a signed-in payer needs none', async () => {
    const company = await listCompany(h);
    const details = claimer();
    const res = await claimIntent(h, company.id, details);
    expect(res.statusCode).toBe(200);
    const payment = await h.service.deps.payments.byId(res.json().paymentIntentId);
    expect(payment).toMatchObject({ status: 'created', companyId: company.id, payerEmail: details.email, claimerDetails: details });

    const other = await listCompany(h);
    const owner = userOf(h, 'business');
    const signedIn = await call(h, 'POST', '/api/create-payment-intent', owner, { plan: 'claim', companyId: other.id });
    expect(signedIn.statusCode).toBe(200);
    expect(await h.service.deps.payments.byId(signedIn.json().paymentIntentId)).toMatchObject({
      userId: owner.id,
      payerEmail: owner.email,
    });
  });

  it('reuses the open intent of the same payer and company: one charge, never two', async () => {
    const company = await listCompany(h);
    const details = claimer();
    const first = await claimIntent(h, company.id, details);
    const again = await claimIntent(h, company.id, details);
    expect(again.statusCode).toBe(200);
    expect(again.json().paymentIntentId).toBe(first.json().paymentIntentId);
    expect(again.json().clientSecret).toBe(first.json().clientSecret);
    expect(await h.service.deps.payments.list({ companyId: company.id })).toHaveLength(1);

    const owner = userOf(h, 'business');
    const a = await call(h, 'POST', '/api/create-payment-intent', owner, { plan: 'claim', companyId: company.id });
    const b = await call(h, 'POST', '/api/create-payment-intent', owner, { plan: 'claim', companyId: company.id });
    expect(b.json().paymentIntentId).toBe(a.json().paymentIntentId);
    expect(a.json().paymentIntentId).not.toBe(first.json().paymentIntentId);
  });
});

describe('POST /api/create-payment-intent (listing): an owner upgrades their own free listing', () => {
  it('pays for the same company (no duplicate, no new listing); a company of someone else is 403', async () => {
    const owner = userOf(h, 'business');
    const company = await listCompany(h, { userId: owner.id });
    const stranger = userOf(h, 'business');
    const refused = await call(h, 'POST', '/api/create-payment-intent', stranger, { plan: 'listing', companyId: company.id });
    expect(refused.statusCode).toBe(403);
    expect(await call(h, 'POST', '/api/create-payment-intent', undefined, { plan: 'listing', companyId: company.id })).toMatchObject({
      statusCode: 401,
    });

    const res = await call(h, 'POST', '/api/create-payment-intent', owner, { plan: 'listing', companyId: company.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: 7500, plan: 'claim' });
    const paid = await call(h, 'POST', '/api/payments/simulator/confirm', undefined, {
      clientSecret: res.json().clientSecret,
      ...card('4242424242424242'),
    });
    expect(paid.json().status).toBe('succeeded');

    const sub = await waitFor(async () => {
      const subs = (await call(h, 'GET', '/api/subscriptions', owner)).json<Array<{ companyId: string; status: string }>>();
      return subs.find((s) => s.companyId === company.id && s.status === 'active');
    });
    expect(sub).toBeDefined();
    expect(await h.service.deps.listings.listings.count({})).toBe(0);
    await waitFor(async () => (await h.service.deps.payments.byId(res.json().paymentIntentId))?.status === 'used');
    const ownerOfUnknown = await call(h, 'POST', '/api/create-payment-intent', owner, { plan: 'listing', companyId: randomUUID() });
    expect(ownerOfUnknown.statusCode).toBe(404);
  });
});
