import { beforeAll, describe, expect, it } from 'vitest';
import { earliestTripDate } from '@limo/contracts';
import type { QuoteDoc } from '../../src/domain/quote.js';
import { quoteBody } from '../fixtures.js';
import { addCompany, errorOf, long, store, threeYearsAhead, useQuotesSystem, visitor, withFields, yesterday } from '../gateway-support.js';

useQuotesSystem();

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
