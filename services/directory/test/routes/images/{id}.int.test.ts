import { describe, expect, it } from 'vitest';
import { call, sharedHarness, startDirectory } from '../../support.js';

const h = sharedHarness(() => startDirectory());

describe('GET /api/images/{id}', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    expect((await call(h, 'GET', '/api/images/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(h, 'GET', '/api/images/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });
});
