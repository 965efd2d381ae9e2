import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CITY_FORMAT_MESSAGE,
  cityQuoteUnservedSchema,
  earliestTripDate,
  type AdminQuoteList,
  type CompanySnapshot,
  type ErrorResponse,
  type OwnerQuoteList,
} from '@limo/contracts';
import { startThrowaway, type ThrowawaySystem } from '@limo/embedded';
import { ApiClient, waitFor } from '@limo/platform/testing';
import type { CityRequestDoc } from '../src/domain/city-request.js';
import type { CompanyContactDoc } from '../src/domain/company-contact.js';
import type { QuoteDoc } from '../src/domain/quote.js';
import { CHICAGO, cityQuoteBody, companyEvent, companySnapshot, LOVES_PARK, quoteBody, ROCKFORD, tripDateIn } from './fixtures.js';

// The whole embedded system (every service behind the gateway, one process, a temp DATA_DIR), driven
// over HTTP as the web app drives it. Companies arrive as directory's events would: published fixtures.

const admin = { email: 'quotes-admin@example.com', password: 'admin-pass-123' };
let system: ThrowawaySystem;
let visitor: ApiClient;

beforeAll(async () => {
  system = await startThrowaway({
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // Every request of this file comes from 127.0.0.1; the per-IP limits have their own service test.
    QUOTE_RATE_LIMIT_PER_HOUR: '100000',
    CITY_QUOTE_RATE_LIMIT_PER_HOUR: '100000',
  });
  visitor = new ApiClient(system.url);
}, 60_000);
afterAll(async () => {
  await system?.close();
});

const store = () => system.services.quotes.store;
const outbox = () => system.outbox();

/** Publishes company.created.v1 fixtures and waits until quotes' read-model holds them all. */
async function addCompanies(snapshots: CompanySnapshot[]): Promise<CompanySnapshot[]> {
  await system.shared.bus.publish(snapshots.map((s) => companyEvent('company.created.v1', s)));
  const companies = await store().collection<CompanyContactDoc>('companies');
  await waitFor(
    async () => (await companies.count({ _id: { $in: snapshots.map((s) => s.id) } })) === snapshots.length,
    10_000,
    'companies in the read-model',
  );
  return snapshots;
}
const addCompany = async (overrides: Partial<CompanySnapshot> = {}) => (await addCompanies([companySnapshot(overrides)]))[0];

/** The body with `overrides` applied; an override of `undefined` removes the field. */
function withFields(body: Record<string, unknown>, overrides: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body, ...overrides };
  for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete out[key];
  return out;
}

/** Typed views of an answer's JSON body. */
const errorOf = (res: { json: unknown }) => res.json as ErrorResponse;
const ownerListOf = (res: { json: unknown }) => res.json as OwnerQuoteList;
const adminListOf = (res: { json: unknown }) => res.json as AdminQuoteList;
const idsOf = (list: unknown) => (list as Array<{ id: string }>).map((q) => q.id);

const yesterday = tripDateIn(-1);
const threeYearsAhead = tripDateIn(3 * 366);
const long = (n: number) => 'x'.repeat(n);

