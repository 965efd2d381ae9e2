import { beforeEach, describe, expect, it } from 'vitest';
import { companyResponsivenessV1, companyResponseTimeV1, type CompanySnapshot } from '@limo/contracts';
import { NedbDocumentStore } from '@limo/engine-nedb';
import { outboxEvents } from '@limo/platform/testing';
import type { QuoteDoc } from '../../src/domain/quote.js';
import { CompaniesRepository } from '../../src/repositories/companies.repository.js';
import { QuotesRepository } from '../../src/repositories/quotes.repository.js';
import { LeadTracking } from '../../src/use-cases/lead-tracking.js';
import { companySnapshot, deliveredQuote } from '../fixtures.js';

// Lead tracking on an in-memory store: what the owner's dashboard shows as seen, and the response
// figures quotes publishes for analytics (`company.response-time.v1`) and the directory
// (`company.responsiveness.v1`) when a company answers its leads.

let quotes: QuotesRepository;
let companies: CompaniesRepository;
let leads: LeadTracking;
let events: (type?: string) => Promise<Array<{ type: string; key: string; data: unknown }>>;

beforeEach(async () => {
  const store = await NedbDocumentStore.create();
  quotes = await QuotesRepository.create(store);
  companies = await CompaniesRepository.create(store);
  leads = new LeadTracking(quotes, companies);
  events = outboxEvents(store);
});

async function company(fields: Partial<CompanySnapshot> = {}): Promise<string> {
  const snapshot = companySnapshot(fields);
  await companies.applySnapshot(snapshot, snapshot.createdAt);
  return snapshot.id;
}

async function stored(quote: QuoteDoc): Promise<QuoteDoc> {
  await quotes.quotes.insertOne(quote);
  return quote;
}

const responseTimes = async () => (await events('company.response-time.v1')).map((e) => companyResponseTimeV1.parse(e).data);
const responsiveness = async () => (await events('company.responsiveness.v1')).map((e) => companyResponsivenessV1.parse(e).data);

describe("the owner's dashboard", () => {
  it('marks the quotes shown for the first time as seen now, and keeps the earlier time of those seen before', async () => {
    const id = await company();
    const seenBefore = await stored({ ...deliveredQuote(id, '2026-11-16T15:00:00Z', null), firstViewedAt: '2026-11-16T16:00:00.000Z' });
    const unseen = await stored(deliveredQuote(id, '2026-11-16T15:00:00Z', null));
    const before = new Date().toISOString();

    const shown = await leads.viewedByOwner([seenBefore, unseen]);

    expect(shown.map((q) => q._id)).toEqual([seenBefore._id, unseen._id]);
    expect(shown[0].firstViewedAt).toBe('2026-11-16T16:00:00.000Z');
    expect(shown[1].firstViewedAt! >= before).toBe(true);
    expect((await quotes.quotes.findOne({ _id: unseen._id }))?.firstViewedAt).toBe(shown[1].firstViewedAt);
    expect((await quotes.quotes.findOne({ _id: seenBefore._id }))?.firstViewedAt).toBe('2026-11-16T16:00:00.000Z');
  });

  it('writes nothing when every quote shown was seen before', async () => {
    const id = await company();
    const seen = { ...deliveredQuote(id, '2026-11-16T15:00:00Z', null), firstViewedAt: '2026-11-16T16:00:00.000Z' };
    const shown = [seen];
    // The quote is not in the store: a write would have nothing to change, so the answer shows none was needed.
    expect(await leads.viewedByOwner(shown)).toBe(shown);
  });
});

