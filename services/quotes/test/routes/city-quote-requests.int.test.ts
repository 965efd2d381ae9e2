import { describe, expect, it } from 'vitest';
import { cityQuotePreviewSchema, cityQuoteRequestCreatedSchema } from '@limo/contracts';
import { nextIp, sharedHarness, startTestService, waitFor } from '@limo/platform/testing';
import { createQuotesService } from '../../src/app.js';
import type { CompanyContactDoc } from '../../src/domain/company-contact.js';
import type { QuoteDoc } from '../../src/domain/quote.js';
import { cityQuoteBody, companyEvent, companySnapshot, ROCKFORD } from '../fixtures.js';

// Leads worth answering (issue 21): a city-wide request goes to at most CITY_QUOTE_MAX_COMPANIES
// best-matched companies; the preview says how many, and which kind, before sending.

const h = sharedHarness(() =>
  startTestService((context) => createQuotesService(context, { reconciliation: false }), { CITY_QUOTE_MAX_COMPANIES: '2' }),
);

async function addCompanies(overrides: Array<Parameters<typeof companySnapshot>[0]>) {
  const snapshots = overrides.map((o) => companySnapshot({ city: 'Rockford', state: 'IL', ...ROCKFORD, ...o }));
  await h.ctx.bus.publish(snapshots.map((s) => companyEvent('company.created.v1', s)));
  const companies = await h.ctx.store.collection<CompanyContactDoc>('companies');
  await waitFor(async () => (await companies.count({ _id: { $in: snapshots.map((s) => s.id) } })) === snapshots.length);
  return snapshots;
}

const preview = async (query: string) => h.app.inject({ method: 'GET', url: `/api/city-quote-requests/preview?${query}` });

describe('GET /api/city-quote-requests/preview', () => {
  it('answers 0 for a city nobody serves, and 400 with the form message for a city without its state', async () => {
    const none = await preview(`targetCity=${encodeURIComponent('Peoria, IL')}`);
    expect(none.statusCode).toBe(200);
    expect(cityQuotePreviewSchema.parse(none.json())).toEqual({
      city: 'Peoria, IL',
      companiesNotified: 0,
      companiesServing: 0,
      verifiedOwners: 0,
      owners: 0,
      unclaimed: 0,
      maxCompanies: 2,
    });
    const bad = await preview('targetCity=Peoria');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter city and state in format: City, State (e.g., Rockford, IL)');
    expect((await preview('targetCity=Peoria%2C%20IL&vehicleType=Hummer')).statusCode).toBe(400);
  });
});

describe('POST /api/city-quote-requests with CITY_QUOTE_MAX_COMPANIES=2', () => {
  it('goes to the 2 best-matched: a verified owner first, then the owner with the requested vehicle, rating and answers', async () => {
    const [plainOwner, matchingOwner, verified, unclaimed] = await addCompanies([
      { name: 'A Plain Owner Limo', userId: 'o-1', vehicleTypes: ['sedan'] },
      {
        name: 'B Stretch Owner Limo',
        userId: 'o-2',
        vehicleTypes: ['stretch-limo'],
        services: ['wedding'],
        rating: 4.5,
        reviewCount: 12,
      },
      { name: 'C Verified Limo', userId: 'o-3', verifiedOwner: true },
      { name: 'D Unclaimed Stretch Limo', vehicleTypes: ['stretch-limo'], services: ['wedding'], rating: 5, reviewCount: 40 },
    ]);
    const shown = cityQuotePreviewSchema.parse(
      (await preview(`targetCity=${encodeURIComponent('Rockford, IL')}&vehicleType=${encodeURIComponent('Stretch Limousine')}`)).json(),
    );
    expect(shown).toMatchObject({ companiesNotified: 2, companiesServing: 4, verifiedOwners: 1, owners: 1, unclaimed: 0 });

    const res = await h.app.inject({ method: 'POST', url: '/api/city-quote-requests', payload: cityQuoteBody(), remoteAddress: nextIp() });
    expect(res.statusCode).toBe(201);
    const created = cityQuoteRequestCreatedSchema.parse(res.json());
    expect(created.companiesNotified).toBe(2);
    expect(created.companies).toEqual([
      { id: verified.id, name: 'C Verified Limo' },
      { id: matchingOwner.id, name: 'B Stretch Owner Limo' },
    ]);
    const stored = await waitFor(async () => {
      const list = await (await h.ctx.store.collection<QuoteDoc>('quote_requests')).find({ cityRequestId: created.id });
      return list.length === 2 && list;
    });
    expect(stored.map((q) => q.companyId).sort()).toEqual([verified.id, matchingOwner.id].sort());
    expect(stored.every((q) => q.cityCompaniesNotified === 2)).toBe(true);
    const outbox = await h.ctx.outbox();
    for (const left of [plainOwner, unclaimed]) expect(outbox.filter((m) => m.to === left.email)).toEqual([]);
  });
});
