import { describe, expect, it } from 'vitest';
import { switchRules } from '../src/runtime/engines.js';

const none = { stripeSecretKey: null, stripePublicKey: null, stripeWebhookSecret: null };
const stripe = { stripeSecretKey: 'sk_test_a', stripePublicKey: 'pk_test_a', stripeWebhookSecret: null };

describe('the payments engine for the keys in force', () => {
  it('is Stripe for a secret key, a new adapter for new keys', () => {
    expect(switchRules.payments({ PROFILE: 'distributed' }, {}, stripe)).toEqual({ engine: 'stripe', key: 'sk_test_a|pk_test_a|' });
    expect(switchRules.payments({ PROFILE: 'embedded' }, {}, { ...stripe, stripeWebhookSecret: 'whsec_b' })?.key).toBe(
      'sk_test_a|pk_test_a|whsec_b',
    );
  });
  it('is the simulator without one, in the embedded profile or when PAYMENTS_SIMULATOR_ALLOWED', () => {
    expect(switchRules.payments({ PROFILE: 'embedded' }, {}, none)).toEqual({ engine: 'simulator', key: '' });
    expect(switchRules.payments({ PROFILE: 'distributed' }, { PAYMENTS_SIMULATOR_ALLOWED: 'true' }, none)?.engine).toBe('simulator');
  });
  it('is none in the distributed profile otherwise', () => {
    expect(switchRules.payments({ PROFILE: 'distributed' }, {}, none)).toBeNull();
    expect(switchRules.payments({ PROFILE: 'distributed' }, { PAYMENTS_SIMULATOR_ALLOWED: 'false' }, none)).toBeNull();
  });
});
