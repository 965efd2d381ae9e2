import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import type { OutboxEntry } from '@limo/platform';
import { ApiClient } from '@limo/platform/testing';
import { eventually } from '../support/eventually.js';

const card = (cardNumber: string) => ({ cardNumber, expiry: '12/34', cvc: '123' });

/**
 * The claim flow through the gateway with the payment simulator (owner-admin §2.2-§2.4, §7): an
 * admin lists a company; a visitor starts the checkout sending amount 1 (the plan charges 7500),
 * pays with 4242…, reports the success twice (one claim), the admin approves it, the company shows
 * claimed, the claimer sets a password from the mailed link, signs in and finds the company on the
 * dashboard. A declined card creates nothing; a second claim of the company is refused.
 */
export async function claimJourney(
  baseUrl: string,
  outbox: () => Promise<OutboxEntry[]>,
  admin: { email: string; password: string },
  webhookSecret?: string,
) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const adminClient = new ApiClient(baseUrl);
  expect((await adminClient.call('POST', '/api/login', admin)).status).toBe(200);
  const listCompany = async (name: string) => {
    const res = await adminClient.call('POST', '/api/admin/companies', {
      name,
      city: 'Denver',
      state: 'CO',
      phone: '(303) 555-0100',
      email: `desk-${suffix}@example.com`,
    });
    expect(res.status, res.text).toBe(201);
    return res.json.id as string;
  };
  const companyId = await listCompany(`Claimable Limousines ${suffix}`);

  const claimer = new ApiClient(baseUrl);
  // Webhooks reach billing through the gateway with their raw body; a bad signature is refused first.
  const forged = JSON.stringify({ id: `evt_forged${suffix}`, type: 'invoice.paid', created: 1, data: { object: { id: 'in_x' } } });
  expect((await claimer.call('POST', '/api/webhooks/stripe', forged, { 'stripe-signature': 't=1,v1=00' })).status).toBe(401);
  expect((await claimer.call('POST', '/api/webhooks/stripe', forged)).status).toBe(401);
  if (webhookSecret) {
    // Signed with the simulator's secret: the raw body survives the gateway; a replay is a duplicate.
    // Stripe's scheme, computed by hand: t=<seconds>,v1=HMAC-SHA256(secret, "<t>.<raw body>").
    const t = Math.floor(Date.now() / 1000);
    const signature = `t=${t},v1=${createHmac('sha256', webhookSecret).update(`${t}.${forged}`).digest('hex')}`;
    expect((await claimer.call('POST', '/api/webhooks/stripe', forged, { 'stripe-signature': signature })).json).toEqual({
      received: true,
      duplicate: false,
    });
    expect((await claimer.call('POST', '/api/webhooks/stripe', forged, { 'stripe-signature': signature })).json).toEqual({
      received: true,
      duplicate: true,
    });
  }

  const config = await claimer.call('GET', '/api/payments/config');
  expect(config.json).toMatchObject({ provider: 'simulator', testMode: true, plan: { id: 'claim', amount: 7500, interval: 'year' } });

  const email = `claimer-${suffix}@example.com`;
  const claimerDetails = { name: 'Dana Driver', email, phone: '(303) 555-0199', role: 'owner' };
  // No payment without its claimer: a signed-out payer sends the claimer with the intent.
  expect((await claimer.call('POST', '/api/create-payment-intent', { plan: 'claim', companyId })).status).toBe(400);
  const intent = await claimer.call('POST', '/api/create-payment-intent', {
    amount: 1,
    plan: 'claim',
    companyId,
    metadata: { plan_name: 'claim' },
    claimerDetails,
  });
  expect(intent.status, intent.text).toBe(200);
  expect(intent.json).toMatchObject({ amount: 7500, currency: 'usd', provider: 'simulator', testMode: true });
  const clientSecret = intent.json.clientSecret as string;
  const paymentIntent = intent.json.paymentIntentId as string;

  const confirmed = await claimer.call('POST', '/api/payments/simulator/confirm', { clientSecret, ...card('4242 4242 4242 4242') });
  expect(confirmed.status, confirmed.text).toBe(200);
  expect(confirmed.json).toMatchObject({ status: 'succeeded', paymentIntentId: paymentIntent, testMode: true });

  // A new tab: no claimer details, the client secret proves the payment; the stored claimer is used.
  const success = { paymentIntent, paymentIntentClientSecret: clientSecret, plan: 'claim', companyId };
  const [first, second] = await Promise.all([
    claimer.call('POST', '/api/process-payment-success', success),
    claimer.call('POST', '/api/process-payment-success', success),
  ]);
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
  expect(ours[0]).toMatchObject({
    id: first.json.claimId,
    status: 'pending',
    paymentAmount: 7500,
    claimerEmail: email,
    claimerName: 'Dana Driver',
    businessRole: 'owner',
  });

  // The claimer's account is made by identity from claim.submitted.v1; approval waits for it.
  const approved = await eventually('the approval', async () => {
    const res = await adminClient.call('POST', `/api/admin/business-claims/${String(first.json.claimId)}/approve`);
    if (res.status === 409 && String(res.json.message).includes('still being set up')) return undefined;
    return res;
  });
  expect(approved.status, approved.text).toBe(200);
  expect(approved.json.claim).toMatchObject({ status: 'approved' });

  await eventually('the company shown claimed', async () => {
    const res = await claimer.call('GET', `/api/companies/${companyId}`);
    return res.json.claimed === true ? res : undefined;
  });

  const mail = await eventually('the set-password mail', async () =>
    (await outbox()).find((m) => m.to === email && m.tag === 'password-reset'),
  );
  const token = new URL(/https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text)![0]).searchParams.get('token')!;
  expect((await claimer.call('POST', '/api/reset-password', { token, newPassword: 'claimed-pass-1' })).status).toBe(200);
  expect((await claimer.call('POST', '/api/login', { email, password: 'claimed-pass-1' })).status).toBe(200);
  const mine = await eventually('the company in my-companies', async () => {
    const res = await claimer.call('GET', '/api/my-companies');
    // A pending claim already shows the company claimed; the approval's event then verifies it.
    return res.status === 200 && res.json.some((c) => c.id === companyId && c.businessVerified === true) ? res : undefined;
  });
  expect(mine.json.find((c) => c.id === companyId)).toMatchObject({ claimed: true, businessVerified: true });

  // One company, one claim: a new checkout and a second approval are refused.
  const secondCheckout = await new ApiClient(baseUrl).call('POST', '/api/create-payment-intent', {
    plan: 'claim',
    companyId,
    claimerDetails,
  });
  expect(secondCheckout.status).toBe(409);
  expect((await adminClient.call('POST', `/api/admin/business-claims/${String(first.json.claimId)}/approve`)).status).toBe(409);

  // The subscription is announced once the claim is approved: billing's stats count it.
  await eventually('the active subscription in the stats', async () => {
    const stats = await adminClient.call('GET', '/api/admin/stats');
    return (stats.json.activeSubscriptions as number) >= 1 ? stats : undefined;
  });

  // A declined card: a 402 with the decline message, and no claim.
  const otherId = await listCompany(`Declined Limousines ${suffix}`);
  const visitor = new ApiClient(baseUrl);
  const otherIntent = await visitor.call('POST', '/api/create-payment-intent', {
    plan: 'claim',
    companyId: otherId,
    claimerDetails: { ...claimerDetails, email: `declined-${suffix}@example.com` },
  });
  expect(otherIntent.status, otherIntent.text).toBe(200);
  const declined = await visitor.call('POST', '/api/payments/simulator/confirm', {
    clientSecret: otherIntent.json.clientSecret,
    ...card('4000000000000002'),
  });
  expect(declined.status).toBe(402);
  expect(declined.json.message).toContain('Your card was declined.');
  const notPaid = await visitor.call('POST', '/api/process-payment-success', {
    ...success,
    paymentIntent: otherIntent.json.paymentIntentId,
    paymentIntentClientSecret: otherIntent.json.clientSecret,
    companyId: otherId,
  });
  expect(notPaid.status).toBe(402);
  const after = await adminClient.call('GET', '/api/admin/business-claims');
  expect(after.json.filter((c) => c.companyId === otherId)).toHaveLength(0);
}

