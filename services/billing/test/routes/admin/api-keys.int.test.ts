import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_STYLE_URL } from '@limo/contracts';
import { call, sharedHarness, startBilling, userOf, type TestUser } from '../../support.js';

const h = sharedHarness(() => startBilling());

describe('provider keys', () => {
  it('stores keys encrypted, answers them masked, and applies them without a restart', async () => {
    const admin = userOf(h, 'admin');
    expect((await call(h, 'GET', '/api/payments/config')).json()).toMatchObject({
      provider: 'simulator',
      testMode: true,
      publishableKey: null,
    });
    const secret = 'sk_test_51SecretKeyValue0000abcd';
    try {
      await keysInForce(admin, secret);
    } finally {
      await call(h, 'POST', '/api/admin/api-keys', admin, { stripeSecretKey: null, stripePublicKey: null, googleMapsApiKey: null });
    }
  });
});

async function keysInForce(admin: TestUser, secret: string) {
  {
    const saved = await call(h, 'POST', '/api/admin/api-keys', admin, {
      stripeSecretKey: secret,
      stripePublicKey: 'pk_test_51PublicKeyValue9999wxyz',
      googleMapsApiKey: 'AIzaSyTestMapsKey1234',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'API Keys Saved',
      keys: { stripeSecretKey: 'sk_test_…abcd', stripePublicKey: 'pk_test_…wxyz', googleMapsApiKey: '…1234', provider: 'stripe' },
    });
    expect(JSON.stringify(saved.json())).not.toContain(secret);
    const raw = await h.ctx.store
      .collections()
      .find((c) => c.name === 'settings')!
      .find({});
    expect(JSON.stringify(raw)).not.toContain('SecretKeyValue');
    expect(JSON.stringify(raw)).not.toContain('AIzaSyTestMapsKey');

    const config = await call(h, 'GET', '/api/payments/config');
    expect(config.json()).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_51PublicKeyValue9999wxyz',
      testMode: true,
      testCards: [],
    });
    expect((await call(h, 'GET', '/api/config/maps-key')).json()).toEqual({
      googleMapsApiKey: 'AIzaSyTestMapsKey1234',
      mapStyleUrl: DEFAULT_MAP_STYLE_URL,
    });
    expect((await call(h, 'GET', '/api/admin/api-keys', admin)).json().stripeSecretKey).toBe('sk_test_…abcd');

    // Keeping a key: absent or empty; removing it: null. Without a secret key the simulator is back.
    const removed = await call(h, 'POST', '/api/admin/api-keys', admin, {
      stripeSecretKey: null,
      stripePublicKey: '',
      googleMapsApiKey: null,
    });
    expect(removed.json().keys).toMatchObject({
      stripeSecretKey: null,
      stripePublicKey: 'pk_test_…wxyz',
      googleMapsApiKey: null,
      provider: 'simulator',
    });
    expect((await call(h, 'GET', '/api/payments/config')).json().provider).toBe('simulator');
  }
}
