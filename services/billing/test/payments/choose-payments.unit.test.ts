import { describe, expect, it } from 'vitest';
import { choosePayments } from '../../src/payments/payments.need.js';

const none = { stripeSecretKey: null, stripePublicKey: null, stripeWebhookSecret: null };
const stripe = { stripeSecretKey: 'sk_test_a', stripePublicKey: 'pk_test_a', stripeWebhookSecret: null };

describe('the payments engine for the keys in force', () => {
  it('is Stripe for a secret key, a new adapter for new keys', () => {
    expect(choosePayments({ PAYMENTS_SIMULATOR_ALLOWED: false }, stripe)).toEqual({ engine: 'stripe', key: 'sk_test_a|pk_test_a|' });
    expect(choosePayments({ PAYMENTS_SIMULATOR_ALLOWED: true }, { ...stripe, stripeWebhookSecret: 'whsec_b' })?.key).toBe(
      'sk_test_a|pk_test_a|whsec_b',
    );
  });
  it('is the simulator without one where PAYMENTS_SIMULATOR_ALLOWED (the embedded profile by default)', () => {
    expect(choosePayments({ PAYMENTS_SIMULATOR_ALLOWED: true }, none)).toEqual({ engine: 'simulator', key: '' });
  });
  it('is none otherwise', () => {
    expect(choosePayments({ PAYMENTS_SIMULATOR_ALLOWED: false }, none)).toBeNull();
  });
});
