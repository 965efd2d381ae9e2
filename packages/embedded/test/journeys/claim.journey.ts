import { expect } from 'vitest';
import type { OutboxEntry } from '@limo/platform';
import { ApiClient } from './http.js';

async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const card = (cardNumber: string) => ({ cardNumber, expiry: '12/34', cvc: '123' });

/**
 * The claim flow through the gateway with the payment simulator (owner-admin §2.2-§2.4, §7): an
 * admin lists a company; a visitor starts the checkout sending amount 1 (the plan charges 7500),
 * pays with 4242…, reports the success twice (one claim), the admin approves it, the company shows
 * claimed, the claimer sets a password from the mailed link, signs in and finds the company on the
 * dashboard. A declined card creates nothing; a second claim of the company is refused.
 */
export async function claimJourney(baseUrl: string, outbox: () => Promise<OutboxEntry[]>, admin: { email: string; password: string }) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const adminClient = new ApiClient(baseUrl);
  expect((await adminClient.call('POST', '/api/login', admin)).status).toBe(200);
  const listCompany = async (name: string) => {
    const res = await adminClient.call('POST', '/api/admin/companies', { name, city: 'Denver', state: 'CO', phone: '(303) 555-0100', email: `desk-${suffix}@example.com` });
    expect(res.status, res.text).toBe(201);
    return res.json.id as string;
  };
  const companyId = await listCompany(`Claimable Limousines ${suffix}`);

  const claimer = new ApiClient(baseUrl);
  const config = await claimer.call('GET', '/api/payments/config');
  expect(config.json).toMatchObject({ provider: 'simulator', testMode: true, plan: { id: 'claim', amount: 7500, interval: 'year' } });

  const intent = await claimer.call('POST', '/api/create-payment-intent', { amount: 1, plan: 'claim', companyId, metadata: { plan_name: 'claim' } });
  expect(intent.status, intent.text).toBe(200);
  expect(intent.json).toMatchObject({ amount: 7500, currency: 'usd', provider: 'simulator', testMode: true });
  const clientSecret = intent.json.clientSecret as string;
  const paymentIntent = intent.json.paymentIntentId as string;

  const confirmed = await claimer.call('POST', '/api/payments/simulator/confirm', { clientSecret, ...card('4242 4242 4242 4242') });
  expect(confirmed.status, confirmed.text).toBe(200);
  expect(confirmed.json).toMatchObject({ status: 'succeeded', paymentIntentId: paymentIntent, testMode: true });

  const email = `claimer-${suffix}@example.com`;
  const success = { paymentIntent, plan: 'claim', companyId, claimerDetails: { name: 'Dana Driver', email, phone: '(303) 555-0199', role: 'owner' } };
  const [first, second] = await Promise.all([claimer.call('POST', '/api/process-payment-success', success), claimer.call('POST', '/api/process-payment-success', success)]);
  expect(first.status, first.text).toBe(200);
  expect(second.status, second.text).toBe(200);
  expect(second.json.claimId).toBe(first.json.claimId);
  expect(first.json).toMatchObject({ plan: 'claim', dashboardAccess: { email } });
  expect((first.json.nextSteps as string[]).length).toBeGreaterThan(0);
  const again = await claimer.call('POST', '/api/process-payment-success', success);
  expect(again.json.claimId).toBe(first.json.claimId);

  const claims = await adminClient.call('GET', '/api/admin/business-claims');
  expect(claims.status).toBe(200);
  const ours = claims.json.filter((c) => c.companyId === companyId);
  expect(ours).toHaveLength(1);
  expect(ours[0]).toMatchObject({ id: first.json.claimId, status: 'pending', paymentAmount: 7500, claimerEmail: email, claimerName: 'Dana Driver', businessRole: 'owner' });

  // The claimer's account is made by identity from claim.submitted.v1; approval waits for it.
  const approved = await eventually('the approval', async () => {
    const res = await adminClient.call('POST', `/api/admin/business-claims/${first.json.claimId}/approve`);
    if (res.status === 409 && String(res.json.message).includes('still being set up')) return undefined;
    return res;
  });
  expect(approved.status, approved.text).toBe(200);
  expect(approved.json.claim).toMatchObject({ status: 'approved' });

  await eventually('the company shown claimed', async () => {
    const res = await claimer.call('GET', `/api/companies/${companyId}`);
    return res.json.claimed === true ? res : undefined;
  });

  const mail = await eventually('the set-password mail', async () => (await outbox()).find((m) => m.to === email && m.tag === 'password-reset'));
  const token = new URL(/https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text)![0]).searchParams.get('token')!;
  expect((await claimer.call('POST', '/api/reset-password', { token, newPassword: 'claimed-pass-1' })).status).toBe(200);
  expect((await claimer.call('POST', '/api/login', { email, password: 'claimed-pass-1' })).status).toBe(200);
  const mine = await eventually('the company in my-companies', async () => {
    const res = await claimer.call('GET', '/api/my-companies');
    return res.status === 200 && res.json.some((c) => c.id === companyId) ? res : undefined;
  });
  expect(mine.json.find((c) => c.id === companyId)).toMatchObject({ claimed: true, businessVerified: true });

  // One company, one claim: a new checkout and a second approval are refused.
  const secondCheckout = await new ApiClient(baseUrl).call('POST', '/api/create-payment-intent', { plan: 'claim', companyId });
  expect(secondCheckout.status).toBe(409);
  expect((await adminClient.call('POST', `/api/admin/business-claims/${first.json.claimId}/approve`)).status).toBe(409);

  // The subscription is announced once the claim is approved: billing's stats count it.
  await eventually('the active subscription in the stats', async () => {
    const stats = await adminClient.call('GET', '/api/admin/stats');
    return (stats.json.activeSubscriptions as number) >= 1 ? stats : undefined;
  });

  // A declined card: a 402 with the decline message, and no claim.
  const otherId = await listCompany(`Declined Limousines ${suffix}`);
  const visitor = new ApiClient(baseUrl);
  const otherIntent = await visitor.call('POST', '/api/create-payment-intent', { plan: 'claim', companyId: otherId });
  expect(otherIntent.status, otherIntent.text).toBe(200);
  const declined = await visitor.call('POST', '/api/payments/simulator/confirm', { clientSecret: otherIntent.json.clientSecret, ...card('4000000000000002') });
  expect(declined.status).toBe(402);
  expect(declined.json.message).toContain('Your card was declined.');
  const notPaid = await visitor.call('POST', '/api/process-payment-success', { ...success, paymentIntent: otherIntent.json.paymentIntentId, companyId: otherId });
  expect(notPaid.status).toBe(402);
  const after = await adminClient.call('GET', '/api/admin/business-claims');
  expect(after.json.filter((c) => c.companyId === otherId)).toHaveLength(0);
}