/**
 * The paid listing of a visitor (owner-admin §2.5): pay first, then register the account and the
 * listing in one call; the new owner is signed in and finds the listing on the dashboard.
 */
export async function paidListingJourney(baseUrl: string) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const visitor = new ApiClient(baseUrl);
  const email = `lister-${suffix}@example.com`;
  const name = `Paid Listing Limousines ${suffix}`;
  const intent = await visitor.call('POST', '/api/create-payment-intent', {
    amount: 75,
    metadata: { type: 'business_listing', companyName: name, email },
  });
  expect(intent.status, intent.text).toBe(200);
  expect(intent.json.amount).toBe(7500);
  const paid = await visitor.call('POST', '/api/payments/simulator/confirm', {
    clientSecret: intent.json.clientSecret,
    ...card('4242424242424242'),
  });
  expect(paid.json.status).toBe('succeeded');
  const registered = await visitor.call('POST', '/api/register-business-listing', {
    userData: { username: email, email, password: 'lister-pass', confirmPassword: 'lister-pass', role: 'business' },
    companyData: {
      name,
      businessEmail: `office-${suffix}@example.com`,
      website: 'limo.example',
      fullAddress: '200 E Colfax Ave, Denver, CO 80203',
      services: ['Wedding'],
      isPaid: true,
    },
    paymentIntentId: intent.json.paymentIntentId,
  });
  expect(registered.status, registered.text).toBe(200);
  expect(registered.json).toMatchObject({ isPaid: true, paymentRequired: false, user: { email, role: 'business' } });
  expect((await visitor.call('GET', '/api/me')).json).toMatchObject({ email });
  const mine = await eventually('the paid listing in my-companies', async () => {
    const res = await visitor.call('GET', '/api/my-companies');
    return res.status === 200 && res.json.length ? res : undefined;
  });
  expect(mine.json[0]).toMatchObject({ id: registered.json.companyId, name, claimed: true, city: 'Denver' });
  const again = await new ApiClient(baseUrl).call('POST', '/api/register-business-listing', {
    userData: { email: `other-${suffix}@example.com`, password: 'lister-pass' },
    companyData: {
      name,
      businessEmail: `office-${suffix}@example.com`,
      website: 'limo.example',
      fullAddress: '200 E Colfax Ave, Denver, CO 80203',
    },
    paymentIntentId: intent.json.paymentIntentId,
  });
  expect(again.status).toBe(409);
  expect(
    (await new ApiClient(baseUrl).call('POST', '/api/login', { email: `other-${suffix}@example.com`, password: 'lister-pass' })).status,
  ).toBe(401);
}
