import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CardDeclinedError } from '../src/payments/payments.port.js';
import { PaymentSimulator, type SimulatorOptions } from '../src/payments/simulator.payments.js';
import { type toProviderEvent } from '../src/payments/stripe-events.js';

const YEAR = 365 * 24 * 60 * 60 * 1000;

/** Runs `test` with the options of a simulator that keeps its state in a file of a fresh folder, removed afterwards. */
async function withStateFile(webhookSecret: string, test: (options: SimulatorOptions) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'limo-sim-'));
  try {
    await test({ webhookSecret, deliver: async () => 200, duplicateRate: 0, stateFile: join(dir, 'state.json') });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A simulator whose webhooks land in `received` (verified and read as billing reads them). */
function simulatorWithInbox(options: { failFirst?: number; duplicateRate?: number } = {}) {
  const received: Array<ReturnType<typeof toProviderEvent>> = [];
  let failures = options.failFirst ?? 0;
  const sim: PaymentSimulator = new PaymentSimulator({
    webhookSecret: 'whsec_simulatortest',
    duplicateRate: options.duplicateRate ?? 0,
    retryDelayMs: 5,
    deliver: async (payload, header) => {
      if (failures > 0) {
        failures--;
        return 500;
      }
      received.push(sim.verifyWebhook(Buffer.from(payload), header));
      return 200;
    },
  });
  return { sim, received };
}

async function checkout(sim: PaymentSimulator) {
  const customerId = await sim.createCustomer({ email: 'o@example.com', name: null, metadata: {}, idempotencyKey: `c-${Math.random()}` });
  return sim.createSubscription({ customerId, metadata: { companyId: 'c1' }, idempotencyKey: `s-${Math.random()}` });
}

describe('payment simulator lifecycle', () => {
  it('4242 succeeds: PaymentIntent succeeded, invoice paid, subscription active for a year, webhooks signed', async () => {
    const { sim, received } = simulatorWithInbox();
    const session = await checkout(sim);
    expect(
      sim.confirm({ clientSecret: session.clientSecret!, ...{ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' } }),
    ).toEqual({ status: 'succeeded', paymentIntentId: session.paymentIntentId });
    await sim.idle();
    expect(received.map((e) => e.type).sort()).toEqual(['customer.subscription.updated', 'invoice.paid', 'payment_intent.succeeded']);
    const sub = await sim.retrieveSubscription(session.subscriptionId);
    expect(sub?.status).toBe('active');
    expect(Date.parse(sub!.currentPeriodEnd!) - Date.now()).toBeGreaterThan(YEAR - 60_000);
    // Confirming again changes nothing.
    expect(sim.confirm({ clientSecret: session.clientSecret!, cardNumber: '4000000000000002', expiry: '12/34', cvc: '123' })?.status).toBe(
      'succeeded',
    );
  });

  it('4000 0000 0000 0002 declines and leaves the payment to retry; 4000 0025 0000 3155 requires authentication first', async () => {
    const { sim, received } = simulatorWithInbox();
    const session = await checkout(sim);
    expect(() => sim.confirm({ clientSecret: session.clientSecret!, cardNumber: '4000000000000002', expiry: '12/34', cvc: '123' })).toThrow(
      CardDeclinedError,
    );
    expect((await sim.retrievePaymentIntent(session.paymentIntentId!))?.status).toBe('requires_payment_method');
    expect(sim.confirm({ clientSecret: session.clientSecret!, cardNumber: '4000002500003155', expiry: '12/34', cvc: '123' })?.status).toBe(
      'requires_action',
    );
    expect(
      sim.confirm({ clientSecret: session.clientSecret!, cardNumber: '4000002500003155', expiry: '12/34', cvc: '123', authenticate: true })
        ?.status,
    ).toBe('succeeded');
    await sim.idle();
    expect(received.map((e) => e.type)).toContain('payment_intent.payment_failed');
    const other = await checkout(sim);
    expect(() => sim.confirm({ clientSecret: other.clientSecret!, cardNumber: '4242424242424242', expiry: '01/20', cvc: '123' })).toThrow(
      'expired',
    );
    expect(sim.confirm({ clientSecret: 'pi_x_secret_unknown', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' })).toBeNull();
  });

  it('resumes a subscription cancelled at the period end: it renews, with the saved card and a subscription_cycle invoice', async () => {
    const { sim, received } = simulatorWithInbox();
    const a = await checkout(sim);
    sim.confirm({ clientSecret: a.clientSecret!, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });
    expect((await sim.retrievePaymentIntent(a.paymentIntentId!))?.card).toEqual({ brand: 'visa', last4: '4242' });
    await sim.cancelSubscription(a.subscriptionId, { atPeriodEnd: true, idempotencyKey: 'cancel' });
    expect(await sim.resumeSubscription(a.subscriptionId, { idempotencyKey: 'resume' })).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      canceledAt: null,
    });
    sim.advance(YEAR + 1000);
    expect((await sim.retrieveSubscription(a.subscriptionId))?.status).toBe('active');
    await sim.idle();
    const invoices = received.filter((e) => e.type === 'invoice.paid').map((e) => e.invoice);
    expect(invoices.map((i) => i?.billingReason)).toEqual(['subscription_create', 'subscription_cycle']);
    expect((await sim.retrievePaymentIntent(invoices[1]!.paymentIntentId!))?.card?.last4).toBe('4242');
  });

  it('renews after a year, goes past_due when the renewal fails, and cancels at the period end when asked', async () => {
    const { sim, received } = simulatorWithInbox();
    const a = await checkout(sim);
    sim.confirm({ clientSecret: a.clientSecret!, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });
    const firstEnd = (await sim.retrieveSubscription(a.subscriptionId))!.currentPeriodEnd!;
    sim.advance(YEAR + 1000);
    const renewed = await sim.retrieveSubscription(a.subscriptionId);
    expect(renewed?.status).toBe('active');
    expect(Date.parse(renewed!.currentPeriodEnd!)).toBeGreaterThan(Date.parse(firstEnd));

    await sim.cancelSubscription(a.subscriptionId, { atPeriodEnd: true, idempotencyKey: 'k' });
    expect(await sim.retrieveSubscription(a.subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    sim.advance(YEAR + 1000);
    expect((await sim.retrieveSubscription(a.subscriptionId))?.status).toBe('canceled');

    const b = await checkout(sim);
    sim.confirm({ clientSecret: b.clientSecret!, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });
    sim.advance(YEAR + 1000, { renewalFails: true });
    expect((await sim.retrieveSubscription(b.subscriptionId))?.status).toBe('past_due');
    await sim.idle();
    expect(received.map((e) => e.type)).toEqual(expect.arrayContaining(['customer.subscription.deleted', 'invoice.payment_failed']));
  });

  it('retries a failed delivery with backoff and sometimes delivers twice', async () => {
    const { sim, received } = simulatorWithInbox({ failFirst: 2, duplicateRate: 1 });
    const session = await checkout(sim);
    sim.confirm({ clientSecret: session.clientSecret!, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
    await sim.idle();
    // Three events, each sent twice; two deliveries failed first and were retried.
    expect(received).toHaveLength(6);
    expect(new Set(received.map((e) => e.id)).size).toBe(3);
  });

  it('refunds a succeeded payment once per idempotency key', async () => {
    const { sim } = simulatorWithInbox();
    const session = await checkout(sim);
    sim.confirm({ clientSecret: session.clientSecret!, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
    const first = await sim.refundPayment(session.paymentIntentId!, { idempotencyKey: 'r1' });
    expect(await sim.refundPayment(session.paymentIntentId!, { idempotencyKey: 'r1' })).toEqual(first);
    await expect(sim.refundPayment(session.paymentIntentId!, { idempotencyKey: 'r2' })).rejects.toThrow('already been refunded');
  });

  it('keeps its state in a file across a restart (embedded profile)', () =>
    withStateFile('whsec_restart', async (options) => {
      const before = new PaymentSimulator(options);
      const session = await checkout(before);
      await before.close();
      const after = new PaymentSimulator(options);
      expect(
        after.confirm({ clientSecret: session.clientSecret!, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' })?.status,
      ).toBe('succeeded');
      expect((await after.retrieveSubscription(session.subscriptionId))?.status).toBe('active');
      await after.close();
    }));

  it('writes a confirmed payment to its file before it answers: it survives kill -9 (a restart without close)', () =>
    withStateFile('whsec_kill', async (options) => {
      const before = new PaymentSimulator(options);
      const session = await checkout(before);
      const paid = before.confirm({ clientSecret: session.clientSecret!, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
      expect(paid?.status).toBe('succeeded');
      // No close(), no timer: the process is gone the moment the answer was given.
      const after = new PaymentSimulator(options);
      expect((await after.retrievePaymentIntent(session.paymentIntentId!))?.status).toBe('succeeded');
      expect((await after.retrieveSubscription(session.subscriptionId))?.status).toBe('active');
      await before.close();
      await after.close();
    }));
});
