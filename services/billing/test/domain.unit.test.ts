import { describe, expect, it } from 'vitest';
import { loadConfig } from '@limo/platform';
import { acceptsReport, owedAnnouncement, type SubscriptionFacts } from '../src/domain/lifecycle.js';
import { maskKey } from '../src/domain/mask.js';
import { newEvent } from '../src/domain/events.js';
import { SecretBox } from '../src/keys/secret-box.js';
import { toProviderEvent } from '../src/payments/stripe-events.js';
import { describeBillingSettings, loadBillingSettings } from '../src/settings.js';

const facts = (over: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  status: 'active',
  statusAt: '2026-01-01T00:00:00.000Z',
  announced: 'none',
  userId: 'u1',
  companyId: 'c1',
  ...over,
});

describe('subscription lifecycle rules', () => {
  it('keeps canceled final and ignores reports older than the stored state', () => {
    expect(acceptsReport(facts({ status: 'canceled' }), { status: 'active', at: '2027-01-01T00:00:00.000Z' })).toBe(false);
    expect(acceptsReport(facts(), { status: 'canceled', at: '2025-01-01T00:00:00.000Z' })).toBe(true);
    expect(acceptsReport(facts({ status: 'past_due' }), { status: 'active', at: '2025-12-31T00:00:00.000Z' })).toBe(false);
    expect(acceptsReport(facts({ status: 'incomplete' }), { status: 'active', at: '2026-01-01T00:00:00.000Z' })).toBe(true);
  });

  it('announces activation once owner and company are known, cancellation only after an activation', () => {
    expect(owedAnnouncement(facts())).toBe('activated');
    expect(owedAnnouncement(facts({ userId: null }))).toBeNull();
    expect(owedAnnouncement(facts({ announced: 'active' }))).toBeNull();
    expect(owedAnnouncement(facts({ status: 'canceled', announced: 'active' }))).toBe('canceled');
    expect(owedAnnouncement(facts({ status: 'canceled', announced: 'none' }))).toBeNull();
    expect(owedAnnouncement(facts({ status: 'past_due', announced: 'active' }))).toBeNull();
  });
});

describe('events', () => {
  it('stamps an event with the time given, as an ISO string', () => {
    expect(newEvent('claim.submitted.v1', 'company-1', {}, new Date('2026-12-02T12:00:00Z')).occurredAt).toBe('2026-12-02T12:00:00.000Z');
    expect(newEvent('claim.submitted.v1', 'company-1', {}, '2026-12-02T12:00:00.000Z')).toMatchObject({
      type: 'claim.submitted.v1',
      key: 'company-1',
      occurredAt: '2026-12-02T12:00:00.000Z',
    });
  });
});

describe('keys', () => {
  it('masks keys to their prefix and last four characters', () => {
    expect(maskKey('sk_live_51Habcdefghijklmnabcd')).toBe('sk_live_…abcd');
    expect(maskKey('whsec_0123456789xyz9')).toBe('whsec_…xyz9');
    expect(maskKey('AIzaSyA-1234567890')).toBe('…7890');
    expect(maskKey('sk_test_ab')).toBe('sk_test_…ab');
    // Eight characters after the prefix are still short: two shown.
    expect(maskKey('sk_test_abcdefgh')).toBe('sk_test_…gh');
    expect(maskKey('sk_test_abcdefghi')).toBe('sk_test_…fghi');
    expect(maskKey(null)).toBeNull();
  });

  it('seals with AES-GCM: a fresh IV each time, bound to its field, refused when altered or under another key', () => {
    const box = SecretBox.fromKey('a'.repeat(64));
    const a = box.seal('sk_live_secret', 'stripeSecretKey');
    expect(a).not.toContain('secret');
    expect(box.seal('sk_live_secret', 'stripeSecretKey')).not.toBe(a);
    expect(box.open(a, 'stripeSecretKey')).toBe('sk_live_secret');
    expect(() => box.open(a, 'googleMapsApiKey')).toThrow();
    expect(() => box.open(`${a.slice(0, -2)}AA`, 'stripeSecretKey')).toThrow();
    expect(() => SecretBox.fromKey('b'.repeat(64)).open(a, 'stripeSecretKey')).toThrow();
    expect(() => SecretBox.fromKey('short')).toThrow('32 bytes');
  });
});

describe('Stripe event reader', () => {
  it('reads the period end from the subscription item (clover) and the invoice subscription from its parent', () => {
    const sub = toProviderEvent({
      id: 'evt_1',
      type: 'customer.subscription.updated',
      created: 1_790_000_000,
      data: {
        object: {
          id: 'sub_1',
          status: 'active',
          customer: { id: 'cus_1' },
          cancel_at_period_end: true,
          metadata: null,
          items: { data: [{ current_period_end: 1_821_536_000 }] },
        },
      },
    });
    expect(sub.subscription).toMatchObject({
      id: 'sub_1',
      customerId: 'cus_1',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(1_821_536_000_000).toISOString(),
      metadata: {},
    });
    const inv = toProviderEvent({
      id: 'evt_2',
      type: 'invoice.paid',
      created: 1,
      data: { object: { id: 'in_1', parent: { subscription_details: { subscription: 'sub_1' } } } },
    });
    expect(inv.invoice?.subscriptionId).toBe('sub_1');
    expect(() => toProviderEvent({ id: 'evt_3', type: 'invoice.paid' })).toThrow();
  });
});

describe('billing settings', () => {
  const config = loadConfig({ DATA_DIR: '/tmp/limo-settings-test', JWT_SECRET: 'x'.repeat(40) });
  it('reads billing’s own variables and reports them by name without values', () => {
    const s = loadBillingSettings(config, { STRIPE_SECRET_KEY: 'sk_test_abc', PAYMENTS_SIMULATOR_ALLOWED: 'true' });
    expect(s).toMatchObject({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      PAYMENTS_SIMULATOR_ALLOWED: true,
      STRIPE_PRICE_LOOKUP_KEY: 'limo_directory_access_yearly',
    });
    const described = describeBillingSettings(s);
    expect(described.STRIPE_SECRET_KEY).toBe('set');
    expect(JSON.stringify(described)).not.toContain('sk_test_abc');
  });
  it('names every bad variable', () => {
    expect(() => loadBillingSettings(config, { STRIPE_SECRET_KEY: 'nope', BILLING_ENCRYPTION_KEY: 'short' })).toThrow(
      /STRIPE_SECRET_KEY[\s\S]*BILLING_ENCRYPTION_KEY/,
    );
  });
});
