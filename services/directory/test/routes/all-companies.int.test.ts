import { beforeAll, describe, expect, it } from 'vitest';
import { sharedHarness, sharedUser, waitFor } from '@limo/platform/testing';
import { adminCreate, call, startDirectory, userOf } from '../support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');

beforeAll(async () => {
  // The companies the claim search pages through (an owner's listing among them, as POST /api/companies makes it).
  await call(h, 'POST', '/api/companies', userOf(h, 'business'), {
    name: 'Sunset Limousine',
    fullAddress: '1200 Ocean Dr, Miami Beach, FL 33139',
    phone: '(305) 555-0199',
    email: 'hello@sunset-limo.example.com',
    website: 'sunset-limo.example.com',
    services: ['Wedding Transportation'],
    vehicleTypes: ['Stretch Limo'],
    priceRange: '$$$ Premium',
    hourlyRateStart: '125',
  });
  await adminCreate(h, admin, { name: 'Harbor Town Cars', city: 'Boston', state: 'MA' });
});

describe('GET /api/all-companies and /api/my-companies', () => {
  type ClaimPage = { items: Array<Record<string, unknown> & { name: string; city: string | null }>; total: number };
  const claimPage = async (query = '') => {
    const res = await call(h, 'GET', `/api/all-companies${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<ClaimPage>();
  };

  // Issue 22, defect 2: it answered every company in full (2.1 MB with the demo data), serialised on the
  // one event loop for each caller.
  it('answers one page of the companies by name, only the fields a claim card shows, with the total', async () => {
    const first = await claimPage();
    expect(first.items).toHaveLength(Math.min(12, first.total));
    expect(first.total).toBeGreaterThan(1);
    const names = first.items.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const item of first.items) {
      expect(Object.keys(item).sort()).toEqual([
        'city',
        'claimed',
        'email',
        'id',
        'name',
        'owned',
        'phone',
        'rating',
        'reviewCount',
        'state',
      ]);
    }
    const every = await claimPage('?limit=100');
    expect(every.items.map((c) => c.name)).toContain('Sunset Limousine');
    expect((await claimPage('?page=2&limit=1')).items[0]?.name).toBe(every.items[1]?.name);
  });

  it('searches name, city, state or e-mail case-insensitively, a page at a time, with the total', async () => {
    const all = (await claimPage('?limit=100')).items;
    const sunset = all.find((c) => c.name === 'Sunset Limousine')!;
    const byName = await claimPage('?search=sUnSeT%20lIMO');
    expect(byName.items.map((c) => c.name)).toContain('Sunset Limousine');
    expect(byName.total).toBe(byName.items.length);
    if (sunset.city) expect((await claimPage(`?search=${encodeURIComponent(sunset.city.toUpperCase())}`)).total).toBeGreaterThan(0);
    const paged = await claimPage('?page=1&limit=2');
    expect(paged.items).toHaveLength(Math.min(2, all.length));
    expect(paged.total).toBe(all.length);
    expect(await claimPage('?search=zzzz-no-such-company')).toEqual({ items: [], total: 0 });
    const tooMany = await call(h, 'GET', '/api/all-companies?limit=500');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Limit must be a whole number from 1 to 100');
  });

  it('answers 401 for /api/my-companies signed out, and an empty list for someone owning nothing', async () => {
    expect((await call(h, 'GET', '/api/my-companies')).statusCode).toBe(401);
    expect((await call(h, 'GET', '/api/my-companies', userOf(h, 'business'))).json()).toEqual([]);
  });

  it('shows the new company in all-companies at once (the cache is invalidated by the write)', async () => {
    await call(h, 'GET', '/api/all-companies?search=fresh');
    await adminCreate(h, admin, { name: 'Fresh Listing Limo' });
    await waitFor(
      async () =>
        (await call(h, 'GET', '/api/all-companies?search=fresh')).json<ClaimPage>().items.some((c) => c.name === 'Fresh Listing Limo'),
      2_000,
      'fresh listing',
    );
  });
});
