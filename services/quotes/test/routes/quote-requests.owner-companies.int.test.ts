import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { nextIp, sessionCookie, sharedHarness, startTestService, waitFor, type TestContext } from '@limo/platform/testing';
import { createQuotesService } from '../../src/app.js';
import type { CompanyContactDoc } from '../../src/domain/company-contact.js';
import { companyEvent, companySnapshot, quoteBody } from '../fixtures.js';

// The owner's quote routes follow the dashboard's company switcher (`companyId`), not only the first company.
const h = sharedHarness(() => startTestService((context) => createQuotesService(context)));
let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  ({ ctx, app } = h);
});

async function addCompany(overrides: Parameters<typeof companySnapshot>[0]) {
  const snapshot = companySnapshot(overrides);
  await ctx.bus.publish([companyEvent('company.created.v1', snapshot)]);
  const companies = await ctx.store.collection<CompanyContactDoc>('companies');
  await waitFor(async () => (await companies.findOne({ _id: snapshot.id })) ?? undefined, 5000, `company ${snapshot.id}`);
  return snapshot;
}

const ownerId = 'owner-two-companies';

describe("the owner's quotes of the company picked in the dashboard", () => {
  it('lists, counts, marks and deletes the quotes of the second company with companyId; another owner gets 404', async () => {
    const first = await addCompany({ userId: ownerId, createdAt: '2024-01-01T00:00:00.000Z' });
    const second = await addCompany({ userId: ownerId, createdAt: '2025-01-01T00:00:00.000Z' });
    const stranger = await addCompany({ userId: 'someone-else' });
    const post = async (companyId: string) =>
      (await app.inject({ method: 'POST', url: '/api/quote-requests', payload: quoteBody(companyId), remoteAddress: nextIp() })).json<{
        id: string;
      }>().id;
    await post(first.id);
    const toSecond = [await post(second.id), await post(second.id)];
    const headers = {
      cookie: sessionCookie(ctx.config.JWT_SECRET, { id: ownerId, role: 'business', username: 'two', email: 'two@owner.example' }),
    };
    const get = (url: string) => app.inject({ method: 'GET', url, headers });

    const list = await get(`/api/quote-requests?page=1&companyId=${second.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json<Array<{ id: string }>>().map((q) => q.id)).toEqual([...toSecond].reverse());
    expect(list.headers['x-total-count']).toBe('2');
    expect((await get(`/api/quote-requests/summary?companyId=${second.id}`)).json()).toMatchObject({ companyId: second.id, total: 2 });
    // Without companyId: the first company, as before.
    expect((await get('/api/quote-requests/summary')).json()).toMatchObject({ companyId: first.id, total: 1 });

    const contacted = await app.inject({
      method: 'PUT',
      url: `/api/quote-requests/${toSecond[0]}`,
      headers,
      payload: { status: 'contacted' },
    });
    expect(contacted.statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/quote-requests/${toSecond[1]}`, headers })).statusCode).toBe(200);

    expect((await get(`/api/quote-requests?companyId=${stranger.id}`)).statusCode).toBe(404);
    expect((await get(`/api/quote-requests/summary?companyId=${stranger.id}`)).statusCode).toBe(404);
    const strangersQuote = await post(stranger.id);
    const foreign = await app.inject({
      method: 'PUT',
      url: `/api/quote-requests/${strangersQuote}`,
      headers,
      payload: { status: 'contacted' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