describe('a change of status', () => {
  it('publishes the median minutes to the first contact over the contacted quotes, once per quote', async () => {
    const id = await company({ state: 'FL' });
    const now = Date.now();
    const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    // Contacted 30 and 90 minutes after they were made; the third one is marked now, 10 minutes after.
    await stored({ ...deliveredQuote(id, ago(200), ago(170)), createdAt: ago(200) });
    await stored({ ...deliveredQuote(id, ago(300), ago(210)), createdAt: ago(300) });
    const pending = await stored({ ...deliveredQuote(id, ago(10), null), createdAt: ago(10) });

    const changed = await leads.changeStatus(pending, 'contacted');

    expect(changed).toMatchObject({ _id: pending._id, status: 'contacted' });
    expect(changed!.contactedAt).not.toBeNull();
    const [published] = await responseTimes();
    expect(published).toMatchObject({ companyId: id, medianMinutes: 30, sampleSize: 3 });
    expect((await companies.companies.findOne({ _id: id }))?.responseTime).toEqual({
      medianMinutes: 30,
      sampleSize: 3,
      computedAt: published.computedAt,
    });
    // The quote's delivery and its reply mark: the directory hears of the reply.
    expect(await responsiveness()).toEqual([expect.objectContaining({ companyId: id, leadCount: 3, repliedCount: 3 })]);

    // Marked contacted again, then completed: not a first contact, nothing published again.
    expect(await leads.changeStatus(changed!, 'contacted')).toMatchObject({ status: 'contacted', contactedAt: changed!.contactedAt });
    expect(await leads.changeStatus(changed!, 'completed')).toMatchObject({ status: 'completed', contactedAt: changed!.contactedAt });
    expect(await responseTimes()).toHaveLength(1);
    expect(await responsiveness()).toHaveLength(1);
  });

  it('rounds the median to whole minutes', async () => {
    const id = await company();
    const quote = await stored({ ...deliveredQuote(id, new Date(Date.now() - 100_000).toISOString(), null) });
    await leads.changeStatus(quote, 'contacted');
    expect((await responseTimes())[0]).toMatchObject({ medianMinutes: 2, sampleSize: 1 });
  });

  it('sets another status without publishing, and answers null for a quote that vanished', async () => {
    const id = await company();
    const quote = await stored(deliveredQuote(id, '2026-11-16T15:00:00Z', null));
    expect(await leads.changeStatus(quote, 'completed')).toMatchObject({ status: 'completed', contactedAt: null });
    expect(await leads.changeStatus({ ...quote, _id: 'gone' }, 'contacted')).toBeNull();
    expect(await events()).toEqual([]);
  });
});

