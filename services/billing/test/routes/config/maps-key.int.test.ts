import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_STYLE_URL } from '@limo/contracts';
import { call, startBilling } from '../../support.js';

// Issue 19: the browser reads its maps key and the key-less map's style at run time, never from the build.
describe('GET /api/config/maps-key', () => {
  it('serves the environment key and MAP_STYLE_URL to anyone', async () => {
    const h = await startBilling({ GOOGLE_MAPS_API_KEY: 'AIzaSyEnvMapsKey5678', MAP_STYLE_URL: 'http://127.0.0.1:9/style.json' });
    try {
      const res = await call(h, 'GET', '/api/config/maps-key');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ googleMapsApiKey: 'AIzaSyEnvMapsKey5678', mapStyleUrl: 'http://127.0.0.1:9/style.json' });
    } finally {
      await h.close();
    }
  });

  it('without a key or a style: null and the free, key-less default style', async () => {
    const h = await startBilling();
    try {
      expect((await call(h, 'GET', '/api/config/maps-key')).json()).toEqual({ googleMapsApiKey: null, mapStyleUrl: DEFAULT_MAP_STYLE_URL });
    } finally {
      await h.close();
    }
  });

  it('refuses to start on a MAP_STYLE_URL that is not an http(s) URL', async () => {
    await expect(startBilling({ MAP_STYLE_URL: 'javascript:alert(1)' })).rejects.toThrow(/MAP_STYLE_URL/);
  });
});
