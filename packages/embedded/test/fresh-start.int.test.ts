import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricValue, reconciliationRuns } from '@limo/platform';
import { startThrowaway, type ThrowawaySystem } from '../src/index.js';
import { ApiClient } from '@limo/platform/testing';

const tripDate = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
const customer = {
  customerName: 'Fresh Start',
  customerEmail: 'fresh.start@example.com',
  customerPhone: '(305) 555-0199',
  serviceType: 'Wedding',
  pickupLocation: '1 Ocean Dr, Miami, FL',
  tripDate: tripDate(),
  tripTime: '4:15 PM',
  passengerCount: '5-8',
};

let system: ThrowawaySystem;

beforeAll(async () => {
  system = await startThrowaway({ SEED_DEMO_DATA: 'true', QUOTE_RATE_LIMIT_PER_HOUR: '100000', CITY_QUOTE_RATE_LIMIT_PER_HOUR: '1000' });
}, 60_000);
afterAll(async () => {
  await system?.close();
});

// Issue 13, defect 1: on a fresh start the quotes read-model missed the companies seeded before its
// consumer group subscribed (a quote to one answered 404 "Company not found").
describe('a fresh embedded start with the demo data', () => {
  it('lets every seeded company receive a quote', async () => {
    const api = new ApiClient(system.url);
    const ids: string[] = [];
    for (let page = 1; page <= 19; page++) {
      const res = await api.call('GET', `/api/all-companies?page=${page}&limit=100`);
      const { items } = res.json as unknown as { items: Array<{ id: string }> };
      ids.push(...items.map((c) => c.id));
    }
    expect(new Set(ids).size).toBe(1900);
    const failed: string[] = [];
    const queue = [...ids];
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let id = queue.shift(); id; id = queue.shift()) {
          const res = await api.call('POST', '/api/quote-requests', { companyId: id, ...customer });
          if (res.status !== 201) failed.push(`${id}: ${res.status} ${res.text}`);
        }
      }),
    );
    expect(failed).toEqual([]);
  }, 120_000);

  it('notifies the 5 best-matched of the companies the directory lists within 25 miles for a city quote, and none where it lists none', async () => {
    const api = new ApiClient(system.url);
    const cityQuote = async (city: string) => {
      const listed = await api.call('GET', `/api/companies?location=${encodeURIComponent(city)}&radius=25&limit=1`);
      const preview = await api.call('GET', `/api/city-quote-requests/preview?targetCity=${encodeURIComponent(city)}`);
      const quote = await api.call('POST', '/api/city-quote-requests', {
        ...customer,
        targetCity: city,
        dropoffLocation: 'Airport',
        passengerCount: '5-6',
        vehicleType: 'Sedan',
        tripTime: '4:30 PM',
      });
      return { listed: Number(listed.headers.get('x-total-count')), serving: preview.json.companiesServing as number, quote };
    };
    const miami = await cityQuote('Miami, FL');
    expect(miami.quote.status, miami.quote.text).toBe(201);
    expect(miami.listed).toBeGreaterThan(0);
    // Quotes serves the city from its own read-model: the same companies as the directory's search.
    expect(miami.serving).toBe(miami.listed);
    expect(miami.listed).toBeGreaterThan(5);
    expect(miami.quote.json.companiesNotified).toBe(5);
    expect(miami.quote.json.companies).toHaveLength(5);
    // No demo company is in Chicago: refused, with the served cities to pick instead.
    const chicago = await cityQuote('Chicago, IL');
    expect(chicago.listed).toBe(0);
    expect(chicago.quote.status, chicago.quote.text).toBe(422);
    expect(chicago.quote.json, chicago.quote.text).toMatchObject({
      message: 'No limousine company serves Chicago, IL yet.',
      nearbyCities: expect.arrayContaining([expect.objectContaining({ label: expect.any(String), companies: expect.any(Number) })]),
    });
  });

  it('runs the start-up reconciliation of the quotes read-model', async () => {
    const runs = () => metricValue(reconciliationRuns, { read_model: 'quotes.companies' });
    for (const deadline = Date.now() + 30_000; (await runs()) === 0 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 100));
    expect(await runs()).toBeGreaterThan(0);
  }, 40_000);
});
