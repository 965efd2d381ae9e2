import { beforeAll, describe, expect, it } from 'vitest';
import { type CompanySnapshot } from '@limo/contracts';
import { ApiClient } from '@limo/platform/testing';
import { quoteBody } from '../../fixtures.js';
import { addCompany, admin, adminListOf, idsOf, system, useQuotesSystem, visitor } from '../../gateway-support.js';

useQuotesSystem();

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
