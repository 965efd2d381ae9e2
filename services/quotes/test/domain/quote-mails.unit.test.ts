import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { quoteDeliveredV1, quoteRequestedV1 } from '@limo/contracts';
import { NedbDocumentStore } from '@limo/engine-nedb';
import { reviewLinkKey, verifyReviewLink } from '@limo/platform';
import { outboxEvents } from '@limo/platform/testing';
import { monotonicIsoNow } from '../../src/domain/clock.js';
import { newQuoteMailState, quoteRequestedEvent, toQuoteRequest, type QuoteDoc } from '../../src/domain/quote.js';
import { reviewLinkUrl, tripDatePast } from '../../src/domain/review-link.js';
import { QuotesRepository } from '../../src/repositories/quotes.repository.js';
import { deliveredQuote, quoteBodyDetails } from '../fixtures.js';

// A quote's two mails (the company's, the customer's confirmation) go through one lease: one worker
// sends them, records what it sent and owes the events that say so; a crashed sender's lease runs out.

const LEASE_MS = 60_000;
let quotes: QuotesRepository;
let events: (type?: string) => Promise<Array<{ type: string; key: string; data: unknown }>>;

beforeEach(async () => {
  const store = await NedbDocumentStore.create();
  quotes = await QuotesRepository.create(store, LEASE_MS);
  events = outboxEvents(store);
});

/** A new per-company quote as intake stores it: both mails owed. */
async function newQuote(confirmation: 'pending' | 'not-needed' = 'pending'): Promise<QuoteDoc> {
  const quote: QuoteDoc = {
    ...deliveredQuote(randomUUID(), '2026-11-16T15:00:00.000Z', null),
    ...newQuoteMailState(confirmation),
    cityRequestId: confirmation === 'pending' ? null : 'city-request-1',
    source: confirmation === 'pending' ? 'company' : 'city',
  };
  return quotes.insert(quote, quoteRequestedEvent(quote, randomUUID()));
}

describe("a new quote's mails", () => {
  it("are owed and in delivery's queue, with the event that asks for them", async () => {
    const quote = await newQuote();
    expect(quote).toMatchObject({
      delivery: 'pending',
      deliveredAt: null,
      confirmation: 'pending',
      confirmedAt: null,
      mailLeaseUntil: 0,
      mailAttempts: 0,
      lastMailError: null,
      awaitingMail: true,
    });
    expect(await quotes.awaitingMailCount()).toBe(1);
    const [requested] = await events('quote.requested.v1');
    const parsed = quoteRequestedV1.parse(requested);
    expect(parsed).toMatchObject({ key: quote._id, occurredAt: quote.createdAt });
    const { _id, companyId, companyName, source, cityRequestId, createdAt } = quote;
    expect(parsed.data).toEqual({
      quoteId: _id,
      companyId,
      companyName,
      source,
      cityRequestId,
      ...quoteBodyDetails(),
      createdAt,
    });
  });

  it('are taken by one worker at a time, until its lease runs out, each taking counted', async () => {
    const quote = await newQuote();
    const now = Date.parse('2026-11-16T15:00:00Z');
    const taken = await quotes.claimMails(quote._id, now);
    expect(taken).toMatchObject({ mailLeaseUntil: now + LEASE_MS, mailAttempts: 1 });
    expect(taken?.awaitingMail).toBeUndefined();
    expect(await quotes.awaitingMailCount()).toBe(0);
    expect(await quotes.claimMails(quote._id, now + 1_000)).toBeNull();
    expect(await quotes.claimMails(quote._id, now + LEASE_MS)).toBeNull();
    // The first worker crashed: its lease ran out, another takes the mails.
    expect(await quotes.claimMails(quote._id, now + LEASE_MS + 1)).toMatchObject({ mailAttempts: 2 });
  });

  it('are recorded as sent with the delivery event, and never taken again', async () => {
    const quote = await newQuote();
    const taken = (await quotes.claimMails(quote._id, 1_000))!;
    await quotes.recordMails(taken, { delivery: 'delivered', confirmed: true }, '2026-11-16T15:00:05.000Z', 'event-1');
    expect(await quotes.quotes.findOne({ _id: quote._id })).toMatchObject({
      delivery: 'delivered',
      deliveredAt: '2026-11-16T15:00:05.000Z',
      confirmation: 'sent',
      confirmedAt: '2026-11-16T15:00:05.000Z',
      mailLeaseUntil: 0,
    });
    expect((await events('quote.delivered.v1')).map((e) => quoteDeliveredV1.parse(e))).toEqual([
      {
        id: 'event-1',
        type: 'quote.delivered.v1',
        occurredAt: '2026-11-16T15:00:05.000Z',
        key: quote._id,
        data: { quoteId: quote._id, companyId: quote.companyId, deliveredAt: '2026-11-16T15:00:05.000Z' },
      },
    ]);
    expect(await quotes.claimMails(quote._id, 10_000_000)).toBeNull();
  });

  it('give the lease back at once after a failed send, so the retry takes it', async () => {
    const quote = await newQuote('not-needed');
    const taken = (await quotes.claimMails(quote._id, 1_000))!;
    await quotes.recordMails(taken, { confirmed: false, error: 'connect ECONNREFUSED' }, '2026-11-16T15:00:05.000Z', 'event-1');
    expect(await quotes.quotes.findOne({ _id: quote._id })).toMatchObject({ delivery: 'pending', lastMailError: 'connect ECONNREFUSED' });
    expect(await quotes.claimMails(quote._id, 1_001)).toMatchObject({ mailAttempts: 2 });
    expect(await events('quote.delivered.v1')).toEqual([]);
  });
});

