import { expect } from 'vitest';
import type { OutboxEntry } from '@limo/platform';
import { ApiClient } from '@limo/platform/testing';

const tripDate = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * Across services through the gateway: a business owner lists a company (directory), a visitor
 * finds it by city search (the index is fed by company events), reviews it, and sends it a quote
 * (quotes learns the company from the same events); the company's mail lands in the outbox, and the
 * owner sees the quote on the dashboard list.
 */
export async function listingQuoteJourney(baseUrl: string, outbox: () => Promise<OutboxEntry[]>) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const owner = new ApiClient(baseUrl);
  expect(
    (
      await owner.call('POST', '/api/register', {
        username: `fleet-${suffix}`,
        email: `fleet-${suffix}@example.com`,
        password: 'fleet-pass',
      })
    ).status,
  ).toBe(201);
  const name = `Journey Limousines ${suffix}`;
  const created = await owner.call('POST', '/api/companies', {
    name,
    description: 'Stretch limousines for weddings in Rockford',
    phone: '(815) 555-0142',
    email: `dispatch-${suffix}@example.com`,
    fullAddress: '100 N Main St, Rockford, IL 61101',
    address: '100 N Main St',
    city: 'Rockford',
    state: 'IL',
    zipCode: '61101',
    latitude: 42.2711,
    longitude: -89.094,
    services: ['Wedding'],
    vehicleTypes: ['Stretch Limousine'],
    priceRange: '$$',
    hourlyRateStart: 95,
  });
  expect(created.status).toBe(201);
  const companyId = String(created.json.id);

  const visitor = new ApiClient(baseUrl);
  const found = await eventually('the new company in the Rockford search', async () => {
    const res = await visitor.call(
      'GET',
      `/api/companies?location=${encodeURIComponent('Rockford, IL')}&distance=25&serviceType=Wedding&page=1&limit=15`,
    );
    expect(res.status).toBe(200);
    return res.json.find((c) => c.id === companyId) ? res : undefined;
  });
  expect(Number(found.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);

  const review = await visitor.call('POST', '/api/reviews', {
    companyId,
    rating: 5,
    reviewerName: 'Journey Rider',
    comment: 'On time and spotless',
  });
  expect(review.status).toBe(201);
  const page = await visitor.call('GET', `/api/companies/${companyId}`);
  expect(page.json).toMatchObject({ name, reviewCount: 0 });

  const quote = await eventually('quotes to accept the new company', async () => {
    const res = await visitor.call('POST', '/api/quote-requests', {
      companyId,
      customerName: 'Journey Rider',
      customerEmail: `rider-${suffix}@example.com`,
      customerPhone: '(815) 555-0199',
      serviceType: 'Wedding',
      pickupLocation: '1 Church St, Rockford, IL',
      tripDate: tripDate(),
      tripTime: '4:15 PM',
      passengerCount: '5-8',
    });
    return res.status === 404 ? undefined : res;
  });
  expect(quote.status).toBe(201);

  await eventually('the quote mail to the company', async () => (await outbox()).find((m) => m.to === `dispatch-${suffix}@example.com`));
  await eventually('the confirmation to the customer', async () => (await outbox()).find((m) => m.to === `rider-${suffix}@example.com`));
  const dashboard = await owner.call('GET', '/api/quote-requests');
  expect(dashboard.status).toBe(200);
  expect(dashboard.json.map((q) => q.customerName)).toEqual(['Journey Rider']);
}
