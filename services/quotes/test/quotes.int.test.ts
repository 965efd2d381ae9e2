import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { companyResponseTimeV1 } from '@limo/contracts';
import { openApiPaths, waitFor } from '@limo/platform/testing';
import { newQuoteMailState, type QuoteDoc } from '../src/domain/quote.js';
import { QuotesRepository } from '../src/repositories/quotes.repository.js';
import { cityQuoteBody, companyEvent, companySnapshot, quoteBody } from './fixtures.js';
import {
  addCompany,
  app,
  companies,
  cookieFor,
  ctx,
  mailer,
  mailsTo,
  postCityQuote,
  postQuote,
  present,
  published,
  quotes,
  useQuotesService,
} from './quotes-support.js';

useQuotesService();

describe('company events', () => {
  it('applies the newest version only: replays, duplicates and late events change nothing', async () => {
    const v1 = companySnapshot({ name: 'First Name' });
    const v2 = { ...v1, name: 'Second Name', businessEmail: 'v2@limo.example', version: 2 };
    const created = companyEvent('company.created.v1', v1);
    const updated = companyEvent('company.updated.v1', v2);
    await ctx.bus.publish([created, updated]);
    await waitFor(() => present(companies().then((c) => c.findOne({ _id: v1.id, version: 2 }))));
    // Redelivered as they were, then an older snapshot arriving late; v3 after them on the same key
    // and topic proves the updates before it were handled (per-key order), the pause covers the created topic.
    await ctx.bus.publish([created, updated, companyEvent('company.updated.v1', { ...v1, name: 'Stale Name' })]);
    await ctx.bus.publish([companyEvent('company.updated.v1', { ...v2, name: 'Third Name', version: 3 })]);
    await waitFor(() => present(companies().then((c) => c.findOne({ _id: v1.id, version: 3 }))));
    await new Promise((r) => setTimeout(r, 200));
    expect(await (await companies()).findOne({ _id: v1.id })).toMatchObject({
      name: 'Third Name',
      businessEmail: 'v2@limo.example',
      version: 3,
      active: true,
    });

    await ctx.bus.publish([companyEvent('company.deleted.v1', { id: v1.id, version: 4 })]);
    await waitFor(() => present(companies().then((c) => c.findOne({ _id: v1.id, active: false }))));
    await ctx.bus.publish([created, updated]);
    await new Promise((r) => setTimeout(r, 200));
    expect(await (await companies()).findOne({ _id: v1.id })).toMatchObject({ active: false, version: 4 });
    expect((await postQuote(quoteBody(v1.id))).statusCode).toBe(404);
  });

  it('sends no second mail when quote.requested.v1 is delivered twice', async () => {
    const company = await addCompany({ businessEmail: 'twice@limo.example' });
    const res = await postQuote(quoteBody(company.id, { customerEmail: 'twice-customer@rider.example' }));
    const event = await waitFor(() =>
      published.find((e) => e.type === 'quote.requested.v1' && (e.data as { quoteId: string }).quoteId === res.json().id),
    );
    await waitFor(
      async () => (await mailsTo('twice@limo.example')).length === 1 && (await mailsTo('twice-customer@rider.example')).length === 1,
    );
    await ctx.bus.publish([event, { ...event }]);
    // Let both consumer groups and a few sweeps pass over the copies.
    await new Promise((r) => setTimeout(r, 400));
    expect(await mailsTo('twice@limo.example')).toHaveLength(1);
    expect(await mailsTo('twice-customer@rider.example')).toHaveLength(1);
  });
});

