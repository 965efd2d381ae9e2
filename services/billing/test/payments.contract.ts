import { expect, it } from 'vitest';
import { WebhookSignatureError, type PaymentsProvider } from '../src/payments/payments.port.js';

export interface PaymentsContractOptions {
  /** Builds the adapter and a signer of webhook payloads with the adapter's secret. */
  make(): Promise<{ provider: PaymentsProvider; sign(payload: string, timestampSeconds?: number): string; close(): Promise<void> }>;
  /**
   * True against stripe-mock: it validates every request against Stripe's OpenAPI but answers
   * fixtures and keeps no state, so what a later call returns is not checked there.
   */
  fixtures: boolean;
}

const event = (type: string, object: object) =>
  JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });

/** The one contract every payments adapter passes (Emmett's shape: one suite, a factory per adapter). */
export function describePaymentsContract(options: PaymentsContractOptions): void {
  const withProvider = async (body: (p: Awaited<ReturnType<PaymentsContractOptions['make']>>) => Promise<void>) => {
    const p = await options.make();
    try {
      await body(p);
    } finally {
      await p.close();
    }
  };

  it('finds or creates the yearly price by its lookup key, the same id each time', async () => {
    await withProvider(async ({ provider }) => {
      const first = await provider.ensurePrice();
      expect(first).toMatch(/^price_/);
      expect(await provider.ensurePrice()).toBe(first);
    });
  });

  it('creates a customer and a default_incomplete yearly subscription with idempotency keys', async () => {
    await withProvider(async ({ provider }) => {
      const customerId = await provider.createCustomer({
        email: 'owner@example.com',
        name: 'Test Limousines',
        metadata: { companyId: 'c1' },
        idempotencyKey: `cus-${Math.random()}`,
      });
      expect(customerId).toMatch(/^cus_/);
      const key = `sub-${Math.random()}`;
      const session = await provider.createSubscription({ customerId, metadata: { companyId: 'c1' }, idempotencyKey: key });
      expect(session.subscriptionId).toMatch(/^sub_/);
      if (options.fixtures) return;
      expect(session).toMatchObject({ status: 'incomplete', amount: 7500, currency: 'usd' });
      expect(session.paymentIntentId).toMatch(/^pi_/);
      expect(session.clientSecret).toContain('_secret_');
      const repeated = await provider.createSubscription({ customerId, metadata: { companyId: 'c1' }, idempotencyKey: key });
      expect(repeated.subscriptionId).toBe(session.subscriptionId);
      const pi = await provider.retrievePaymentIntent(session.paymentIntentId!);
      expect(pi).toMatchObject({ id: session.paymentIntentId, status: 'requires_payment_method', amount: 7500 });
    });
  });

  it('reads payment intents and subscriptions, null for unknown ones', async () => {
    await withProvider(async ({ provider }) => {
      if (options.fixtures) {
        expect((await provider.retrievePaymentIntent('pi_123'))?.id).toBe('pi_123');
        expect((await provider.retrieveSubscription('sub_123'))?.id).toBe('sub_123');
        return;
      }
      expect(await provider.retrievePaymentIntent('pi_unknown')).toBeNull();
      expect(await provider.retrieveSubscription('sub_unknown')).toBeNull();
    });
  });

  it('cancels at the period end, or at once', async () => {
    await withProvider(async ({ provider }) => {
      const customerId = await provider.createCustomer({ email: null, name: null, metadata: {}, idempotencyKey: `cus-${Math.random()}` });
      const { subscriptionId } = await provider.createSubscription({ customerId, metadata: {}, idempotencyKey: `sub-${Math.random()}` });
      if (options.fixtures) {
        const later = await provider.cancelSubscription(subscriptionId, { atPeriodEnd: true, idempotencyKey: `cancel-${Math.random()}` });
        expect(later.cancelAtPeriodEnd).toBe(true);
        await provider.cancelSubscription(subscriptionId, { atPeriodEnd: false, idempotencyKey: `cancel-${Math.random()}` });
        return;
      }
      const now = await provider.cancelSubscription(subscriptionId, { atPeriodEnd: false, idempotencyKey: `cancel-${Math.random()}` });
      expect(now.status).toBe('canceled');
      expect((await provider.retrieveSubscription(subscriptionId))?.status).toBe('canceled');
    });
  });

  it('cancels at the period end and resumes (subscriptions.update cancel_at_period_end)', async () => {
    await withProvider(async ({ provider }) => {
      const customerId = await provider.createCustomer({ email: null, name: null, metadata: {}, idempotencyKey: `cus-${Math.random()}` });
      const { subscriptionId } = await provider.createSubscription({ customerId, metadata: {}, idempotencyKey: `sub-${Math.random()}` });
      if (options.fixtures) {
        // stripe-mock validates the update request; its fixture answers whatever it holds.
        expect((await provider.resumeSubscription(subscriptionId, { idempotencyKey: `resume-${Math.random()}` })).id).toBeTruthy();
        return;
      }
      await expect(provider.resumeSubscription('sub_unknown', { idempotencyKey: `resume-${Math.random()}` })).rejects.toThrow();
      const ended = await provider.cancelSubscription(subscriptionId, { atPeriodEnd: false, idempotencyKey: `cancel-${Math.random()}` });
      expect(ended.status).toBe('canceled');
      await expect(provider.resumeSubscription(subscriptionId, { idempotencyKey: `resume-${Math.random()}` })).rejects.toThrow(
        'cannot be resumed',
      );
    });
  });

  it('refunds only a succeeded payment, once per idempotency key', async () => {
    await withProvider(async ({ provider }) => {
      if (options.fixtures) {
        expect((await provider.refundPayment('pi_123', { idempotencyKey: `refund-${Math.random()}` })).refundId).toMatch(/^re_/);
        return;
      }
      const customerId = await provider.createCustomer({ email: null, name: null, metadata: {}, idempotencyKey: `cus-${Math.random()}` });
      const { paymentIntentId } = await provider.createSubscription({ customerId, metadata: {}, idempotencyKey: `sub-${Math.random()}` });
      await expect(provider.refundPayment(paymentIntentId!, { idempotencyKey: `refund-${Math.random()}` })).rejects.toThrow();
    });
  });

  it('verifies webhook signatures over the raw body: good passes; forged, stale, missing or altered fail', async () => {
    await withProvider(async ({ provider, sign }) => {
      const payload = event('customer.subscription.deleted', {
        id: 'sub_1',
        object: 'subscription',
        status: 'canceled',
        customer: 'cus_1',
        metadata: {},
        items: { data: [{ current_period_end: 1_900_000_000 }] },
      });
      const verified = provider.verifyWebhook(Buffer.from(payload), sign(payload));
      expect(verified).toMatchObject({ type: 'customer.subscription.deleted', objectId: 'sub_1', subscription: { status: 'canceled' } });
      const stale = sign(payload, Math.floor(Date.now() / 1000) - 301);
      expect(() => provider.verifyWebhook(Buffer.from(payload), stale)).toThrow(WebhookSignatureError);
      expect(() => provider.verifyWebhook(Buffer.from(payload), undefined)).toThrow(WebhookSignatureError);
      expect(() => provider.verifyWebhook(Buffer.from(payload), 't=1,v1=deadbeef')).toThrow(WebhookSignatureError);
      expect(() => provider.verifyWebhook(Buffer.from(payload.replace('canceled', 'active')), sign(payload))).toThrow(
        WebhookSignatureError,
      );
      const inTolerance = sign(payload, Math.floor(Date.now() / 1000) - 250);
      expect(provider.verifyWebhook(Buffer.from(payload), inTolerance).id).toBe(verified.id);
    });
  });
}
