import { describe, expect, it } from 'vitest';
import type { AdminCompanyList } from '@limo/contracts';
import { call, sharedHarness, sharedUser, startDirectory } from '../../support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');

describe('POST /api/admin/populate-database', () => {
  it('adds 1,900 companies over the 19 cities, and none the second time', async () => {
    const first = await call(h, 'POST', '/api/admin/populate-database', admin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ companiesAdded: 1900, citiesProcessed: 19, totalCompanies: 1900 });
    const second = await call(h, 'POST', '/api/admin/populate-database', admin);
    expect(second.json()).toEqual({ companiesAdded: 0, citiesProcessed: 19, totalCompanies: 1900 });
    const states = (await call(h, 'GET', '/api/admin/companies-by-state', admin)).json();
    expect(states[0]).toEqual({ state: 'CA', count: 300 });
    expect(states.find((s: { state: string }) => s.state === 'FL')).toEqual({ state: 'FL', count: 200 });
    expect(states.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(1900);
    const list = (await call(h, 'GET', '/api/admin/companies?search=miami&limit=200', admin)).json<AdminCompanyList>();
    const miami = list.companies.filter((c) => c.city === 'Miami');
    expect(miami).toHaveLength(100);
    expect(new Set(miami.map((c) => c.name)).size).toBe(100);
    expect(miami.every((c) => /^\(\d{3}\) 555-\d{4}$/.test(c.phone ?? ''))).toBe(true);
  });
});
