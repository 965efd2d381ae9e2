import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewLinkKey, verifyReviewLink } from '@limo/platform';
import { nextIp, startTestService, waitFor, type ServiceHarness } from '@limo/platform/testing';
import type { BuiltService } from '@limo/platform';
import { createQuotesService } from '../../src/app.js';
import { newQuoteMailState, type QuoteDoc } from '../../src/domain/quote.js';
import type { RouteDeps } from '../../src/routes/deps.js';
import { companyEvent, companySnapshot, quoteBody } from '../fixtures.js';

let h: ServiceHarness<BuiltService<RouteDeps>>;

beforeAll(async () => {
  h = await startTestService((ctx) => createQuotesService(ctx, { reconciliation: false }), { PUBLIC_URL: 'http://limo.test' });
});
afterAll(() => h.close());

const mailsTo = async (to: string) => (await h.ctx.outbox()).filter((m) => m.to === to);
/** The review link's token in a mail's text. */
const tokenIn = (text: string) => decodeURIComponent(/\?reviewToken=([^#\s]+)#write-review/.exec(text)?.[1] ?? '');

async function addCompany() {
  const snapshot = companySnapshot({ name: 'Linked Limo' });
  await h.ctx.bus.publish([companyEvent('company.created.v1', snapshot)]);
  const companies = await h.ctx.store.collection('companies');
  await waitFor(async () => (await companies.findOne({ _id: snapshot.id })) ?? undefined, 5000, 'company read-model');
  return snapshot;
}

/** A per-company quote stored as if requested days ago, for a trip `daysAgo` days past. */
function pastQuote(companyId: string, email: string, daysAgo: number, source: 'company' | 'city' = 'company'): QuoteDoc {
  const tripDate = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return {
    _id: `past-${email}`,
    companyId,
    companyName: 'Linked Limo',
    source,
    cityRequestId: null,
    targetCity: null,
    cityCompaniesNotified: null,
    customerName: 'Rita Rider',
    customerEmail: email,
    customerPhone: '(815) 555-0100',
    serviceType: 'Wedding',
    vehicleType: null,
    passengerCount: '2',
    pickupLocation: '1 Main St',
    dropoffLocation: null,
    tripDate,
    tripTime: '1:00 PM',
    specialRequests: null,
    status: 'pending',
    createdAt: new Date(Date.now() - 20 * 86_400_000).toISOString(),
    updatedAt: new Date().toISOString(),
    ...newQuoteMailState('pending'),
    delivery: 'delivered',
    confirmation: 'sent',
    awaitingMail: undefined,
    firstViewedAt: null,
    contactedAt: null,
  };
}

describe('review links mailed to the customer (issue 21)', () => {
  it("carries a signed, expiring link to review the company in the customer's confirmation", async () => {
    const company = await addCompany();
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/quote-requests',
      payload: quoteBody(company.id, { customerName: 'Lee Link', customerEmail: 'lee@rider.example' }),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await waitFor(async () => {
      const mails = await mailsTo('lee@rider.example');
      return mails.length > 0 && mails;
    });
    expect(mail.text).toContain(`http://limo.test/company/${company.id}?reviewToken=`);
    expect(mail.html).toContain('review Linked Limo');
    const check = verifyReviewLink(tokenIn(mail.text), reviewLinkKey(h.ctx.config.JWT_SECRET));
    expect(check).toMatchObject({ ok: true, claims: { quoteId: res.json().id, companyId: company.id, customerName: 'Lee Link' } });
    // Valid for 30 days after the trip.
    const { expiresAt } = (check as { claims: { expiresAt: Date } }).claims;
    expect(expiresAt.getTime()).toBeGreaterThan(Date.parse(quoteBody(company.id).tripDate as string) + 29 * 86_400_000);
  });

  it('mails a reminder with a fresh link a few days after the trip, once, and not for city quotes or old trips', async () => {
    const company = await addCompany();
    const store = await h.ctx.store.collection<QuoteDoc>('quote_requests');
    await store.insertOne(pastQuote(company.id, 'due@rider.example', 4));
    await store.insertOne(pastQuote(company.id, 'early@rider.example', 1));
    await store.insertOne(pastQuote(company.id, 'old@rider.example', 40));
    await store.insertOne(pastQuote(company.id, 'city@rider.example', 4, 'city'));

    const reminders = h.service.deps.reviewReminders;
    expect(await reminders.runOnce()).toBe(1);
    const [mail] = await mailsTo('due@rider.example');
    expect(mail).toMatchObject({ tag: 'review-reminder', subject: 'How was your trip with Linked Limo?' });
    expect(verifyReviewLink(tokenIn(mail.text), reviewLinkKey(h.ctx.config.JWT_SECRET))).toMatchObject({
      ok: true,
      claims: { quoteId: 'past-due@rider.example', companyId: company.id, customerName: 'Rita Rider' },
    });
    for (const other of ['early', 'old', 'city']) expect(await mailsTo(`${other}@rider.example`)).toEqual([]);

    // Once: a second pass sends nothing; the early one is due two days later.
    expect(await reminders.runOnce()).toBe(0);
    expect(await reminders.runOnce(new Date(Date.now() + 2 * 86_400_000))).toBe(1);
    expect(await mailsTo('early@rider.example')).toHaveLength(1);
  });
});
