import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, checkoutAndPay, claimer, listCompany, sharedHarness, startBilling, userOf, waitFor } from '../../support.js';

const h = sharedHarness(() => startBilling());

const userEvent = (type: 'user.registered.v1' | 'user.removed.v1', userId: string, email: string) => ({
  id: randomUUID(),
  type,
  occurredAt: new Date().toISOString(),
  key: userId,
  data:
    type === 'user.registered.v1'
      ? { userId, username: email, email, role: 'business', createdAt: new Date().toISOString() }
      : { userId, removedAt: new Date().toISOString(), reason: 'sign-up-compensated' },
});

describe('admin subscribers and stats', () => {
  it('drop an account identity removed (a compensated sign-up), whichever of its two events comes first', async () => {
    const admin = userOf(h, 'admin');
    const before = (await call(h, 'GET', '/api/admin/stats', admin)).json();
    const [first, second] = [randomUUID(), randomUUID()];
    await h.ctx.bus.publish([userEvent('user.registered.v1', first, `gone-${first.slice(0, 6)}@example.com`)]);
    await waitFor(async () =>
      (await call(h, 'GET', '/api/admin/stats', admin)).json().totalUsers === before.totalUsers + 1 ? true : undefined,
    );
    await h.ctx.bus.publish([userEvent('user.removed.v1', first, '')]);
    // The removal of the second arrives before its registration: the registration does not bring it back.
    await h.ctx.bus.publish([userEvent('user.removed.v1', second, '')]);
    await waitFor(async () => ((await h.service.deps.readModels.users.findOne({ _id: second })) ? true : undefined));
    await h.ctx.bus.publish([userEvent('user.registered.v1', second, `late-${second.slice(0, 6)}@example.com`)]);
    await waitFor(async () => ((await h.service.deps.readModels.users.findOne({ _id: second }))?.email ? true : undefined));
    const after = (await call(h, 'GET', '/api/admin/stats', admin)).json();
    expect([after.totalUsers, after.businessUsers]).toEqual([before.totalUsers, before.businessUsers]);
    const subscribers: Array<{ id: string }> = (await call(h, 'GET', '/api/admin/subscribers', admin)).json();
    expect(subscribers.filter((s) => s.id === first || s.id === second)).toEqual([]);
  });

  it('answer billing’s truth: subscription status per business account, annual revenue of active subscriptions', async () => {
    const admin = userOf(h, 'admin');
    const userId = randomUUID();
    const email = `sub-${userId.slice(0, 6)}@example.com`;
    await h.ctx.bus.publish([
      {
        id: randomUUID(),
        type: 'user.registered.v1',
        occurredAt: new Date().toISOString(),
        key: userId,
        data: { userId, username: email, email, role: 'business', createdAt: new Date().toISOString() },
      },
    ]);
    await waitFor(async () => (await h.service.deps.readModels.users.findOne({ _id: userId })) ?? undefined);
    const before = (await call(h, 'GET', '/api/admin/stats', admin)).json();
    const company = await listCompany(h);
    const { paymentIntentId, clientSecret } = await checkoutAndPay(h, company.id, undefined, claimer(email));
    const owner = { ...userOf(h, 'business', userId) };
    const claim = await call(h, 'POST', '/api/process-payment-success', owner, {
      paymentIntent: paymentIntentId,
      plan: 'claim',
      companyId: company.id,
      claimerDetails: claimer(email),
      clientSecret,
    });
    await h.simulator().idle();
    expect((await call(h, 'POST', `/api/admin/business-claims/${claim.json().claimId}/approve`, admin)).statusCode).toBe(200);
    const stats = await waitFor(async () => {
      const s = (await call(h, 'GET', '/api/admin/stats', admin)).json();
      return s.activeSubscriptions > before.activeSubscriptions ? s : undefined;
    });
    expect(stats.monthlyRevenue).toBe(stats.activeSubscriptions * 75);
    // A paid claim checkout never taken to the success page: its claim is made from the webhook and
    // counts as revenue while it awaits review.
    const unattended = await checkoutAndPay(h, (await listCompany(h)).id);
    await h.simulator().idle();
    await waitFor(async () => (await h.service.deps.subscriptions.findById(unattended.subscriptionId))?.status === 'active');
    expect(await h.service.deps.claims.findByPaymentIntent(unattended.paymentIntentId)).toMatchObject({ status: 'pending' });
    expect((await call(h, 'GET', '/api/admin/stats', admin)).json().activeSubscriptions).toBe(stats.activeSubscriptions + 1);
    expect(stats.totalUsers).toBe(before.totalUsers);
    expect(stats.businessUsers).toBeGreaterThanOrEqual(1);
    const subscribers = (await call(h, 'GET', '/api/admin/subscribers', admin)).json();
    expect(subscribers.find((s: { id: string }) => s.id === userId)).toMatchObject({
      email,
      subscription_status: 'active',
      stripe_customer_id: expect.stringMatching(/^cus_/),
    });
    expect(subscribers.find((s: { id: string }) => s.id === userId).subscription_end_date).toMatch(/^\d{4}-/);
  });
});