describe("a company's responsiveness", () => {
  const now = new Date('2026-11-25T18:00:00Z');

  it('counts the leads delivered in the last 30 days, in the business hours of its state, and stores them with the event', async () => {
    const id = await company({ state: 'FL' });
    // Delivered Monday 16 Nov 10:00 in Miami: answered after 1 h, 3 h (Monday) and 10 h (Tuesday 12:00); one not answered.
    await stored(deliveredQuote(id, '2026-11-16T15:00:00Z', '2026-11-16T16:00:00Z'));
    await stored(deliveredQuote(id, '2026-11-16T15:00:00Z', '2026-11-16T18:00:00Z'));
    await stored(deliveredQuote(id, '2026-11-16T15:00:00Z', '2026-11-17T17:00:00Z'));
    await stored(deliveredQuote(id, '2026-11-16T15:00:00Z', null));
    // Delivered just before the 30 days (and one just inside), and one of another company.
    await stored(deliveredQuote(id, '2026-10-26T17:59:59.999Z', '2026-10-26T18:10:00Z'));
    await stored(deliveredQuote(id, '2026-10-26T18:00:00.000Z', null));
    await stored(deliveredQuote(await company(), '2026-11-16T15:00:00Z', null));

    expect(await leads.refreshResponsiveness(id, now)).toBe(true);

    const expected = { leadCount: 5, repliedCount: 3, fastReplyCount: 2, medianBusinessHours: 3, computedAt: now.toISOString() };
    const published = await events('company.responsiveness.v1');
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ key: id, occurredAt: now.toISOString(), data: { companyId: id, ...expected } });
    expect((await companies.companies.findOne({ _id: id }))?.responsiveness).toEqual(expected);

    // Nothing changed: nothing published. A millisecond later the oldest lead counted left the window.
    expect(await leads.refreshResponsiveness(id, now)).toBe(false);
    expect(await responsiveness()).toHaveLength(1);
    expect(await leads.refreshResponsiveness(id, new Date(now.getTime() + 1))).toBe(true);
    expect((await responsiveness())[1]).toMatchObject({ leadCount: 4, repliedCount: 3 });
  });

  it('publishes again when any one of the stored figures differs from the computed ones', async () => {
    const id = await company({ state: 'FL' });
    await stored(deliveredQuote(id, '2026-11-16T15:00:00Z', '2026-11-16T16:00:00Z'));
    await stored(deliveredQuote(id, '2026-11-16T15:00:00Z', null));
    expect(await leads.refreshResponsiveness(id, now)).toBe(true);
    for (const figure of ['leadCount', 'repliedCount', 'fastReplyCount', 'medianBusinessHours']) {
      const current = (await companies.companies.findOne({ _id: id }))!.responsiveness!;
      await companies.companies.updateOne({ _id: id }, { $set: { responsiveness: { ...current, [figure]: 99 } } });
      expect(await leads.refreshResponsiveness(id, now), figure).toBe(true);
    }
    expect((await responsiveness()).map(({ computedAt: _, companyId: __, ...figures }) => figures)).toEqual(
      Array(5).fill({ leadCount: 2, repliedCount: 1, fastReplyCount: 1, medianBusinessHours: 1 }),
    );
  });

  it('counts in the zone of the state: the same reply is 4 business hours in California', async () => {
    const id = await company({ state: 'CA' });
    // Monday 16 November 13:00 to Tuesday 7:30 in Los Angeles.
    await stored(deliveredQuote(id, '2026-11-16T21:00:00Z', '2026-11-17T15:30:00Z'));
    await leads.refreshResponsiveness(id, now);
    expect(await responsiveness()).toEqual([expect.objectContaining({ medianBusinessHours: 4, fastReplyCount: 1 })]);
  });

  it('publishes nothing for a company without leads or figures, nor for one deleted', async () => {
    const quiet = await company();
    expect(await leads.refreshResponsiveness(quiet, now)).toBe(false);
    const deleted = await company();
    await stored(deliveredQuote(deleted, '2026-11-16T15:00:00Z', null));
    await companies.applyDeleted(deleted, 2, now.toISOString());
    expect(await leads.refreshResponsiveness(deleted, now)).toBe(false);
    expect(await leads.refreshResponsiveness('unknown', now)).toBe(false);
    expect(await events()).toEqual([]);
  });

  it('is swept as leads leave the window: empty figures once, then nothing', async () => {
    const id = await company();
    const idle = await company();
    await stored(deliveredQuote(id, '2026-11-16T15:00:00Z', '2026-11-16T16:00:00Z'));
    expect(await leads.sweepResponsiveness(now)).toBe(0);
    await leads.refreshResponsiveness(id, now);

    const later = new Date('2026-12-30T18:00:00Z');
    expect(await leads.sweepResponsiveness(later)).toBe(1);
    expect((await responsiveness()).at(-1)).toEqual({
      companyId: id,
      leadCount: 0,
      repliedCount: 0,
      fastReplyCount: 0,
      medianBusinessHours: null,
      computedAt: later.toISOString(),
    });
    expect(await leads.sweepResponsiveness(later)).toBe(0);
    expect((await responsiveness()).map((r) => r.companyId)).not.toContain(idle);
  });

  it('sweeps every company with leads, 200 a page', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 201; i++) {
      const id = await company();
      await stored(deliveredQuote(id, '2026-11-16T15:00:00Z', null));
      await leads.refreshResponsiveness(id, now);
      ids.push(id);
    }
    expect(await leads.sweepResponsiveness(new Date('2026-12-30T18:00:00Z'))).toBe(201);
  });
});
