import { describe, expect, it } from 'vitest';
import { call, sharedHarness, startDirectory } from '../../support.js';

const h = sharedHarness(() => startDirectory());

describe('GET /api/geo/reverse', () => {
  it('names the city at a position, offline', async () => {
    const res = await call(h, 'GET', '/api/geo/reverse?latitude=25.7743&longitude=-80.1937');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Miami', state: 'FL', label: 'Miami, FL' });
  });

  it('answers 404 far from any town and 400 for a position off the globe', async () => {
    const sea = await call(h, 'GET', '/api/geo/reverse?latitude=30&longitude=-40');
    expect(sea.statusCode).toBe(404);
    expect(sea.json().message).toBe('Unable to determine your city from location');
    const bad = await call(h, 'GET', '/api/geo/reverse?latitude=95&longitude=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Latitude must be between -90 and 90');
  });
});