describe('POST /api/quote-requests through the gateway', () => {
  let companyId: string;
  beforeAll(async () => {
    companyId = (await addCompany()).id;
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no name', { customerName: undefined }, 'Name must be at least 2 characters'],
    ['a one-letter name', { customerName: 'J' }, 'Name must be at least 2 characters'],
    ['a name of spaces around one letter', { customerName: '  J  ' }, 'Name must be at least 2 characters'],
    ['a name that is a number', { customerName: 42 }, 'Name must be at least 2 characters'],
    ['a 101-character name', { customerName: long(101) }, 'Name must be at most 100 characters'],
    ['no e-mail', { customerEmail: undefined }, 'Please enter a valid email address'],
    ['a malformed e-mail', { customerEmail: 'jane@' }, 'Please enter a valid email address'],
    ['no phone', { customerPhone: undefined }, 'Please enter a valid phone number'],
    ['a 9-character phone', { customerPhone: '555-01234' }, 'Please enter a valid phone number'],
    ['a phone of 10 characters but 6 digits', { customerPhone: '(815) 55-0' }, 'Please enter a valid phone number'],
    ['a phone that is words', { customerPhone: 'call me maybe' }, 'Please enter a valid phone number'],
    ['no service type', { serviceType: undefined }, 'Please select a service type'],
    ['an unknown service type', { serviceType: 'Airport Transfer' }, 'Please select a service type'],
    ['no pickup location', { pickupLocation: undefined }, 'Please enter pickup location'],
    ['a blank pickup location', { pickupLocation: '   ' }, 'Please enter pickup location'],
    ['a 301-character pickup location', { pickupLocation: long(301) }, 'Location must be at most 300 characters'],
    ['To Airport without dropoff', { serviceType: 'To Airport', dropoffLocation: undefined }, 'Please enter dropoff location'],
    ['From Airport with a blank dropoff', { serviceType: 'From Airport', dropoffLocation: '  ' }, 'Please enter dropoff location'],
    [
      'Point-to-Point without dropoff',
      { serviceType: 'Point-to-Point (one-way)', dropoffLocation: undefined },
      'Please enter dropoff location',
    ],
    ['To Cruiseport without dropoff', { serviceType: 'To Cruiseport', dropoffLocation: null }, 'Please enter dropoff location'],
    ['From Cruiseport without dropoff', { serviceType: 'From Cruiseport', dropoffLocation: '' }, 'Please enter dropoff location'],
    ['no trip date', { tripDate: undefined }, 'Please select trip date'],
    ['a blank trip date', { tripDate: '' }, 'Please select trip date'],
    ['a US-style date', { tripDate: '06/14/2030' }, 'Please enter the trip date as YYYY-MM-DD'],
    ['a date that does not exist', { tripDate: '2031-02-30' }, 'Please enter the trip date as YYYY-MM-DD'],
    ['yesterday', { tripDate: yesterday }, 'Trip date cannot be in the past'],
    ['a date three years ahead', { tripDate: threeYearsAhead }, 'Trip date must be within the next 2 years'],
    ['no trip time', { tripTime: undefined }, 'Please select trip time'],
    ['a time off the 15-minute steps', { tripTime: '1:10 PM' }, 'Please choose a trip time in 15-minute steps, e.g. 1:30 PM'],
    ['an impossible time', { tripTime: '25:00' }, 'Please choose a trip time in 15-minute steps, e.g. 1:30 PM'],
    ['no passenger count', { passengerCount: undefined }, 'Please select number of passengers'],
    ['a passenger count outside the buckets', { passengerCount: '5' }, 'Please select number of passengers'],
    ["the city form's passenger range", { passengerCount: '20+' }, 'Please select number of passengers'],
    ['a 101-character vehicle type', { vehicleType: long(101) }, 'Vehicle type must be at most 100 characters'],
    ['2001 characters of special requests', { specialRequests: long(2001) }, 'Special requests must be at most 2000 characters'],
    ['no company', { companyId: undefined }, 'Please choose a company to send the quote request to'],
  ])('answers 400 for %s', async (_case, overrides, message) => {
    const res = await visitor.call('POST', '/api/quote-requests', withFields(quoteBody(companyId), overrides));
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
    expect(res.json.errors).toEqual(expect.arrayContaining([expect.objectContaining({ message })]));
  });

  it('lists every problem of a body at once', async () => {
    const res = await visitor.call('POST', '/api/quote-requests', { companyId, serviceType: 'To Airport' });
    expect(res.status).toBe(400);
    expect(errorOf(res).errors?.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        'Name must be at least 2 characters',
        'Please enter a valid email address',
        'Please enter a valid phone number',
        'Please enter pickup location',
        'Please select trip date',
        'Please select trip time',
        'Please select number of passengers',
        'Please enter dropoff location',
      ]),
    );
  });

  it('answers 400 for a body that is not JSON, never 500', async () => {
    const res = await visitor.call('POST', '/api/quote-requests', '{"companyId":', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Request body is not valid JSON');
  });

  it('accepts today (in the latest US time zone), no dropoff for an hourly ride, and a 24-hour time', async () => {
    const res = await visitor.call(
      'POST',
      '/api/quote-requests',
      withFields(quoteBody(companyId), {
        serviceType: 'Just Drive (hourly)',
        dropoffLocation: undefined,
        tripDate: earliestTripDate(),
        tripTime: '13:45',
        vehicleType: undefined,
      }),
    );
    expect(res.status).toBe(201);
    const quote = await (await store().collection<QuoteDoc>('quote_requests')).findOne({ _id: res.json.id as string });
    expect(quote).toMatchObject({ tripTime: '1:45 PM', dropoffLocation: null, vehicleType: null, status: 'pending' });
  });

  it('answers 404 for a company it does not know', async () => {
    const res = await visitor.call('POST', '/api/quote-requests', quoteBody('00000000-0000-0000-0000-000000000000'));
    expect(res.status).toBe(404);
    expect(res.json.message).toBe('Company not found');
  });
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

describe('owner quote management through the gateway', () => {
  const owner = () => new ApiClient(system.url);
  let alice: ApiClient;
  let bob: ApiClient;
  let aliceFirst: CompanySnapshot;
  let aliceSecond: CompanySnapshot;
  let bobs: CompanySnapshot;
  const aliceQuotes: string[] = [];
  let bobQuote: string;

  async function registered(name: string) {
    const client = owner();
    const res = await client.call('POST', '/api/register', {
      username: name,
      email: `${name}@owners.example`,
      password: 'secret-pass',
      role: 'business',
    });
    expect(res.status).toBe(201);
    return { client, id: res.json.id as string };
  }

  beforeAll(async () => {
    const a = await registered('alice-owner');
    const b = await registered('bob-owner');
    alice = a.client;
    bob = b.client;
    const earlier = new Date(Date.now() - 60_000).toISOString();
    aliceFirst = companySnapshot({ name: 'Alice First Limo', userId: a.id, createdAt: earlier });
    aliceSecond = companySnapshot({ name: 'Alice Second Limo', userId: a.id });
    bobs = companySnapshot({ name: 'Bob Limo', userId: b.id });
    // Alice's first listing is the older one, whatever order the events arrive in.
    await system.shared.bus.publish([
      companyEvent('company.created.v1', aliceSecond),
      companyEvent('company.created.v1', aliceFirst),
      companyEvent('company.created.v1', bobs),
    ]);
    const companies = await store().collection<CompanyContactDoc>('companies');
    await waitFor(async () => (await companies.count({ _id: { $in: [aliceFirst.id, aliceSecond.id, bobs.id] } })) === 3);
    for (let i = 0; i < 17; i++) {
      const res = await visitor.call('POST', '/api/quote-requests', quoteBody(aliceFirst.id, { customerName: `Alice Customer ${i}` }));
      aliceQuotes.push(res.json.id as string);
    }
    await visitor.call('POST', '/api/quote-requests', quoteBody(aliceSecond.id, { customerName: 'Second Company Customer' }));
    bobQuote = (await visitor.call('POST', '/api/quote-requests', quoteBody(bobs.id, { customerName: 'Bob Customer' }))).json.id as string;
  });

  it("lists only the owner's first company's quotes, newest first, 15 a page, with the total", async () => {
    const all = await alice.call('GET', '/api/quote-requests');
    expect(all.status).toBe(200);
    expect(all.headers.get('x-total-count')).toBe('17');
    expect(idsOf(all.json)).toEqual([...aliceQuotes].reverse());
    const page1 = await alice.call('GET', '/api/quote-requests?page=1');
    expect(idsOf(page1.json)).toEqual([...aliceQuotes].reverse().slice(0, 15));
    expect(page1.headers.get('x-total-count')).toBe('17');
    const page2 = await alice.call('GET', '/api/quote-requests?page=2');
    expect(idsOf(page2.json)).toEqual([...aliceQuotes].reverse().slice(15));
    const summary = await alice.call('GET', '/api/quote-requests/summary');
    expect(summary.json).toMatchObject({ total: 17, companyId: aliceFirst.id, companyName: 'Alice First Limo', responseTime: null });
    const bobsList = ownerListOf(await bob.call('GET', '/api/quote-requests'));
    expect(idsOf(bobsList)).toEqual([bobQuote]);
    expect(bobsList[0]).toMatchObject({
      customerName: 'Bob Customer',
      companyName: 'Bob Limo',
      status: 'pending',
      firstViewedAt: expect.any(String),
    });
    expect((await alice.call('GET', '/api/quote-requests?page=0')).json.message).toBe('Page must be a whole number of 1 or more');
  });

  it("answers 404 for another owner's quote, and only lets the owner mark contacted", async () => {
    expect((await bob.call('PUT', `/api/quote-requests/${aliceQuotes[0]}`, { status: 'contacted' })).status).toBe(404);
    expect((await bob.call('DELETE', `/api/quote-requests/${aliceQuotes[0]}`)).status).toBe(404);
    for (const status of ['completed', 'pending']) {
      const res = await alice.call('PUT', `/api/quote-requests/${aliceQuotes[0]}`, { status });
      expect(res.status).toBe(403);
      expect(res.json.message).toBe('You can only mark a quote request as contacted');
    }
    const bad = await alice.call('PUT', `/api/quote-requests/${aliceQuotes[0]}`, { status: 'done' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Status must be pending, contacted or completed');
    const contacted = await alice.call('PUT', `/api/quote-requests/${aliceQuotes[0]}`, { status: 'contacted' });
    expect(contacted.status).toBe(200);
    expect(contacted.json).toMatchObject({ id: aliceQuotes[0], status: 'contacted', contactedAt: expect.any(String) });
    const quotes = await store().collection<QuoteDoc>('quote_requests');
    expect(await quotes.findOne({ _id: aliceQuotes[0] })).toMatchObject({ status: 'contacted' });
    expect(await quotes.findOne({ _id: aliceQuotes[1] })).toMatchObject({ status: 'pending' });
  });

  it('deletes only its own quote', async () => {
    const res = await alice.call('DELETE', `/api/quote-requests/${aliceQuotes[16]}`);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Quote request deleted');
    expect((await alice.call('DELETE', `/api/quote-requests/${aliceQuotes[16]}`)).status).toBe(404);
    expect((await alice.call('GET', '/api/quote-requests')).headers.get('x-total-count')).toBe('16');
    expect((await bob.call('GET', '/api/quote-requests')).headers.get('x-total-count')).toBe('1');
  });

  it('refuses signed-out visitors, and says so to a user without a listing', async () => {
    expect((await visitor.call('GET', '/api/quote-requests')).status).toBe(401);
    expect((await visitor.call('PUT', `/api/quote-requests/${bobQuote}`, { status: 'contacted' })).status).toBe(401);
    expect((await visitor.call('DELETE', `/api/quote-requests/${bobQuote}`)).status).toBe(401);
    const { client } = await registered('carol-no-listing');
    const res = await client.call('GET', '/api/quote-requests');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
    const summary = await client.call('GET', '/api/quote-requests/summary');
    expect(summary.status).toBe(404);
    expect(summary.json.message).toBe('No business listing found for this account');
    expect((await client.call('PUT', `/api/quote-requests/${bobQuote}`, { status: 'contacted' })).status).toBe(404);
  });
});

describe('admin quote management through the gateway', () => {
  let adminClient: ApiClient;
  let company: CompanySnapshot;
  let quoteId: string;

  beforeAll(async () => {
    adminClient = new ApiClient(system.url);
    expect((await adminClient.call('POST', '/api/login', admin)).status).toBe(200);
    company = await addCompany({ name: 'Zebra Admin Limo' });
    quoteId = (
      await visitor.call(
        'POST',
        '/api/quote-requests',
        quoteBody(company.id, { customerEmail: 'findme@admin.example', pickupLocation: '742 Evergreen Terrace' }),
      )
    ).json.id as string;
    for (let i = 0; i < 3; i++)
      await visitor.call('POST', '/api/quote-requests', quoteBody(company.id, { customerName: `Zebra Extra ${i}` }));
  });

  it('sets any of the three statuses, and nothing else', async () => {
    for (const status of ['contacted', 'completed', 'pending', 'completed']) {
      const res = await adminClient.call('PUT', `/api/admin/quote-requests/${quoteId}`, { status });
      expect(res.status).toBe(200);
      expect(res.json.status).toBe(status);
    }
    const bad = await adminClient.call('PUT', `/api/admin/quote-requests/${quoteId}`, { status: 'archived' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Status must be pending, contacted or completed');
    expect((await adminClient.call('PUT', '/api/admin/quote-requests/no-such-quote', { status: 'pending' })).status).toBe(404);
  });

  it('lists by status and search with {quoteRequests, total, totalPages}', async () => {
    const completed = await adminClient.call('GET', '/api/admin/quote-requests?status=completed&limit=20&page=1');
    expect(completed.status).toBe(200);
    expect(idsOf(adminListOf(completed).quoteRequests)).toContain(quoteId);
    expect(adminListOf(completed).quoteRequests.every((q) => q.status === 'completed')).toBe(true);
    for (const search of ['FINDME@admin', 'evergreen terr', 'zebra admin']) {
      const res = await adminClient.call('GET', `/api/admin/quote-requests?search=${encodeURIComponent(search)}&status=all`);
      expect(idsOf(adminListOf(res).quoteRequests)).toContain(quoteId);
    }
    const byCompany = await adminClient.call('GET', `/api/admin/quote-requests?search=${encodeURIComponent('Zebra Admin Limo')}&limit=2`);
    expect(byCompany.json).toMatchObject({ total: 4, totalPages: 2, page: 1 });
    expect(adminListOf(byCompany).quoteRequests).toHaveLength(2);
    // Search text is matched literally, not as a pattern.
    expect((await adminClient.call('GET', `/api/admin/quote-requests?search=${encodeURIComponent('.*')}`)).json.total).toBe(0);
    const all = adminListOf(await adminClient.call('GET', '/api/admin/quote-requests'));
    expect(all.quoteRequests.length).toBeLessThanOrEqual(20);
    expect(all.totalPages).toBe(Math.ceil(all.total / 20));
  });

  it('refuses business users and visitors', async () => {
    const business = new ApiClient(system.url);
    await business.call('POST', '/api/register', { username: 'dave-owner', email: 'dave@owners.example', password: 'secret-pass' });
    expect((await business.call('GET', '/api/admin/quote-requests')).status).toBe(403);
    expect((await business.call('PUT', `/api/admin/quote-requests/${quoteId}`, { status: 'pending' })).status).toBe(403);
    expect((await visitor.call('GET', '/api/admin/quote-requests')).status).toBe(401);
    expect((await adminClient.call('GET', '/api/admin/quote-requests?status=archived')).status).toBe(400);
    expect((await adminClient.call('GET', '/api/admin/quote-requests?limit=500')).json.message).toBe(
      'Limit must be a whole number from 1 to 100',
    );
  });
});