describe('a quote as owners and admins read it', () => {
  it('carries the trip, the customer and the lead-tracking times, none of the mail state', async () => {
    const quote = {
      ...deliveredQuote('company-1', '2026-11-16T15:00:00.000Z', '2026-11-16T16:00:00.000Z'),
      firstViewedAt: '2026-11-16T15:30:00.000Z',
    };
    expect(toQuoteRequest(quote)).toEqual({
      id: quote._id,
      companyId: 'company-1',
      companyName: quote.companyName,
      source: 'company',
      ...quoteBodyDetails(),
      status: 'contacted',
      createdAt: '2026-11-16T15:00:00.000Z',
      updatedAt: '2026-11-16T15:00:00.000Z',
      deliveredAt: '2026-11-16T15:00:00.000Z',
      firstViewedAt: '2026-11-16T15:30:00.000Z',
      contactedAt: '2026-11-16T16:00:00.000Z',
    });
  });
});

describe('the review link mailed to a customer after the trip', () => {
  const key = reviewLinkKey('test-secret-test-secret-test-secret-123');
  const quote = { _id: 'quote-1', companyId: 'company/1', customerName: 'Jane Rider', tripDate: '2026-11-20' };
  const claimsOf = (url: string, at: Date) => {
    const token = new URL(url).searchParams.get('reviewToken')!;
    return verifyReviewLink(token, key, at);
  };

  it("opens the company's page at the review form, valid `validDays` after the trip day", () => {
    const url = reviewLinkUrl(quote, { publicUrl: 'https://limo.example', key, validDays: 30, now: new Date('2026-11-18T00:00:00Z') });
    expect(url).toMatch(/^https:\/\/limo\.example\/company\/company%2F1\?reviewToken=[^#]+#write-review$/);
    const check = claimsOf(url, new Date('2026-12-20T23:59:58Z'));
    expect(check).toEqual({
      ok: true,
      claims: { quoteId: 'quote-1', companyId: 'company/1', customerName: 'Jane Rider', expiresAt: new Date('2026-12-20T23:59:59Z') },
    });
    expect(claimsOf(url, new Date('2026-12-21T00:00:00Z'))).toEqual({ ok: false, reason: 'expired' });
  });

  it('counts the days from now when the trip day is past or unreadable, and keeps 100 characters of the name', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    const late = reviewLinkUrl(quote, { publicUrl: 'https://limo.example', key, validDays: 1, now });
    expect(claimsOf(late, now)).toMatchObject({ ok: true, claims: { expiresAt: new Date('2026-12-02T12:00:00Z') } });
    const odd = reviewLinkUrl(
      { ...quote, tripDate: 'someday', customerName: 'x'.repeat(150) },
      { publicUrl: 'https://limo.example', key, validDays: 2, now },
    );
    expect(claimsOf(odd, now)).toMatchObject({
      ok: true,
      claims: { customerName: 'x'.repeat(100), expiresAt: new Date('2026-12-03T12:00:00Z') },
    });
  });

  it('goes to trips at least `days` days past', () => {
    expect(tripDatePast(new Date('2026-12-01T00:30:00Z'), 1)).toBe('2026-11-30');
    expect(tripDatePast(new Date('2026-03-01T12:00:00Z'), 2)).toBe('2026-02-27');
  });
});

describe('the time a quote is stored at', () => {
  it('is later than the one before, even within one millisecond', () => {
    const times = Array.from({ length: 50 }, () => monotonicIsoNow());
    for (let i = 1; i < times.length; i++) expect(times[i] > times[i - 1]).toBe(true);
    expect(Math.abs(Date.parse(times[0]) - Date.now())).toBeLessThan(1_000);
  });
});
