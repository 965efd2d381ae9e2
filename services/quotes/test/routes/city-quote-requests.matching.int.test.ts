import { describe, expect, it } from 'vitest';
import { cityQuoteUnservedSchema } from '@limo/contracts';
import { nextIp, waitFor } from '@limo/platform/testing';
import type { CityRequestDoc } from '../../src/domain/city-request.js';
import { CHICAGO, cityQuoteBody, companyEvent, ROCKFORD } from '../fixtures.js';
import { addCompany, companies, ctx, mailsTo, postCityQuote, present, published, quotes, useQuotesService } from '../quotes-support.js';

useQuotesService();

describe('POST /api/city-quote-requests', () => {
  it('limits city-wide requests per client address', async () => {
    await addCompany({ city: 'Springfield', state: 'IL' });
    const ip = nextIp();
    const body = cityQuoteBody({ targetCity: 'Springfield, IL' });
    for (let i = 0; i < 2; i++) expect((await postCityQuote(body, ip)).statusCode).toBe(201);
    expect((await postCityQuote(body, ip)).statusCode).toBe(429);
  });

  it('answers 422 with the nearest served cities for a city no active, reachable company serves, and stores and sends nothing', async () => {
    // Rockford's own companies: one deleted, one nobody can be sent anything (no e-mail, no owner).
    const deleted = await addCompany({ city: 'Rockford', state: 'IL', ...ROCKFORD });
    await ctx.bus.publish([companyEvent('company.deleted.v1', { id: deleted.id, version: 2 })]);
    await waitFor(() => present(companies().then((c) => c.findOne({ _id: deleted.id, active: false }))));
    await addCompany({ city: 'Rockford', state: 'IL', ...ROCKFORD, email: null, businessEmail: null, userId: null });
    // Served cities 27.0 (listed by name only), 28.7 and 29.5 miles away (beyond Rockford's 25-mile service radius).
    await addCompany({ city: 'Freeport', state: 'IL', latitude: null, longitude: null });
    await addCompany({ city: 'Janesville', state: 'WI', latitude: 42.68279, longitude: -89.01872 });
    for (let i = 0; i < 2; i++) await addCompany({ city: 'DeKalb', state: 'IL', latitude: 41.92947, longitude: -88.75036 });
    const before = (await ctx.outbox()).length;

    const res = await postCityQuote(cityQuoteBody({ targetCity: 'rockford, il', customerEmail: 'unserved@groom.example' }));
    expect(res.statusCode).toBe(422);
    const body = cityQuoteUnservedSchema.parse(res.json());
    expect(body.message).toBe('No limousine company serves Rockford, IL yet.');
    expect(body.nearbyCities.slice(0, 3)).toEqual([
      { city: 'Freeport', state: 'IL', label: 'Freeport, IL', companies: 1, distanceMiles: 27 },
      { city: 'Janesville', state: 'WI', label: 'Janesville, WI', companies: 1, distanceMiles: 29 },
      { city: 'DeKalb', state: 'IL', label: 'DeKalb, IL', companies: 2, distanceMiles: 29 },
    ]);
    expect(body.nearbyCities.length).toBeLessThanOrEqual(5);
    const distances = body.nearbyCities.map((c) => c.distanceMiles);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(body.nearbyCities.every((c) => c.companies > 0)).toBe(true);

    // A suggested city is served: resending there succeeds.
    expect((await postCityQuote(cityQuoteBody({ targetCity: 'Janesville, WI' }))).json()).toMatchObject({ companiesNotified: 1 });

    const requests = await ctx.store.collection<CityRequestDoc>('city_quote_requests');
    expect(await requests.count({ customerEmail: 'unserved@groom.example' })).toBe(0);
    expect(await (await quotes()).count({ customerEmail: 'unserved@groom.example' })).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo('unserved@groom.example')).toEqual([]);
    expect((await ctx.outbox()).slice(before).filter((m) => m.replyTo === 'unserved@groom.example')).toEqual([]);
    expect(
      published.filter((e) => e.type === 'city-quote.requested.v1' && JSON.stringify(e.data).includes('unserved@groom.example')),
    ).toEqual([]);
  });

  it('answers 422 for a city the gazetteer does not know, nearest served cities of its state first', async () => {
    const res = await postCityQuote(cityQuoteBody({ targetCity: 'Nowhere Special, ND', customerEmail: 'nowhere@groom.example' }));
    expect(res.statusCode).toBe(422);
    const body = cityQuoteUnservedSchema.parse(res.json());
    expect(body.message).toBe('No limousine company serves Nowhere Special, ND yet.');
    expect(body.nearbyCities.length).toBeGreaterThan(0);
    expect(body.nearbyCities.length).toBeLessThanOrEqual(5);
  });

  it('matches companies by city name even without coordinates, and by distance across a city line', async () => {
    const byName = await addCompany({ city: 'Elgin', state: 'IL', latitude: null, longitude: null, userId: 'elgin-owner' });
    // Schaumburg is about 10 miles from Elgin's centre: it serves Elgin too.
    const nearby = await addCompany({
      city: 'Schaumburg',
      state: 'IL',
      latitude: 42.0334,
      longitude: -88.0834,
      userId: 'schaumburg-owner',
    });
    const far = await addCompany({ city: 'Chicago', state: 'IL', ...CHICAGO, userId: 'chicago-owner' });
    const res = await postCityQuote(cityQuoteBody({ targetCity: 'elgin, il' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().companiesNotified).toBe(2);
    const stored = await waitFor(async () => {
      const list = await (await quotes()).find({ cityRequestId: res.json().id });
      return list.length === 2 && list;
    });
    expect(stored.map((q) => q.companyId).sort()).toEqual([byName.id, nearby.id].sort());
    expect(stored.map((q) => q.companyId)).not.toContain(far.id);
  });
});
