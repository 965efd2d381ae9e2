import { describe, expect, it } from 'vitest';
import type { QuoteDoc } from '../../../src/domain/quote.js';
import { alice, aliceQuotes, bob, store, useOwnerQuotes, useQuotesSystem } from '../../gateway-support.js';

useQuotesSystem();

describe('owner quote management through the gateway: PUT and DELETE /api/quote-requests/{id}', () => {
  useOwnerQuotes();

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
});
