import { describe, expect, it } from 'vitest';
import { call, sharedHarness, startDirectory } from '../support.js';

const h = sharedHarness(() => startDirectory());

describe('GET /openapi.json', () => {
  it('describes every directory route', async () => {
    const res = await call(h, 'GET', '/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/companies',
        '/api/companies/{id}',
        '/api/upload-image',
        '/api/admin/companies',
        '/api/admin/change-requests',
      ]),
    );
  });
});
