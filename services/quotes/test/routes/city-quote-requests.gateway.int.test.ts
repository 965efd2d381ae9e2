import { beforeAll, describe, expect, it } from 'vitest';
import { CITY_FORMAT_MESSAGE, cityQuoteUnservedSchema, type CompanySnapshot } from '@limo/contracts';
import { waitFor } from '@limo/platform/testing';
import type { CityRequestDoc } from '../../src/domain/city-request.js';
import type { QuoteDoc } from '../../src/domain/quote.js';
import { CHICAGO, cityQuoteBody, companySnapshot, LOVES_PARK, ROCKFORD } from '../fixtures.js';
import { addCompanies, addCompany, long, outbox, store, useQuotesSystem, visitor, withFields, yesterday } from '../gateway-support.js';

useQuotesSystem();
// A company in Springfield (the fixtures' default city): the nearest served city a 422 offers.
beforeAll(async () => {
  await addCompany();
});

describe('POST /api/city-quote-requests through the gateway', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['no city', { targetCity: undefined }, 'City of service is required'],
    ['a blank city', { targetCity: '  ' }, 'City of service is required'],
    ['a city without a comma', { targetCity: 'Rockford IL' }, CITY_FORMAT_MESSAGE],
    ['a city with two commas', { targetCity: 'Rockford, IL, USA' }, CITY_FORMAT_MESSAGE],
    ['one character after the comma', { targetCity: 'Rockford, I' }, CITY_FORMAT_MESSAGE],
    ['one character after the comma once trimmed', { targetCity: 'Rockford,  I  ' }, CITY_FORMAT_MESSAGE],
    ['no name', { customerName: undefined }, 'Name is required'],
    ['a blank name', { customerName: '   ' }, 'Name is required'],
    ['no e-mail', { customerEmail: undefined }, 'Valid email is required'],
    ['a malformed e-mail', { customerEmail: 'sam@groom' }, 'Valid email is required'],
    ['no phone', { customerPhone: undefined }, 'Phone number is required'],
    ['a short phone', { customerPhone: '555-0100' }, 'Phone number is required'],
    ['no service type', { serviceType: undefined }, 'Service type is required'],
    ["the per-company form's service type", { serviceType: 'To Airport' }, 'Service type is required'],
    ['no pickup location', { pickupLocation: undefined }, 'Pickup location is required'],
    ['no dropoff location', { dropoffLocation: undefined }, 'Dropoff location is required'],
    ['a blank dropoff location', { dropoffLocation: ' ' }, 'Dropoff location is required'],
    ['no trip date', { tripDate: undefined }, 'Trip date is required'],
    ['yesterday', { tripDate: yesterday }, 'Trip date cannot be in the past'],
    ['no trip time', { tripTime: undefined }, 'Trip time is required'],
    ['a time off the 30-minute steps', { tripTime: '4:15 PM' }, 'Please choose a trip time in 30-minute steps, e.g. 1:30 PM'],
    ['no passenger count', { passengerCount: undefined }, 'Passenger count is required'],
    ["the per-company form's bucket", { passengerCount: '21+' }, 'Passenger count is required'],
    ['no vehicle type', { vehicleType: undefined }, 'Vehicle type is required'],
    ['an unknown vehicle type', { vehicleType: 'Hummer' }, 'Vehicle type is required'],
    ['2001 characters of special requests', { specialRequests: long(2001) }, 'Special requests must be at most 2000 characters'],
  ])('answers 400 for %s', async (_case, overrides, message) => {
    const res = await visitor.call('POST', '/api/city-quote-requests', withFields(cityQuoteBody(), overrides));
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
  });

  it('sends a request in a city of 100 to the 5 best-matched only: owners get it, unclaimed listings an invitation, nobody 70 miles away', async () => {
    // Before issue 21 every one of these 100 companies got the customer's details; now 5 are contacted.
    const rockford = Array.from({ length: 99 }, (_, i) =>
      // Spread over a few miles around the centre, some listed under a suburb's name.
      companySnapshot({
        name: `Rockford Limo ${String(i).padStart(3, '0')}`,
        city: i % 10 === 0 ? 'Loves Park' : 'Rockford',
        zipCode: '61101',
        latitude: (i % 10 === 0 ? LOVES_PARK : ROCKFORD).latitude + (i % 7) * 0.003,
        longitude: (i % 10 === 0 ? LOVES_PARK : ROCKFORD).longitude - (i % 5) * 0.003,
        businessEmail: i % 2 === 0 ? `dispatch${i}@rockford-limo.example` : null,
        email: `info${i}@rockford-limo.example`,
        services: ['airport-transfer'],
        vehicleTypes: ['sedan'],
      }),
    );
    // Listed under the city's name without coordinates: still serving it.
    rockford.push(
      companySnapshot({
        name: 'Rockford Limo 099',
        city: 'Rockford',
        latitude: null,
        longitude: null,
        email: 'info99@rockford-limo.example',
      }),
    );
    // The request asks for a wedding in a stretch limousine. Owners first (the verified one first),
    // each kind by its match; then the unclaimed listings that match best.
    const set = (i: number, fields: Partial<CompanySnapshot>) => (rockford[i] = { ...rockford[i], ...fields });
    const verified = set(42, { userId: 'owner-42', verifiedOwner: true });
    const ownerMatching = set(7, { userId: 'owner-7', services: ['wedding'], vehicleTypes: ['stretch-limo'] });
    const ownerPlain = set(8, { userId: 'owner-8' });
    const unclaimedMatching = set(61, { services: ['wedding'], vehicleTypes: ['stretch-limo'], rating: 4.9, reviewCount: 30 });
    const unclaimedVehicle = set(62, { vehicleTypes: ['stretch-limo'] });
    const chosen = [verified, ownerMatching, ownerPlain, unclaimedMatching, unclaimedVehicle];
    const chicago = Array.from({ length: 5 }, (_, i) =>
      companySnapshot({ name: `Chicago Limo ${i}`, city: 'Chicago', ...CHICAGO, email: `c${i}@chicago-limo.example`, userId: `chi-${i}` }),
    );
    await addCompanies([...rockford, ...chicago]);

    const preview = await visitor.call(
      'GET',
      `/api/city-quote-requests/preview?targetCity=${encodeURIComponent('Rockford, IL')}&serviceType=Wedding&vehicleType=${encodeURIComponent('Stretch Limousine')}`,
    );
    expect(preview.status).toBe(200);
    expect(preview.json).toEqual({
      city: 'Rockford, IL',
      companiesNotified: 5,
      companiesServing: 100,
      verifiedOwners: 1,
      owners: 2,
      unclaimed: 2,
      maxCompanies: 5,
    });
    const bad = await visitor.call('GET', '/api/city-quote-requests/preview?targetCity=Rockford');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(CITY_FORMAT_MESSAGE);

    const res = await visitor.call(
      'POST',
      '/api/city-quote-requests',
      cityQuoteBody({ targetCity: 'Rockford, IL', customerEmail: 'city100@groom.example' }),
    );
    expect(res.status).toBe(201);
    expect(res.json.companiesNotified).toBe(5);
    expect(res.json.companies).toEqual(chosen.map((c) => ({ id: c.id, name: c.name })));
    const requestId = res.json.id as string;

    // The owners' quotes carry the customer's details, mailed and on their dashboards.
    const quotes = await store().collection<QuoteDoc>('quote_requests');
    const stored = await waitFor(async () => {
      const list = await quotes.find({ cityRequestId: requestId });
      return list.length === 3 && list;
    });
    expect(new Set(stored.map((q) => q.companyId))).toEqual(new Set([verified.id, ownerMatching.id, ownerPlain.id]));
    expect(stored.every((q) => q.status === 'pending' && q.source === 'city' && q.tripTime === '4:30 PM')).toBe(true);
    const mails = await waitFor(async () => {
      const list = (await outbox()).filter((m) => m.tag === 'city-quote-to-company' && m.replyTo === 'city100@groom.example');
      return list.length >= 3 && list;
    });
    expect(new Set(mails.map((m) => m.to))).toEqual(new Set([verified, ownerMatching, ownerPlain].map((c) => c.businessEmail ?? c.email)));
    expect(mails[0].text).toContain('5 companies serving Rockford, IL');

    // The unclaimed two are invited to claim their listing, without the customer's details.
    const invitations = await waitFor(async () => {
      const list = (await outbox()).filter((m) => m.tag === 'city-quote-claim-invitation' && m.text.includes('Rockford, IL'));
      return list.length >= 2 && list;
    });
    expect(new Set(invitations.map((m) => m.to))).toEqual(
      new Set([unclaimedMatching, unclaimedVehicle].map((c) => c.businessEmail ?? c.email)),
    );
    for (const invitation of invitations) {
      const company = [unclaimedMatching, unclaimedVehicle].find((c) => (c.businessEmail ?? c.email) === invitation.to)!;
      expect(invitation.text).toContain(`/claim-business?companyId=${company.id}`);
      for (const secret of ['Sam Groom', 'city100@groom.example', '815-555-0123', '1 Church St', 'Champagne'])
        expect(invitation.text + invitation.html).not.toContain(secret);
      expect(invitation.replyTo).toBeUndefined();
    }

    // Nobody else heard of it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const reached = new Set(chosen.map((c) => c.businessEmail ?? c.email));
    const others = (await outbox()).filter(
      (m) => (m.replyTo === 'city100@groom.example' || m.tag === 'city-quote-claim-invitation') && !reached.has(m.to),
    );
    expect(others).toEqual([]);

    // The customer's confirmation names the five.
    const confirmation = await waitFor(async () => (await outbox()).find((m) => m.to === 'city100@groom.example'));
    expect(confirmation.tag).toBe('city-quote-confirmation');
    expect(confirmation.text).toContain('sent to 5 limousine companies in Rockford, IL');
    for (const c of chosen) expect(confirmation.text).toContain(c.name);
    expect(confirmation.text).toContain(`${unclaimedMatching.name} (invited to claim its listing first)`);
    await waitFor(async () => (await quotes.count({ cityRequestId: requestId, delivery: 'delivered' })) === 3, 20_000, 'delivered marks');
  });

  it('answers 422 for a city nobody serves, offering the nearest served cities, and records and sends nothing', async () => {
    const res = await visitor.call(
      'POST',
      '/api/city-quote-requests',
      cityQuoteBody({ targetCity: 'Peoria, IL', customerEmail: 'peoria@groom.example' }),
    );
    expect(res.status).toBe(422);
    const answer = cityQuoteUnservedSchema.parse(res.json);
    expect(answer.message).toBe('No limousine company serves Peoria, IL yet.');
    // Springfield (this file's default company) is 62 miles away, then Rockford's 100 at 112 miles.
    expect(answer.nearbyCities.slice(0, 2)).toEqual([
      { city: 'Springfield', state: 'IL', label: 'Springfield, IL', companies: expect.any(Number), distanceMiles: 62 },
      { city: 'Rockford', state: 'IL', label: 'Rockford, IL', companies: 100, distanceMiles: 112 },
    ]);
    expect(answer.nearbyCities.map((c) => c.label)).toContain('Chicago, IL');

    // A town the gazetteer does not know, in no known state: nothing to offer, still nothing stored.
    const unknown = await visitor.call(
      'POST',
      '/api/city-quote-requests',
      cityQuoteBody({ targetCity: 'Atlantis, ZZ', customerEmail: 'atlantis@groom.example' }),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.json).toEqual({ message: 'No limousine company serves Atlantis, ZZ yet.', nearbyCities: [] });

    const requests = await store().collection<CityRequestDoc>('city_quote_requests');
    expect(await requests.count({ customerEmail: { $in: ['peoria@groom.example', 'atlantis@groom.example'] } })).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await outbox()).filter((m) => m.to === 'peoria@groom.example' || m.to === 'atlantis@groom.example')).toEqual([]);
  });
});
