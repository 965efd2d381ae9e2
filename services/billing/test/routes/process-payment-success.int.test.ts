import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, card, claimer, listCompany, sharedHarness, startBilling, userOf, waitFor } from '../support.js';

const h = sharedHarness(() => startBilling());

async function payClaim(companyId: string, details = claimer(), user?: { cookie: string }) {
  const intent = await call(h, 'POST', '/api/create-payment-intent', user, { plan: 'claim', companyId, claimerDetails: details });
  expect(intent.statusCode).toBe(200);
  const { clientSecret, paymentIntentId } = intent.json<{ clientSecret: string; paymentIntentId: string }>();
  const confirm = await call(h, 'POST', '/api/payments/simulator/confirm', undefined, { clientSecret, ...card('4242424242424242') });
  expect(confirm.json().status).toBe('succeeded');
  return { clientSecret, paymentIntentId, details };
}

describe('POST /api/process-payment-success is idempotent and needs no session-stored details', () => {
  it('a fresh tab (no claimer details) shows the claim of the payment; reloading after approval shows it approved', async () => {
    const company = await listCompany(h);
    const { clientSecret, paymentIntentId, details } = await payClaim(company.id);
    const body = { paymentIntent: paymentIntentId, companyId: company.id, paymentIntentClientSecret: clientSecret };
    const first = await call(h, 'POST', '/api/process-payment-success', undefined, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      plan: 'claim',
      companyId: company.id,
      status: 'pending',
      dashboardAccess: { email: details.email },
    });

    const admin = userOf(h, 'admin');
    const claimId = first.json().claimId as string;
    await h.service.deps.claims.setUser(claimId, randomUUID());
    expect((await call(h, 'POST', `/api/admin/business-claims/${claimId}/approve`, admin, {})).statusCode).toBe(200);
    const reload = await call(h, 'POST', '/api/process-payment-success', undefined, body);
    expect(reload.statusCode).toBe(200);
    expect(reload.json()).toMatchObject({ claimId, status: 'approved' });
    expect(await h.service.deps.claims.claims.count({ companyId: company.id })).toBe(1);
    expect(await h.service.deps.payments.byId(paymentIntentId)).toMatchObject({ status: 'used', claimId });
  });

  it('the signed-in payer opens it without the client secret; anyone else is refused', async () => {
    const company = await listCompany(h);
    const payer = userOf(h, 'business');
    const { paymentIntentId } = await payClaim(company.id, claimer(), payer);
    const res = await call(h, 'POST', '/api/process-payment-success', payer, { paymentIntent: paymentIntentId, companyId: company.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ companyId: company.id, dashboardAccess: { email: payer.email } });
    const other = await call(h, 'POST', '/api/process-payment-success', userOf(h, 'business'), {
      paymentIntent: paymentIntentId,
      companyId: company.id,
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('a claimer e-mail of another account (signed out payer)', () => {
  it('is not linked to that account: the claim stays unlinked and flagged for the admin', async () => {
    const company = await listCompany(h);
    const victim = { userId: randomUUID(), username: 'victim', email: 'victim@example.com', role: 'business' as const };
    await h.service.deps.readModels.applyUser({ ...victim, createdAt: new Date().toISOString() });
    const { clientSecret, paymentIntentId } = await payClaim(company.id, claimer('Victim@Example.com'));
    const res = await call(h, 'POST', '/api/process-payment-success', undefined, {
      paymentIntent: paymentIntentId,
      companyId: company.id,
      paymentIntentClientSecret: clientSecret,
    });
    expect(res.statusCode).toBe(200);
    const claim = await waitFor(() => h.service.deps.claims.findByPaymentIntent(paymentIntentId).then((c) => c ?? undefined));
    expect(claim).toMatchObject({ userId: null, accountReview: 'email-of-another-account' });
    const submitted = await waitFor(() =>
      h.published.find((e) => e.type === 'claim.submitted.v1' && (e.data as { claimId: string }).claimId === claim._id),
    );
    expect(submitted.data).toMatchObject({ userId: null });
    const listed = (await call(h, 'GET', '/api/admin/business-claims', userOf(h, 'admin'))).json<Array<{ id: string }>>();
    expect(listed.find((c) => c.id === claim._id)).toMatchObject({ accountReview: 'email-of-another-account' });
    const approve = await call(h, 'POST', `/api/admin/business-claims/${claim._id}/approve`, userOf(h, 'admin'), {});
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toContain('belongs to another account');
  });
});

describe('POST /api/process-payment-success for a listing payment', () => {
  it('answers the upgraded listing of the payment, the same on reload, to its payer only', async () => {
    const owner = userOf(h, 'business');
    const company = await listCompany(h, { userId: owner.id });
    const intent = await call(h, 'POST', '/api/create-payment-intent', owner, { plan: 'listing', companyId: company.id });
    const { clientSecret, paymentIntentId } = intent.json<{ clientSecret: string; paymentIntentId: string }>();
    const confirm = await call(h, 'POST', '/api/payments/simulator/confirm', undefined, { clientSecret, ...card('4242424242424242') });
    expect(confirm.json().status).toBe('succeeded');

    const body = { paymentIntent: paymentIntentId, plan: 'listing', companyId: company.id, paymentIntentClientSecret: clientSecret };
    const first = await call(h, 'POST', '/api/process-payment-success', undefined, body);
    expect(first.statusCode, first.body).toBe(200);
    const expected = {
      plan: 'listing',
      paymentIntentId,
      companyId: company.id,
      companyName: company.name,
      paymentAmount: 7500,
      status: 'paid',
      upgrade: true,
      dashboardAccess: { email: owner.email },
    };
    expect(first.json()).toMatchObject(expected);
    const reload = await call(h, 'POST', '/api/process-payment-success', owner, { ...body, paymentIntentClientSecret: undefined });
    expect(reload.statusCode).toBe(200);
    expect(reload.json()).toMatchObject(expected);
    expect(await h.service.deps.payments.byId(paymentIntentId)).toMatchObject({ status: 'used', companyId: company.id });
    expect(await h.service.deps.listings.listings.count({})).toBe(0);

    const stranger = await call(h, 'POST', '/api/process-payment-success', userOf(h, 'business'), {
      ...body,
      paymentIntentClientSecret: undefined,
    });
    expect(stranger.statusCode).toBe(403);
    const asClaim = await call(h, 'POST', '/api/process-payment-success', owner, { ...body, plan: 'claim' });
    expect(asClaim.statusCode).toBe(400);
    expect(asClaim.json().message).toBe('This payment is for a business listing, not a claim');
  });
});
