import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  call,
  card,
  checkoutAndPay,
  claimer,
  claimIntent,
  linkAccount,
  listCompany,
  paidClaim,
  sharedHarness,
  startBilling,
  userOf,
  waitFor,
} from './support.js';

const h = sharedHarness(() => startBilling());

describe('claims', () => {
  it('answers what the payment-success page reads and lists the claim for admins only, pending first', async () => {
    const company = await listCompany(h);
    const { claimId, answer } = await paidClaim(h, company.id, 'Dana@Example.com');
    expect(answer).toMatchObject({
      plan: 'claim',
      claimId,
      companyName: company.name,
      paymentAmount: 7500,
      status: 'pending',
      dashboardAccess: { email: 'dana@example.com', passwordSetupRequired: true },
    });
    expect(answer.nextSteps.join(' ')).toContain('dana@example.com');
    expect(
      (await waitFor(() => h.published.find((e) => e.type === 'claim.submitted.v1' && (e.data as { claimId: string }).claimId === claimId)))
        .data,
    ).toMatchObject({ userId: null, claimerEmail: 'dana@example.com' });

    expect((await call(h, 'GET', '/api/admin/business-claims')).statusCode).toBe(401);
    expect((await call(h, 'GET', '/api/admin/business-claims', userOf(h, 'business'))).statusCode).toBe(403);
    const list = await call(h, 'GET', '/api/admin/business-claims', userOf(h, 'admin'));
    expect(list.statusCode).toBe(200);
    expect(list.json()[0].status).toBe('pending');
    expect(list.json().find((c: { id: string }) => c.id === claimId)).toMatchObject({
      companyName: company.name,
      claimerName: 'Dana Driver',
      claimerPhone: '(303) 555-0199',
      businessRole: 'owner',
      paymentAmount: 7500,
    });
    expect((await call(h, 'GET', '/api/admin/business-claims?status=maybe', userOf(h, 'admin'))).statusCode).toBe(400);
  });

  it('refuses a checkout of a company with a pending claim, and of a company already owned', async () => {
    const company = await listCompany(h);
    await paidClaim(h, company.id);
    const again = await call(h, 'POST', '/api/create-payment-intent', undefined, { plan: 'claim', companyId: company.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A claim for this business is already waiting for review');
    const owned = await listCompany(h, { userId: randomUUID() });
    expect((await call(h, 'POST', '/api/create-payment-intent', undefined, { plan: 'claim', companyId: owned.id })).json().message).toBe(
      'This business has already been claimed',
    );
  });

  it('asks the directory for a company listed before billing subscribed', async () => {
    const known = new Map([
      ['old-unclaimed', { name: 'Old Listing Limo', owned: false, userId: null }],
      ['old-owned', { name: 'Old Owned Limo', owned: true, userId: null }],
    ]);
    const withDirectory = await startBilling({}, { lookupCompany: async (id) => known.get(id) ?? null });
    try {
      const ok = await call(withDirectory, 'POST', '/api/create-payment-intent', undefined, {
        plan: 'claim',
        companyId: 'old-unclaimed',
        claimerDetails: claimer(),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(
        (await call(withDirectory, 'POST', '/api/create-payment-intent', undefined, { plan: 'claim', companyId: 'old-owned' })).statusCode,
      ).toBe(409);
      expect(
        (await call(withDirectory, 'POST', '/api/create-payment-intent', undefined, { plan: 'claim', companyId: 'never-listed' }))
          .statusCode,
      ).toBe(404);
    } finally {
      await withDirectory.close();
    }
  });

  it('approves one claim per company: claim.approved.v1 carries the owner; a second approval is 409', async () => {
    const company = await listCompany(h);
    // Two checkouts started before either claim exists: both are paid, both claims wait.
    const start = async () => {
      const res = await claimIntent(h, company.id, claimer());
      return res.json<{ paymentIntentId: string; clientSecret: string; subscriptionId: string }>();
    };
    const [a, b, c] = [await start(), await start(), await start()];
    for (const { clientSecret } of [a, b, c])
      await call(h, 'POST', '/api/payments/simulator/confirm', undefined, { clientSecret, ...card('4242424242424242') });
    const claimOf = async (paymentIntent: string, clientSecret: string) =>
      (
        await call(h, 'POST', '/api/process-payment-success', undefined, {
          paymentIntent,
          plan: 'claim',
          companyId: company.id,
          claimerDetails: claimer(),
          clientSecret,
        })
      ).json().claimId as string;
    const first = await claimOf(a.paymentIntentId, a.clientSecret);
    // The second payment finds the company claimed: refunded, its subscription ended, no claim.
    const late = await call(h, 'POST', '/api/process-payment-success', undefined, {
      paymentIntent: b.paymentIntentId,
      plan: 'claim',
      companyId: company.id,
      claimerDetails: claimer(),
      clientSecret: b.clientSecret,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This business was claimed by someone else; your payment has been refunded.');
    await expect(h.simulator().refundPayment(b.paymentIntentId, { idempotencyKey: 'again' })).rejects.toThrow('already been refunded');
    expect((await h.service.deps.subscriptions.findById(b.subscriptionId))?.status).toBe('canceled');
    expect(await h.service.deps.claims.claims.count({ companyId: company.id })).toBe(1);
    const admin = userOf(h, 'admin');
    // Issue 23 #7: approved before identity linked the claimer's account (a fresh distributed start).
    const approved = await call(h, 'POST', `/api/admin/business-claims/${first}/approve`, admin, {
      adminNotes: 'Called the business line',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: 'Business claim approved successfully!',
      claim: { status: 'approved', approvedBy: admin.id, adminNotes: 'Called the business line', userId: null },
    });
    // claim.approved.v1 names the owner: it waits for the account, and goes out once with it.
    expect(h.published.some((e) => e.type === 'claim.approved.v1' && (e.data as { claimId: string }).claimId === first)).toBe(false);
    const owner = await linkAccount(h, first, company.id);
    await linkAccount(h, first, company.id, owner);
    const event = await waitFor(() =>
      h.published.find((e) => e.type === 'claim.approved.v1' && (e.data as { claimId: string }).claimId === first),
    );
    expect(event.data).toMatchObject({ companyId: company.id, userId: owner, businessVerified: true, approvedBy: admin.id });
    await waitFor(() =>
      h.published.some(
        (e) => e.type === 'subscription.activated.v1' && (e.data as { subscriptionId: string }).subscriptionId === a.subscriptionId,
      ),
    );
    expect(h.published.filter((e) => e.type === 'claim.approved.v1' && (e.data as { claimId: string }).claimId === first)).toHaveLength(1);

    // An old intent used after the approval is refunded too.
    const old = await call(h, 'POST', '/api/process-payment-success', undefined, {
      paymentIntent: c.paymentIntentId,
      plan: 'claim',
      companyId: company.id,
      claimerDetails: claimer(),
      clientSecret: c.clientSecret,
    });
    expect(old.statusCode).toBe(409);
    await expect(h.simulator().refundPayment(c.paymentIntentId, { idempotencyKey: 'again' })).rejects.toThrow('already been refunded');
    expect((await call(h, 'POST', `/api/admin/business-claims/${first}/approve`, admin)).statusCode).toBe(409);
    expect((await call(h, 'POST', `/api/admin/business-claims/${randomUUID()}/approve`, admin)).statusCode).toBe(404);
  });

  it('two payments for one company racing to the success page make exactly one claim and one refund', async () => {
    const company = await listCompany(h);
    const a = await checkoutAndPay(h, company.id);
    const b = await checkoutAndPay(h, company.id);
    const success = (p: typeof a) =>
      call(h, 'POST', '/api/process-payment-success', undefined, {
        paymentIntent: p.paymentIntentId,
        plan: 'claim',
        companyId: company.id,
        claimerDetails: claimer(),
        clientSecret: p.clientSecret,
      });
    const answers = await Promise.all([success(a), success(b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await h.service.deps.claims.claims.count({ companyId: company.id })).toBe(1);
    const loser = answers[0].statusCode === 409 ? a : b;
    const winner = loser === a ? b : a;
    await expect(h.simulator().refundPayment(loser.paymentIntentId, { idempotencyKey: 'again' })).rejects.toThrow('already been refunded');
    await expect(h.simulator().refundPayment(winner.paymentIntentId, { idempotencyKey: 'winner' })).resolves.toMatchObject({
      status: 'succeeded',
    });
  });

  it('only the payer can use a payment: the signed-in payer, or whoever holds the client secret of a signed-out payment', async () => {
    const company = await listCompany(h);
    const anon = await checkoutAndPay(h, company.id);
    const body = {
      paymentIntent: anon.paymentIntentId,
      plan: 'claim',
      companyId: company.id,
      claimerDetails: claimer('thief@example.com'),
    };
    const noSecret = await call(h, 'POST', '/api/process-payment-success', undefined, body);
    expect(noSecret.statusCode).toBe(403);
    expect(
      (await call(h, 'POST', '/api/process-payment-success', userOf(h, 'business'), { ...body, clientSecret: 'pi_x_secret_wrong' }))
        .statusCode,
    ).toBe(403);
    expect(await h.service.deps.claims.claims.count({ companyId: company.id })).toBe(0);
    const mine = await call(h, 'POST', '/api/process-payment-success', undefined, {
      ...body,
      claimerDetails: claimer('payer@example.com'),
      paymentIntentClientSecret: anon.clientSecret,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    // The claim exists now: a stranger still learns nothing of it, not even the claimer's e-mail.
    const peek = await call(h, 'POST', '/api/process-payment-success', undefined, body);
    expect(peek.statusCode).toBe(403);
    expect(peek.body).not.toContain('payer@example.com');

    const other = await listCompany(h);
    const payer = userOf(h, 'business');
    const intent = await call(h, 'POST', '/api/create-payment-intent', payer, { plan: 'claim', companyId: other.id });
    const { clientSecret, paymentIntentId } = intent.json<{ clientSecret: string; paymentIntentId: string }>();
    expect(
      (await call(h, 'POST', '/api/payments/simulator/confirm', undefined, { clientSecret, ...card('4242424242424242') })).statusCode,
    ).toBe(200);
    const signedBody = { paymentIntent: paymentIntentId, plan: 'claim', companyId: other.id, claimerDetails: claimer(), clientSecret };
    // The client secret is the proof (a new tab, another browser): without it, another account is refused.
    const { clientSecret: _secret, ...withoutSecret } = signedBody;
    expect((await call(h, 'POST', '/api/process-payment-success', userOf(h, 'business'), withoutSecret)).statusCode).toBe(403);
    expect((await call(h, 'POST', '/api/process-payment-success', undefined, withoutSecret)).statusCode).toBe(403);
    expect((await call(h, 'POST', '/api/process-payment-success', payer, signedBody)).statusCode).toBe(200);
  });

  it('makes the claim from the payment webhook when the checkout sent the claimer and the success page is never reached', async () => {
    const company = await listCompany(h);
    const details = claimer();
    const intent = await claimIntent(h, company.id, details);
    expect(intent.statusCode, intent.body).toBe(200);
    const { clientSecret, paymentIntentId } = intent.json<{ clientSecret: string; paymentIntentId: string }>();
    expect(
      (await call(h, 'POST', '/api/payments/simulator/confirm', undefined, { clientSecret, ...card('4242424242424242') })).statusCode,
    ).toBe(200);
    const claim = await waitFor(async () => (await h.service.deps.claims.findByPaymentIntent(paymentIntentId)) ?? undefined);
    expect(claim).toMatchObject({ companyId: company.id, claimerEmail: details.email, status: 'pending', userId: null });
    // The company is no longer open to others, and the page, if it comes later, answers the same claim.
    expect((await call(h, 'POST', '/api/create-payment-intent', undefined, { plan: 'claim', companyId: company.id })).statusCode).toBe(409);
    const page = await call(h, 'POST', '/api/process-payment-success', undefined, {
      paymentIntent: paymentIntentId,
      plan: 'claim',
      companyId: company.id,
      claimerDetails: details,
      clientSecret,
    });
    expect(page.json().claimId).toBe(claim._id);
    expect(await h.service.deps.claims.claims.count({ companyId: company.id })).toBe(1);
  });

  it('rejection refunds through the provider, ends the subscription and mails the claimer', async () => {
    const company = await listCompany(h);
    const email = claimer().email;
    const { claimId, paymentIntentId, subscriptionId } = await paidClaim(h, company.id, email);
    const admin = userOf(h, 'admin');
    const rejected = await call(h, 'POST', `/api/admin/business-claims/${claimId}/reject`, admin, {
      reason: 'We could not reach the business',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().claim).toMatchObject({ status: 'rejected', refundStatus: 'pending' });
    await waitFor(async () => (await h.service.deps.claims.findById(claimId))?.refundStatus === 'refunded');
    await expect(h.simulator().refundPayment(paymentIntentId, { idempotencyKey: 'again' })).rejects.toThrow('already been refunded');
    expect((await h.service.deps.subscriptions.findById(subscriptionId))?.status).toBe('canceled');
    const mail = await waitFor(async () => (await h.ctx.outbox()).find((m) => m.to === email && m.tag === 'claim-rejected'));
    expect(mail.text).toContain('We could not reach the business');
    expect(mail.text).toContain('$75.00 has been refunded');
    expect((await call(h, 'POST', `/api/admin/business-claims/${claimId}/reject`, admin)).statusCode).toBe(409);
    expect((await call(h, 'POST', `/api/admin/business-claims/${claimId}/approve`, admin)).statusCode).toBe(409);
    // The company can be claimed again.
    expect(
      (await call(h, 'POST', '/api/create-payment-intent', undefined, { plan: 'claim', companyId: company.id, claimerDetails: claimer() }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a payment that did not succeed, or that belongs to another company or plan, creating nothing', async () => {
    const company = await listCompany(h);
    const other = await listCompany(h);
    const declined = await checkoutAndPay(h, company.id, '4000000000000002');
    expect(declined.confirm.statusCode).toBe(402);
    expect(declined.confirm.json().message).toBe('Your card was declined. (test mode)');
    const secrets = new Map([[declined.paymentIntentId, declined.clientSecret]]);
    const body = (paymentIntent: string, companyId = company.id) => ({
      paymentIntent,
      plan: 'claim',
      companyId,
      claimerDetails: claimer(),
      clientSecret: secrets.get(paymentIntent),
    });
    const notPaid = await call(h, 'POST', '/api/process-payment-success', undefined, body(declined.paymentIntentId));
    expect(notPaid.statusCode).toBe(402);
    expect(notPaid.json().message).toContain('has not succeeded');
    const action = await checkoutAndPay(h, other.id, '4000002500003155');
    expect(action.confirm.json()).toMatchObject({ status: 'requires_action' });
    secrets.set(action.paymentIntentId, action.clientSecret);
    expect((await call(h, 'POST', '/api/process-payment-success', undefined, body(action.paymentIntentId, other.id))).statusCode).toBe(402);
    expect((await call(h, 'POST', '/api/process-payment-success', undefined, body(action.paymentIntentId))).statusCode).toBe(400);
    expect((await call(h, 'POST', '/api/process-payment-success', undefined, body('pi_doesnotexist'))).statusCode).toBe(404);
    expect(await h.service.deps.claims.claims.count({ companyId: { $in: [company.id, other.id] } })).toBe(0);
    // The ledger's records follow the lifecycle from the provider's events.
    await h.simulator().idle();
    await waitFor(async () => (await h.service.deps.payments.byId(declined.paymentIntentId))?.status === 'failed');
    await waitFor(async () => (await h.service.deps.payments.byId(action.paymentIntentId))?.status === 'requires_action');
  });
});
