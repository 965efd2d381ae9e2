import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { call, checkoutAndPay, claimer, listCompany, userOf, waitFor, type Harness, type TestUser } from '../support.js';

/** A paid claim by a signed-out claimer, linked to an account as identity would: the owner and the claim. */
export async function ownerWithPaidClaim(h: Harness, email = claimer().email) {
  const company = await listCompany(h);
  const paid = await checkoutAndPay(h, company.id, undefined, claimer(email));
  const res = await call(h, 'POST', '/api/process-payment-success', undefined, {
    paymentIntent: paid.paymentIntentId,
    plan: 'claim',
    companyId: company.id,
    claimerDetails: claimer(email),
    clientSecret: paid.clientSecret,
  });
  expect(res.statusCode, res.body).toBe(200);
  const claimId = res.json().claimId as string;
  const userId = randomUUID();
  await h.ctx.bus.publish([
    {
      id: randomUUID(),
      type: 'claim.claimant-linked.v1',
      occurredAt: new Date().toISOString(),
      key: claimId,
      data: { claimId, companyId: company.id, userId, email, accountCreated: true },
    },
  ]);
  await waitFor(async () => (await h.service.deps.claims.findById(claimId))?.userId === userId);
  await waitFor(async () => (await h.service.deps.subscriptions.findById(paid.subscriptionId))?.status === 'active');
  const owner: TestUser = userOf(h, 'business', userId);
  return { company, claimId, owner, email, ...paid };
}

/** Approves the claim as an admin. */
export async function approve(h: Harness, claimId: string) {
  const res = await call(h, 'POST', `/api/admin/business-claims/${claimId}/approve`, userOf(h, 'admin'));
  expect(res.statusCode, res.body).toBe(200);
}

/** The mails sent to `to` with `tag`, once the outbox holds at least `count`. */
export async function mailsTo(h: Harness, to: string, tag: string, count = 1) {
  return waitFor(async () => {
    const found = (await h.ctx.outbox()).filter((m) => m.to === to && m.tag === tag);
    return found.length >= count ? found : undefined;
  });
}

/** A paid listing's company form, as the business-registration page sends it. */
export const listing = {
  name: 'Summit Chauffeurs',
  businessEmail: 'office@summit.example',
  website: 'summit.example',
  fullAddress: '1600 Broadway, Denver, CO 80202',
  phone: '(303) 555-0111',
  services: ['Wedding', 'Airport Transfer'],
  vehicleTypes: ['Stretch Limousine'],
  priceRange: '$$$ Premium',
  hourlyRateStart: '120',
};
