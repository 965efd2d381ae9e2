import { expect } from 'vitest';
import type { OutboxEntry } from '@limo/platform';
import { ApiClient } from '@limo/platform/testing';
import { companyBody, quoteBody } from '../security/actors.js';
import { eventually } from '../support/eventually.js';

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
    ...companyBody(suffix),
    name,
    description: 'Stretch limousines for weddings in Rockford',
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
      ...quoteBody(companyId),
      customerName: 'Journey Rider',
      customerEmail: `rider-${suffix}@example.com`,
      tripTime: '4:15 PM',
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
