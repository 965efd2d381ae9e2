import { describe, expect, it } from 'vitest';
import { call, sharedHarness, startDirectory, userOf } from './support.js';

const h = sharedHarness(() => startDirectory());

/** Every admin route of this service, with a valid-looking request. */
const ADMIN_ROUTES: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: Record<string, unknown>]> = [
  ['GET', '/api/admin/companies'],
  ['POST', '/api/admin/companies', { name: 'X' }],
  ['PUT', '/api/admin/companies/some-id', { name: 'X' }],
  ['PUT', '/api/admin/companies/some-id/suspend'],
  ['PUT', '/api/admin/companies/some-id/unsuspend'],
  ['DELETE', '/api/admin/companies/some-id'],
  ['GET', '/api/admin/export-companies'],
  ['GET', '/api/admin/companies-by-state'],
  ['GET', '/api/admin/pending-reviews'],
  ['GET', '/api/admin/all-reviews'],
  ['POST', '/api/admin/reviews/some-id/approve'],
  ['POST', '/api/admin/reviews/some-id/reject'],
  ['DELETE', '/api/admin/reviews/some-id'],
  ['GET', '/api/admin/change-requests'],
  ['POST', '/api/admin/change-requests/some-id/approve'],
  ['POST', '/api/admin/change-requests/some-id/reject'],
  ['POST', '/api/admin/populate-database'],
  ['POST', '/api/admin/audit-verification'],
];

describe('every /api/admin/* route', () => {
  it.each(ADMIN_ROUTES)('%s %s answers 403 to business and user accounts, 401 signed out', async (method, url, body) => {
    for (const role of ['business', 'user'] as const) {
      const res = await call(h, method, url, userOf(h, role), body);
      expect(res.statusCode).toBe(403);
    }
    expect((await call(h, method, url, undefined, body)).statusCode).toBe(401);
  });
});