describe('mail outage', () => {
  it('loses no request while the mail adapter is down, and sends every mail once it is back', async () => {
    const company = await addCompany({ businessEmail: 'outage@limo.example' });
    const cityCompanies = await Promise.all(
      [1, 2, 3].map((i) =>
        addCompany({
          city: 'Peoria',
          state: 'IL',
          latitude: 40.6936,
          longitude: -89.589,
          businessEmail: `peoria${i}@limo.example`,
          userId: `peoria-owner-${i}`,
        }),
      ),
    );
    // Before the outage: delivered as usual.
    const before = await postQuote(quoteBody(company.id, { customerEmail: 'before@rider.example' }));
    expect(before.statusCode).toBe(201);
    await waitFor(async () => (await mailsTo('outage@limo.example')).length === 1);

    // A company whose mailbox always refuses: its quotes must not hold up everyone else's.
    const refusing = await addCompany({ businessEmail: 'gone@refusing-limo.example' });
    mailer.refused.add('gone@refusing-limo.example');

    mailer.down = true;
    const refused: string[] = [];
    for (let i = 0; i < 3; i++)
      refused.push((await postQuote(quoteBody(refusing.id, { customerEmail: `refused${i}@rider.example` }))).json().id);
    const during = [];
    for (let i = 0; i < 3; i++) {
      const res = await postQuote(quoteBody(company.id, { customerEmail: `during${i}@rider.example` }));
      expect(res.statusCode).toBe(201);
      during.push(res.json().id as string);
    }
    const city = await postCityQuote(cityQuoteBody({ targetCity: 'Peoria, IL', customerEmail: 'city-during@rider.example' }));
    expect(city.statusCode).toBe(201);
    expect(city.json().companiesNotified).toBe(3);
    // Long enough for the bus to give up on the events (5 attempts, 100 ms doubling) and for sweeps to fail.
    await waitFor(() => mailer.failures >= 10, 10_000, 'failed sends');
    await new Promise((r) => setTimeout(r, 1800));
    for (const id of during)
      expect(await (await quotes()).findOne({ _id: id })).toMatchObject({ status: 'pending', delivery: 'pending', deliveredAt: null });
    expect(await mailsTo('outage@limo.example')).toHaveLength(1);
    const cityQuotes = await (await quotes()).find({ cityRequestId: city.json().id });
    expect(cityQuotes).toHaveLength(3);

    mailer.down = false;
    await waitFor(async () => (await mailsTo('outage@limo.example')).length === 4, 10_000, 'company mails after the outage');
    for (let i = 0; i < 3; i++)
      await waitFor(async () => (await mailsTo(`during${i}@rider.example`)).length === 1, 10_000, `confirmation ${i}`);
    for (const c of cityCompanies) await waitFor(async () => (await mailsTo(c.businessEmail!)).length === 1, 10_000, c.businessEmail!);
    await waitFor(async () => (await mailsTo('city-during@rider.example')).length === 1, 10_000, 'city confirmation');
    for (const id of during) expect((await (await quotes()).findOne({ _id: id }))?.deliveredAt).toEqual(expect.any(String));
    for (const id of refused) {
      expect(await (await quotes()).findOne({ _id: id })).toMatchObject({
        delivery: 'pending',
        lastMailError: '550 mailbox unavailable: gone@refusing-limo.example',
      });
    }
    // A company that keeps refusing holds up nothing else: its customers are confirmed, and the
    // retries of its mail do not send them another confirmation.
    for (let i = 0; i < 3; i++)
      await waitFor(async () => (await mailsTo(`refused${i}@rider.example`)).length === 1, 10_000, `confirmation of refused ${i}`);
    // A few more sweeps: still exactly one mail each.
    await new Promise((r) => setTimeout(r, 400));
    for (let i = 0; i < 3; i++) expect(await mailsTo(`refused${i}@rider.example`)).toHaveLength(1);
    expect(await mailsTo('outage@limo.example')).toHaveLength(4);
    for (const c of cityCompanies) expect(await mailsTo(c.businessEmail!)).toHaveLength(1);
    expect(await mailsTo('city-during@rider.example')).toHaveLength(1);
  });
});

/** The fields every stored quote has besides its mail state, written straight to the store. */
const storedQuoteBase = (companyId: string, companyName: string, customerEmail: string, createdAt: string) => ({
  ...quoteBody(companyId, { customerEmail }),
  _id: randomUUID(),
  companyName,
  source: 'company' as const,
  cityRequestId: null,
  targetCity: null,
  cityCompaniesNotified: null,
  status: 'pending' as const,
  createdAt,
  updatedAt: createdAt,
  firstViewedAt: null,
  contactedAt: null,
});

