import { describe, expect, it } from 'vitest';
import {
  alice,
  aliceQuotes,
  aliceFirst,
  bob,
  bobQuote,
  idsOf,
  ownerListOf,
  registered,
  useOwnerQuotes,
  useQuotesSystem,
  visitor,
} from '../gateway-support.js';

useQuotesSystem();

describe('owner quote management through the gateway: GET /api/quote-requests', () => {
  useOwnerQuotes();

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
