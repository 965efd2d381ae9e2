import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyResponsivenessV1, type CompanyResponsivenessV1 } from '@limo/contracts';
import { sessionCookie, startTestService, waitFor, type ServiceHarness } from '@limo/platform/testing';
import { createQuotesService } from '../src/app.js';
import { businessHoursBetween, zoneOfState } from '../src/domain/business-hours.js';
import type { CompanyContactDoc } from '../src/domain/company-contact.js';
import type { QuoteDoc } from '../src/domain/quote.js';
import type { RouteDeps } from '../src/routes/deps.js';
import { companyEvent, companySnapshot, deliveredQuote, quoteBody } from './fixtures.js';

// Responsiveness (issue 21): from a quote's delivery to its reply mark (first marked contacted), in
// business hours (Mon-Fri 9-17 in the company's state's zone), over the leads delivered in the last 30 days.

let h: ServiceHarness;
let deps: RouteDeps;

beforeAll(async () => {
  h = await startTestService(async (context) => {
    const service = await createQuotesService(context, { reconciliation: false });
    deps = service.deps;
    return service;
  });
});
afterAll(() => h.close());

const quotes = () => h.ctx.store.collection<QuoteDoc>('quote_requests');
const events = (companyId: string) =>
  h.published.filter((e) => e.type === 'company.responsiveness.v1' && e.key === companyId).map((e) => companyResponsivenessV1.parse(e));

async function addCompany(overrides: Parameters<typeof companySnapshot>[0]) {
  const snapshot = companySnapshot(overrides);
  await h.ctx.bus.publish([companyEvent('company.created.v1', snapshot)]);
  const companies = await h.ctx.store.collection<CompanyContactDoc>('companies');
  await waitFor(async () => (await companies.findOne({ _id: snapshot.id })) ?? undefined, 5000, `company ${snapshot.id}`);
  return snapshot;
}

/** A delivered quote of the company, written straight to the store, contacted at `contactedAt` or not yet. */
async function lead(companyId: string, deliveredAt: string, contactedAt: string | null): Promise<string> {
  const quote = deliveredQuote(companyId, deliveredAt, contactedAt);
  await (await quotes()).insertOne(quote);
  return quote._id;
}

describe('business hours', () => {
  it('counts Monday to Friday, 9:00 to 17:00 in the zone of the company state', () => {
    // Monday 16 November 2026, 16:00 in New York (21:00 UTC) to Tuesday 10:30: 1 + 1.5 hours.
    expect(businessHoursBetween(new Date('2026-11-16T21:00:00Z'), new Date('2026-11-17T15:30:00Z'), zoneOfState('FL'))).toBe(2.5);
    // The same instants in Los Angeles: Monday 13:00 to Tuesday 7:30, 4 hours.
    expect(businessHoursBetween(new Date('2026-11-16T21:00:00Z'), new Date('2026-11-17T15:30:00Z'), zoneOfState('CA'))).toBe(4);
    // Friday 16:30 to Monday 9:15 in Chicago: half an hour on Friday, a quarter on Monday; the weekend counts nothing.
    expect(businessHoursBetween(new Date('2026-11-20T22:30:00Z'), new Date('2026-11-23T15:15:00Z'), zoneOfState('IL'))).toBe(0.75);
    expect(businessHoursBetween(new Date('2026-11-21T15:00:00Z'), new Date('2026-11-22T20:00:00Z'), zoneOfState('IL'))).toBe(0);
    expect(zoneOfState(null)).toBe('America/New_York');
  });
});

describe('company.responsiveness.v1', () => {
  it('publishes the median business hours to the reply mark and the share answered, over the leads delivered in the last 30 days', async () => {
    const company = await addCompany({ state: 'FL', city: 'Miami' });
    const now = new Date('2026-11-25T18:00:00Z');
    // Delivered Monday 16 Nov 10:00 in Miami: answered after 1 h, 3 h (Monday) and 10 h (Tuesday 12:00); one not answered.
    await lead(company.id, '2026-11-16T15:00:00Z', '2026-11-16T16:00:00Z');
    await lead(company.id, '2026-11-16T15:00:00Z', '2026-11-16T18:00:00Z');
    await lead(company.id, '2026-11-16T15:00:00Z', '2026-11-17T17:00:00Z');
    await lead(company.id, '2026-11-16T15:00:00Z', null);
    // Delivered 31 days before `now`: outside the window.
    await lead(company.id, '2026-10-25T15:00:00Z', '2026-10-25T15:10:00Z');

    expect(await deps.leads.refreshResponsiveness(company.id, now)).toBe(true);
    // Published through the outbox, a moment after the write.
    const event = await waitFor(() => events(company.id)[0], 5000, 'the event');
    expect(event.data).toEqual({
      companyId: company.id,
      leadCount: 4,
      repliedCount: 3,
      fastReplyCount: 2,
      medianBusinessHours: 3,
      computedAt: now.toISOString(),
    } satisfies CompanyResponsivenessV1['data']);
    // Nothing changed: nothing published again.
    expect(await deps.leads.refreshResponsiveness(company.id, new Date(now.getTime() + 60_000))).toBe(false);
    expect(events(company.id)).toHaveLength(1);

    // A month later every lead left the window: the sweep publishes the empty figures once.
    const later = new Date('2026-12-30T18:00:00Z');
    expect(await deps.leads.sweepResponsiveness(later)).toBeGreaterThanOrEqual(1);
    const emptied = await waitFor(() => events(company.id)[1], 5000, 'the emptied figures');
    expect(emptied.data).toMatchObject({ leadCount: 0, repliedCount: 0, medianBusinessHours: null });
    expect(await deps.leads.sweepResponsiveness(later)).toBe(0);
  });

  it('is published when an owner first marks a delivered quote contacted, and when a quote is delivered', async () => {
    const ownerId = `owner-${randomUUID().slice(0, 6)}`;
    const company = await addCompany({ userId: ownerId, businessEmail: 'fast@limo.example' });
    const posted = await h.app.inject({
      method: 'POST',
      url: '/api/quote-requests',
      payload: quoteBody(company.id),
      remoteAddress: '10.9.9.9',
    });
    expect(posted.statusCode).toBe(201);
    // Delivered: one lead, not answered yet.
    await waitFor(() => events(company.id).find((e) => e.data.leadCount === 1 && e.data.repliedCount === 0), 5000, 'lead counted');
    const cookie = sessionCookie(h.ctx.config.JWT_SECRET, { id: ownerId, role: 'business', username: 'fast', email: 'fast@owner.example' });
    const marked = await h.app.inject({
      method: 'PUT',
      url: `/api/quote-requests/${posted.json().id}`,
      headers: { cookie },
      payload: { status: 'contacted' },
    });
    expect(marked.statusCode).toBe(200);
    const replied = await waitFor(() => events(company.id).find((e) => e.data.repliedCount === 1), 5000, 'reply counted');
    expect(replied.data).toMatchObject({ leadCount: 1, repliedCount: 1, fastReplyCount: 1 });
    expect(replied.data.medianBusinessHours).toBeLessThan(0.1);
  });
});
