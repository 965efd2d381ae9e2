import { describe, expect, it } from 'vitest';
import { GeoLocator, UNKNOWN_PLACE } from '../src/domain/geo.js';

describe('IP to place (offline DB-IP database)', () => {
  it('places public addresses, US states by their code, and nobody for loopback and private ones', async () => {
    const geo = await GeoLocator.create(true);
    expect(await geo.locate('8.8.8.8')).toEqual({ country: 'US', state: 'CA', city: 'Mountain View' });
    expect(await geo.locate('::ffff:8.8.8.8')).toMatchObject({ country: 'US' });
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.1', '::1', 'not-an-ip']) expect(await geo.locate(ip)).toEqual(UNKNOWN_PLACE);
    expect((await geo.locate('2001:4860:4860::8888')).country).toMatch(/^[A-Z]{2}$/);
  });
  it('places nobody when switched off', async () => {
    expect(await (await GeoLocator.create(false)).locate('8.8.8.8')).toEqual(UNKNOWN_PLACE);
  });
});
