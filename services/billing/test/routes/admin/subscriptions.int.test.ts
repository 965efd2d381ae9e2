import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, sharedHarness, startBilling, userOf } from '../../support.js';
import { mailsTo, ownerWithPaidClaim } from '../billing-flow.js';

const h = sharedHarness(() => startBilling());

describe('GET /api/admin/subscriptions and POST /api/admin/subscriptions/{id}/cancel', () => {
  it('lists subscriptions with company, payer and amount; cancels at the period end, then now', async () => {
    const admin = userOf(h, 'admin');
    const { subscriptionId, company, email, owner } = await ownerWithPaidClaim(h);
    const list = await call(h, 'GET', '/api/admin/subscriptions', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().find((s: { subscriptionId: string }) => s.subscriptionId === subscriptionId)).toMatchObject({
      companyName: company.name,
      email,
      amount: 7500,
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    expect((await call(h, 'GET', '/api/admin/subscriptions', owner)).statusCode).toBe(403);

    const url = `/api/admin/subscriptions/${subscriptionId}/cancel`;
    const missing = await call(h, 'POST', url, admin, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('atPeriodEnd must be true or false');
    expect((await call(h, 'POST', url, owner, { atPeriodEnd: true })).statusCode).toBe(403);
    expect((await call(h, 'POST', `/api/admin/subscriptions/${randomUUID()}/cancel`, admin, { atPeriodEnd: true })).statusCode).toBe(404);

    const later = await call(h, 'POST', url, admin, { atPeriodEnd: true });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, companyName: company.name });
    const [mail] = await mailsTo(h, email, 'subscription-cancelled');
    expect(mail.text).toContain('Your listing stays active until');

    const now = await call(h, 'POST', url, admin, { atPeriodEnd: false });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().subscription.status).toBe('canceled');
    expect((await h.simulator().retrieveSubscription(subscriptionId))?.status).toBe('canceled');
    const ended = await call(h, 'POST', url, admin, { atPeriodEnd: false });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe('This subscription has already ended');
  });
});
