import { describe, expect, it } from 'vitest';
import { call, sharedHarness, startDirectory } from '../../support.js';

const h = sharedHarness(() => startDirectory());

describe('GET /api/geo/cities', () => {
  it('suggests "City, ST" for the location box', async () => {
    const res = await call(h, 'GET', '/api/geo/cities?q=mia');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { label: string }) => c.label)).toContain('Miami, FL');
  });

  it('answers 400 without q', async () => {
    const res = await call(h, 'GET', '/api/geo/cities');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Type part of a city name');
  });
});