describe('quotes stored before both mails shared one lease', () => {
  it('are mailed once, the company and the customer', async () => {
    const company = await addCompany({ businessEmail: 'legacy@limo.example' });
    // A quote as the per-mail leases stored it: no shared lease, no awaitingMail, its mails owed.
    const legacy = {
      ...storedQuoteBase(company.id, company.name, 'legacy@rider.example', new Date().toISOString()),
      delivery: 'pending',
      deliveredAt: null,
      deliveryAttempts: 0,
      lastDeliveryError: null,
      deliveryLeaseUntil: 0,
      confirmation: 'pending',
      confirmedAt: null,
      confirmationAttempts: 0,
      confirmationLeaseUntil: 0,
    };
    const id = legacy._id;
    await (await quotes()).insertOne(legacy as unknown as QuoteDoc);

    // The sweep of this suite runs every 100 ms without grace: it finds the quote owing its mails.
    await waitFor(async () => (await mailsTo('legacy@limo.example')).length === 1, 10_000, 'the legacy quote mailed');
    await waitFor(async () => (await mailsTo('legacy@rider.example')).length === 1, 10_000, 'the legacy quote confirmed');
    expect(await (await quotes()).findOne({ _id: id })).toMatchObject({
      delivery: 'delivered',
      confirmation: 'sent',
      mailLeaseUntil: 0,
      mailAttempts: 1,
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo('legacy@limo.example')).toHaveLength(1);
    expect(await mailsTo('legacy@rider.example')).toHaveLength(1);
  });
});

describe('a mail lease that runs out while the mails are sent', () => {
  it('records what was sent where still owed and leaves the next worker its lease', async () => {
    const repo = await QuotesRepository.create(ctx.store, 1_000);
    const id = randomUUID();
    const now = Date.now();
    // Created a month ago: outside the sweep's window, so only this test takes its lease.
    const quote = {
      ...storedQuoteBase(randomUUID(), 'Lease Limo', 'lease@rider.example', new Date(now - 30 * 86_400_000).toISOString()),
      _id: id,
      ...newQuoteMailState('pending'),
    } as QuoteDoc;
    await (await quotes()).insertOne(quote);
    const first = await repo.claimMails(id, now);
    expect(first).toMatchObject({ mailLeaseUntil: now + 1_000, mailAttempts: 1 });
    expect(await repo.claimMails(id, now + 500)).toBeNull();
    // The first worker's lease ran out; a second one takes the quote.
    const second = await repo.claimMails(id, now + 1_001);
    expect(second).toMatchObject({ mailLeaseUntil: now + 2_001, mailAttempts: 2 });
    // The first worker records the company mail it sent: recorded, and the second's lease still holds.
    await repo.recordMails(first!, { delivery: 'delivered', confirmed: false }, new Date(now).toISOString(), randomUUID());
    expect(await (await quotes()).findOne({ _id: id })).toMatchObject({
      delivery: 'delivered',
      confirmation: 'pending',
      mailLeaseUntil: now + 2_001,
    });
    // The second records the confirmation and gives its lease back; the delivery stays as recorded.
    await repo.recordMails(second!, { confirmed: true }, new Date(now).toISOString(), randomUUID());
    expect(await (await quotes()).findOne({ _id: id })).toMatchObject({ delivery: 'delivered', confirmation: 'sent', mailLeaseUntil: 0 });
    expect(await repo.claimMails(id, now + 5_000)).toBeNull();
  });
});

describe('lead tracking', () => {
  it('records first view and first contact, and publishes the median response time', async () => {
    const ownerId = 'owner-lead-1';
    const company = await addCompany({ userId: ownerId, businessEmail: 'lead@limo.example' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await postQuote(quoteBody(company.id))).json().id);
    await waitFor(async () => (await mailsTo('lead@limo.example')).length === 3);
    const cookie = cookieFor(ownerId);

    const first = await app.inject({ method: 'GET', url: '/api/quote-requests', headers: { cookie } });
    expect(first.statusCode).toBe(200);
    const seen = first.json<Array<{ id: string; firstViewedAt: string; deliveredAt: string }>>();
    expect(seen.map((q) => q.id)).toEqual([...ids].reverse());
    for (const q of seen) {
      expect(q.firstViewedAt).toEqual(expect.any(String));
      expect(q.deliveredAt).toEqual(expect.any(String));
    }
    const again = await app.inject({ method: 'GET', url: '/api/quote-requests', headers: { cookie } });
    expect(again.json().map((q: { firstViewedAt: string }) => q.firstViewedAt)).toEqual(seen.map((q) => q.firstViewedAt));
    const summary = async () => (await app.inject({ method: 'GET', url: '/api/quote-requests/summary', headers: { cookie } })).json();
    expect((await summary()).responseTime).toBeNull();

    const contacted = await app.inject({
      method: 'PUT',
      url: `/api/quote-requests/${ids[0]}`,
      headers: { cookie },
      payload: { status: 'contacted' },
    });
    expect(contacted.statusCode).toBe(200);
    expect(contacted.json()).toMatchObject({ status: 'contacted', contactedAt: expect.any(String) });
    const event = await waitFor(() => published.find((e) => e.type === 'company.response-time.v1' && e.key === company.id));
    expect(companyResponseTimeV1.parse(event).data).toMatchObject({ companyId: company.id, sampleSize: 1, medianMinutes: 0 });

    // Marking it again changes nothing and publishes nothing.
    const twice = await app.inject({
      method: 'PUT',
      url: `/api/quote-requests/${ids[0]}`,
      headers: { cookie },
      payload: { status: 'contacted' },
    });
    expect(twice.json().contactedAt).toBe(contacted.json().contactedAt);
    await app.inject({ method: 'PUT', url: `/api/quote-requests/${ids[1]}`, headers: { cookie }, payload: { status: 'contacted' } });
    await waitFor(() => published.filter((e) => e.type === 'company.response-time.v1' && e.key === company.id).length === 2);
    await new Promise((r) => setTimeout(r, 100));
    expect(published.filter((e) => e.type === 'company.response-time.v1' && e.key === company.id)).toHaveLength(2);
    expect((await summary()).responseTime).toMatchObject({ sampleSize: 2, medianMinutes: 0 });
  });

  it('serves the OpenAPI document of its routes', async () => {
    expect(await openApiPaths({ app })).toEqual(
      expect.arrayContaining([
        '/api/quote-requests',
        '/api/quote-requests/{id}',
        '/api/city-quote-requests',
        '/api/admin/quote-requests',
        '/api/admin/quote-requests/{id}',
      ]),
    );
  });
});
