import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { CompanySnapshot } from '@limo/contracts';
import { call, startTestService, waitFor, type ServiceHarness } from '@limo/platform/testing';
import { createBillingService, type BillingOptions, type BillingService } from '../src/app.js';
import type { PaymentSimulator } from '../src/payments/simulator.payments.js';

export { call, sharedHarness, userOf, type TestUser } from '@limo/platform/testing';

/** A running billing service on the embedded adapters, with the simulator (no webhook duplicates unless asked). */
export interface Harness extends ServiceHarness<BillingService> {
  simulator(): PaymentSimulator;
}

export async function startBilling(env: Record<string, string> = {}, options: BillingOptions = {}): Promise<Harness> {
  const h = await startTestService(
    (ctx) =>
      createBillingService(ctx, {
        env: { ...env },
        simulator: { duplicateRate: 0, retryDelayMs: 10 },
        companyWaitMs: 200,
        lookupCompany: async () => null,
        ...options,
      }),
    { PUBLIC_URL: 'http://limo.test', ...env },
  );
  return {
    ...h,
    simulator: () => {
      const sim = h.service.deps.registry.simulator();
      if (!sim) throw new Error('the simulator is not allowed in this harness');
      return sim;
    },
  };
}

/** A company as the directory announces it: a Denver company nobody owns, `fields` on top. */
export function companySnapshot(fields: Partial<CompanySnapshot> = {}): CompanySnapshot {
  return {
    id: randomUUID(),
    name: `Test Limousines ${Math.random().toString(36).slice(2, 6)}`,
    email: 'desk@example.com',
    businessEmail: null,
    phone: '(303) 555-0100',
    city: 'Denver',
    state: 'CO',
    zipCode: '80202',
    latitude: 39.75,
    longitude: -104.99,
    userId: null,
    createdAt: new Date().toISOString(),
    version: 1,
    ...fields,
  };
}

/** Tells billing about a company, as directory's event would. */
export async function listCompany(h: Harness, fields: Partial<CompanySnapshot> = {}): Promise<CompanySnapshot> {
  const snapshot = companySnapshot(fields);
  await h.ctx.bus.publish([
    { id: randomUUID(), type: 'company.created.v1', occurredAt: new Date().toISOString(), key: snapshot.id, data: snapshot },
  ]);
  await waitFor(() => h.service.deps.readModels.findCompany(snapshot.id).then((c) => c ?? undefined), 5000, 'company in the read-model');
  return snapshot;
}

export const claimer = (email = `claimer-${Math.random().toString(36).slice(2, 8)}@example.com`) => ({
  name: 'Dana Driver',
  email,
  phone: '(303) 555-0199',
  role: 'owner',
});
export const card = (cardNumber: string) => ({ cardNumber, expiry: '12/34', cvc: '123' });

/** POST /api/create-payment-intent for a signed-out claimer's claim of `companyId`. */
export const claimIntent = (h: Harness, companyId: string, claimerDetails: unknown) =>
  call(h, 'POST', '/api/create-payment-intent', undefined, { plan: 'claim', companyId, claimerDetails });

/** Starts a claim checkout and pays it with `cardNumber`; returns the intent's answer and the confirm's. */
export async function checkoutAndPay(h: Harness, companyId: string, cardNumber = '4242424242424242', details = claimer()) {
  const intent = await call(h, 'POST', '/api/create-payment-intent', undefined, {
    plan: 'claim',
    companyId,
    amount: 75,
    claimerDetails: details,
  });
  if (intent.statusCode !== 200) throw new Error(`create-payment-intent: ${intent.statusCode} ${intent.body}`);
  const { clientSecret, paymentIntentId, subscriptionId } = intent.json<{
    clientSecret: string;
    paymentIntentId: string;
    subscriptionId: string;
  }>();
  const confirm = await call(h, 'POST', '/api/payments/simulator/confirm', undefined, { clientSecret, ...card(cardNumber) });
  return { clientSecret, paymentIntentId, subscriptionId, confirm };
}

/** A paid claim of `companyId` by a signed-out claimer whose account identity then links. */
export async function paidClaim(h: Harness, companyId: string, email = claimer().email) {
  const { paymentIntentId, subscriptionId, clientSecret } = await checkoutAndPay(h, companyId, undefined, claimer(email));
  const res = await call(h, 'POST', '/api/process-payment-success', undefined, {
    paymentIntent: paymentIntentId,
    plan: 'claim',
    companyId,
    claimerDetails: claimer(email),
    clientSecret,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { claimId: res.json().claimId as string, paymentIntentId, subscriptionId, answer: res.json() };
}

/** Stands in for identity: links the claim to an account, as claim.claimant-linked.v1 does. */
export async function linkAccount(h: Harness, claimId: string, companyId: string, userId = randomUUID()) {
  await h.ctx.bus.publish([
    {
      id: randomUUID(),
      type: 'claim.claimant-linked.v1',
      occurredAt: new Date().toISOString(),
      key: claimId,
      data: { claimId, companyId, userId, email: 'x@example.com', accountCreated: true },
    },
  ]);
  await waitFor(async () => (await h.service.deps.claims.findById(claimId))?.userId === userId);
  return userId;
}

export { waitFor };
