import { describe, expect, it } from 'vitest';
import { call, sharedHarness, startBilling, userOf, waitFor } from '../../support.js';
import { mailsTo, ownerWithPaidClaim } from '../billing-flow.js';

const h = sharedHarness(() => startBilling());

const YEAR_MS = 365 * 24 * 3600 * 1000;

describe('POST /api/my-subscription/cancel and /resume', () => {
  it('cancels at the period end (still active until then, mailed with its end date), resumes, and ends at the period end', async () => {
    const { owner, company, subscriptionId, email } = await ownerWithPaidClaim(h);
    const before = (await call(h, 'GET', '/api/my-subscription', owner)).json();

    const cancelled = await call(h, 'POST', '/api/my-subscription/cancel', owner, { companyId: company.id });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      renewsOn: null,
      endsOn: before.renewsOn,
    });
    expect(cancelled.json().subscription.statusLabel).toMatch(/^Active · verification pending · ends on /);
    expect(cancelled.json().message).toMatch(/^Cancelled: your listing stays active until /);
    expect((await h.simulator().retrieveSubscription(subscriptionId))?.cancelAtPeriodEnd).toBe(true);
    const again = await call(h, 'POST', '/api/my-subscription/cancel', owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This subscription is already cancelled');

    const [mail] = await mailsTo(h, email, 'subscription-cancelled');
    expect(mail.subject).toBe(`Your subscription for ${company.name} is cancelled`);
    expect(mail.text).toContain('Your listing stays active until');
    expect(mail.html).toContain('Your listing stays active until');

    const resumed = await call(h, 'POST', '/api/my-subscription/resume', owner);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().subscription).toMatchObject({ cancelAtPeriodEnd: false, renewsOn: before.renewsOn, endsOn: null });
    expect((await h.simulator().retrieveSubscription(subscriptionId))?.cancelAtPeriodEnd).toBe(false);
    expect((await call(h, 'POST', '/api/my-subscription/resume', owner)).json().message).toBe('This subscription is not cancelled');

    // Cancelled again, it ends when the year paid is over.
    expect((await call(h, 'POST', '/api/my-subscription/cancel', owner)).statusCode).toBe(200);
    h.simulator().advance(YEAR_MS + 1000);
    await waitFor(async () => (await h.service.deps.subscriptions.findById(subscriptionId))?.status === 'canceled');
    const ended = await call(h, 'GET', '/api/my-subscription', owner);
    expect(ended.json()).toMatchObject({ status: 'canceled', renewsOn: null });
    expect(ended.json().statusLabel).toMatch(/^Cancelled · ended on /);
    expect((await call(h, 'POST', '/api/my-subscription/resume', owner)).json().message).toBe('This subscription has already ended');
    expect((await call(h, 'POST', '/api/my-subscription/cancel', owner)).statusCode).toBe(409);
  });

  it('answers 401 signed out, 404 to someone without a subscription, 400 for a malformed companyId', async () => {
    expect((await call(h, 'POST', '/api/my-subscription/cancel', undefined, {})).statusCode).toBe(401);
    expect((await call(h, 'POST', '/api/my-subscription/resume', undefined, {})).statusCode).toBe(401);
    const nobody = userOf(h, 'business');
    expect((await call(h, 'POST', '/api/my-subscription/cancel', nobody, {})).statusCode).toBe(404);
    expect((await call(h, 'POST', '/api/my-subscription/resume', nobody)).statusCode).toBe(404);
    const bad = await call(h, 'POST', '/api/my-subscription/cancel', nobody, { companyId: 42 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('companyId must be text');
  });

  it('cannot cancel another owner’s subscription by naming its company', async () => {
    const victim = await ownerWithPaidClaim(h);
    const attacker = await ownerWithPaidClaim(h);
    const res = await call(h, 'POST', '/api/my-subscription/cancel', attacker.owner, { companyId: victim.company.id });
    expect(res.statusCode).toBe(404);
    expect((await h.service.deps.subscriptions.findById(victim.subscriptionId))?.cancelAtPeriodEnd).toBe(false);
  });
});
