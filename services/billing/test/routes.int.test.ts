import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, checkoutAndPay, claimer, listCompany, sharedHarness, startBilling, userOf, waitFor, type TestUser } from './support.js';
import { listing } from './routes/billing-flow.js';

const h = sharedHarness(() => startBilling());

/** Every document billing stores, counted per collection. */
async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const c of h.ctx.store.collections()) out[c.name] = await c.count({});
  return out;
}

describe('bad input on every route: a clear 4xx, never 5xx, nothing written', () => {
  it('answers each malformed request with 4xx and writes nothing', async () => {
    const company = await listCompany(h);
    const admin = userOf(h, 'admin');
    const owner = userOf(h, 'business');
    const before = await counts();
    const cases: Array<[string, string, unknown, TestUser | undefined, string?]> = [
      ['POST', '/api/create-payment-intent', { plan: 'premium', companyId: company.id }, undefined, 'Unknown plan'],
      ['POST', '/api/create-payment-intent', { plan: 'claim' }, undefined, 'Company is required'],
      ['POST', '/api/create-payment-intent', { plan: 'claim', companyId: randomUUID() }, undefined, 'Company not found'],
      ['POST', '/api/create-payment-intent', { plan: 'claim', companyId: 'x'.repeat(500) }, undefined],
      ['POST', '/api/create-payment-intent', { plan: 'claim', companyId: { $ne: null } }, undefined],
      [
        'POST',
        '/api/create-payment-intent',
        { plan: 'claim', companyId: randomUUID(), metadata: { type: 'business_listing' } },
        owner,
        'Listing not found',
      ],
      ['POST', '/api/create-payment-intent', '[1,2', undefined, 'not valid JSON'],
      ['POST', '/api/create-payment-intent', '{"__proto__":{"admin":true},"companyId":"x"}', undefined],
      ['POST', '/api/process-payment-success', {}, undefined],
      [
        'POST',
        '/api/process-payment-success',
        { paymentIntent: 'pi_x', companyId: company.id, claimerDetails: { name: 'A' } },
        undefined,
        'Please fill in all required fields',
      ],
      [
        'POST',
        '/api/process-payment-success',
        { paymentIntent: 'pi_x', companyId: company.id, claimerDetails: { ...claimer(), role: 'ceo' } },
        undefined,
        'Business role must be',
      ],
      [
        'POST',
        '/api/process-payment-success',
        { paymentIntent: 'pi_x', companyId: company.id, claimerDetails: { ...claimer(), email: 'nope' } },
        undefined,
        'Please enter a valid email',
      ],
      [
        'POST',
        '/api/process-payment-success',
        { paymentIntent: 'pi_unknown', companyId: company.id, claimerDetails: claimer() },
        undefined,
        'Payment not found',
      ],
      [
        'POST',
        '/api/process-payment-success',
        { paymentIntent: '../../etc', companyId: company.id, claimerDetails: claimer() },
        undefined,
        'Payment not found',
      ],
      [
        'POST',
        '/api/payments/simulator/confirm',
        { clientSecret: 'x', cardNumber: '4242', expiry: '12/34', cvc: '123' },
        undefined,
        'Your card number is invalid.',
      ],
      [
        'POST',
        '/api/payments/simulator/confirm',
        { clientSecret: 'x', cardNumber: '4242424242424242', expiry: '13/34', cvc: '123' },
        undefined,
        'expiration date',
      ],
      ['POST', '/api/payments/simulator/confirm', { clientSecret: 'x' }, undefined, 'Please complete all payment fields.'],
      [
        'POST',
        '/api/payments/simulator/confirm',
        { clientSecret: 'pi_x_secret_y', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
        undefined,
        'Payment session not found',
      ],
      ['POST', '/api/create-business-listing', listing, undefined, 'Not authenticated'],
      ['POST', '/api/create-business-listing', { ...listing, name: '' }, owner, 'Company name is required'],
      ['POST', '/api/create-business-listing', { ...listing, website: '' }, owner, 'Website is required'],
      ['POST', '/api/create-business-listing', { ...listing, website: 'not a url' }, owner, 'Please enter a valid website URL'],
      ['POST', '/api/create-business-listing', { ...listing, businessEmail: 'x' }, owner, 'Please enter a valid business email'],
      ['POST', '/api/create-business-listing', { ...listing, fullAddress: ' ' }, owner, 'Full address is required'],
      ['POST', '/api/create-business-listing', { ...listing, paymentIntentId: 'pi_unknown' }, owner, 'Payment not found'],
      [
        'POST',
        '/api/register-business-listing',
        { userData: { email: 'x', password: '1' }, companyData: listing },
        undefined,
        'Please enter a valid email',
      ],
      [
        'POST',
        '/api/register-business-listing',
        { userData: { email: 'a@b.co', password: 'secret1', confirmPassword: 'secret2' }, companyData: listing },
        undefined,
        "Passwords don't match",
      ],
      [
        'POST',
        '/api/register-business-listing',
        { userData: { email: 'a@b.co', password: 'secret1' }, companyData: listing, paymentIntentId: 'pi_unknown' },
        undefined,
        'Payment not found',
      ],
      ['GET', '/api/admin/business-claims', undefined, owner],
      [
        'POST',
        `/api/admin/business-claims/${randomUUID()}/approve`,
        { businessVerified: 'yes' },
        admin,
        'businessVerified must be true or false',
      ],
      ['POST', `/api/admin/business-claims/${randomUUID()}/reject`, { reason: 'x'.repeat(3000) }, admin],
      ['POST', `/api/admin/business-claims/${'x'.repeat(100)}/approve`, undefined, admin],
      ['POST', '/api/admin/api-keys', { stripeSecretKey: 'hello' }, admin, 'must look like sk_live_'],
      ['POST', '/api/admin/api-keys', { stripePublicKey: 42 }, admin],
      ['POST', '/api/admin/api-keys', { stripeSecretKey: 'sk_test_abc' }, owner],
      ['GET', '/api/admin/subscribers', undefined, undefined],
      ['GET', '/api/admin/stats', undefined, owner],
      ['GET', '/api/subscriptions', undefined, undefined],
      ['POST', `/api/subscriptions/${randomUUID()}/cancel`, undefined, admin, 'Subscription not found'],
    ];
    for (const [method, url, payload, user, message] of cases) {
      const res = await call(h, method as 'GET' | 'POST', url, user, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)?.slice(0, 80)} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url} → ${res.body}`).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
      if (message) expect(res.json().message).toContain(message);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('the simulator in PROFILE=distributed', () => {
  const distributed = {
    PROFILE: 'distributed',
    KAFKA_BROKERS: '127.0.0.1:1',
    MONGODB_URI: 'mongodb://127.0.0.1:1/x',
    REDIS_URL: 'redis://127.0.0.1:1',
  };

  it('is refused unless PAYMENTS_SIMULATOR_ALLOWED=true', async () => {
    const refused = await startBilling(distributed);
    try {
      const config = await call(refused, 'GET', '/api/payments/config');
      expect(config.statusCode).toBe(503);
      expect(config.json().message).toContain('PAYMENTS_SIMULATOR_ALLOWED=true');
      const company = await listCompany(refused);
      expect(
        (
          await call(refused, 'POST', '/api/create-payment-intent', undefined, {
            plan: 'claim',
            companyId: company.id,
            claimerDetails: claimer(),
          })
        ).statusCode,
      ).toBe(503);
      expect((await call(refused, 'POST', '/api/webhooks/stripe', undefined, '{}', { 'stripe-signature': 't=1,v1=0' })).statusCode).toBe(
        503,
      );
    } finally {
      await refused.close();
    }
    const allowed = await startBilling({ ...distributed, PAYMENTS_SIMULATOR_ALLOWED: 'true' });
    try {
      expect((await call(allowed, 'GET', '/api/payments/config')).json()).toMatchObject({ provider: 'simulator', testMode: true });
    } finally {
      await allowed.close();
    }
  });
});

describe('renewal', () => {
  it('moves the paid period a year on when the renewal invoice is paid', async () => {
    const company = await listCompany(h);
    const { subscriptionId } = await checkoutAndPay(h, company.id);
    await h.simulator().idle();
    const first = await waitFor(async () => (await h.service.deps.subscriptions.findById(subscriptionId))?.currentPeriodEnd ?? undefined);
    h.simulator().advance(366 * 24 * 60 * 60 * 1000);
    await h.simulator().idle();
    const renewed = await waitFor(async () => {
      const sub = await h.service.deps.subscriptions.findById(subscriptionId);
      return sub && sub.currentPeriodEnd && sub.currentPeriodEnd > first ? sub : undefined;
    });
    expect(renewed.status).toBe('active');
  });
});
