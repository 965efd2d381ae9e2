import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import Stripe from 'stripe';
import { CLAIM_PLAN, type PaymentIntentStatus, type SubscriptionStatus } from '@limo/contracts';
import {
  CardDeclinedError,
  type CardView,
  type CheckoutSession,
  type PaymentIntentView,
  type PaymentsProvider,
  type ProviderEvent,
  type RefundResult,
  type SubscriptionState,
} from './payments.port.js';
import { verifyStripeSignedEvent } from './stripe.payments.js';

import {
  cardOf,
  alnum,
  expired,
  invoiceObject,
  paymentIntentObject,
  subscriptionObject,
  subscriptionState,
  upcomingInvoiceObject,
  YEAR_MS,
  type SimInvoice,
  type SimPaymentIntent,
  type SimSubscription,
  type SimulatorState,
} from './simulator.model.js';
import { SimulatorWebhooks, type WebhookDelivery, type WebhookQueueOptions } from './simulator.webhooks.js';
import { SIMULATOR_TEST_CARDS } from './test-cards.js';

export { SIMULATOR_TEST_CARDS };

/** How long before a renewal its `invoice.upcoming` notice comes (Stripe's default for yearly plans is longer; we promise 7 days). */
const UPCOMING_RENEWAL_MS = 7 * 24 * 60 * 60 * 1000;

export type { WebhookDelivery };

export interface SimulatorOptions extends WebhookQueueOptions {
  /** Secret the webhooks are signed with (Stripe's `whsec_` format). */
  webhookSecret: string;
  /** Clock (tests move it forward with `advance`). */
  now?: () => number;
  /** Where the state is kept across restarts (embedded: DATA_DIR/billing); in memory only when unset. */
  stateFile?: string;
}

/**
 * The offline payment provider of the embedded profile: Stripe's PaymentIntent and Subscription
 * lifecycles with state, test cards by number, and webhooks signed like Stripe's, delivered to our
 * own webhook route with retries and backoff (and sometimes twice).
 *
 * PaymentIntent: requires_payment_method → (confirm) → processing → succeeded
 *                                           ↘ requires_action → (authenticate) → succeeded
 *                                           ↘ decline: back to requires_payment_method
 *                requires_payment_method | requires_action → canceled (subscription canceled first)
 * Subscription:  incomplete → active (first invoice paid) → (period end) renewal: active again, or
 *                past_due when the renewal fails; cancel at period end → canceled at that end;
 *                cancel now → canceled.
 */
export class PaymentSimulator implements PaymentsProvider {
  readonly name = 'simulator' as const;
  readonly testMode = true;
  readonly publishableKey = null;
  readonly cardSetup = null;
  private readonly signer = new Stripe('sk_test_simulator_signing_only');
  private readonly customers = new Map<string, { email: string | null; name: string | null }>();
  private readonly intents = new Map<string, SimPaymentIntent>();
  private readonly intentBySecret = new Map<string, string>();
  private readonly invoices = new Map<string, SimInvoice>();
  private readonly subscriptions = new Map<string, SimSubscription>();
  private readonly idempotent = new Map<string, unknown>();
  private readonly webhooks: SimulatorWebhooks;
  private offsetMs = 0;
  private failNextRenewal = false;
  private closed = false;
  private seq = 0;

  constructor(private readonly options: SimulatorOptions) {
    this.webhooks = new SimulatorWebhooks(options, (payload) => this.sign(payload));
    if (options.stateFile && existsSync(options.stateFile)) this.load(options.stateFile);
  }

  private load(file: string): void {
    const state = JSON.parse(readFileSync(file, 'utf8')) as SimulatorState;
    for (const [id, customer] of state.customers) this.customers.set(id, customer);
    for (const pi of state.intents) {
      this.intents.set(pi.id, pi);
      this.intentBySecret.set(pi.clientSecret, pi.id);
    }
    for (const invoice of state.invoices) this.invoices.set(invoice.id, invoice);
    for (const sub of state.subscriptions) this.subscriptions.set(sub.id, sub);
    for (const [key, value] of state.idempotent) this.idempotent.set(key, value);
    this.offsetMs = state.offsetMs;
    this.seq = state.seq;
  }

  /**
   * Writes the state now, before the change is answered: an acknowledged payment survives kill -9
   * (a provider never forgets a charge it confirmed). Written to a flushed temporary file, then renamed.
   */
  private persist(): void {
    this.save();
  }

  private save(): void {
    const file = this.options.stateFile;
    if (!file) return;
    const state: SimulatorState = {
      customers: [...this.customers],
      intents: [...this.intents.values()],
      invoices: [...this.invoices.values()],
      subscriptions: [...this.subscriptions.values()],
      idempotent: [...this.idempotent],
      offsetMs: this.offsetMs,
      seq: this.seq,
    };
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(state), { flush: true });
    renameSync(`${file}.tmp`, file);
  }

  private now(): number {
    return (this.options.now?.() ?? Date.now()) + this.offsetMs;
  }

  private id(prefix: string): string {
    return `${prefix}_sim${(++this.seq).toString(36)}${alnum(14)}`;
  }

  /** Runs `create` once per idempotency key; a repeat returns the first result. */
  private once<T>(key: string, create: () => T): T {
    if (this.idempotent.has(key)) return this.idempotent.get(key) as T;
    const value = create();
    this.idempotent.set(key, value);
    this.persist();
    return value;
  }

  async ensurePrice(): Promise<string> {
    return 'price_simulator_yearly_7500';
  }

  async createCustomer(input: {
    email: string | null;
    name: string | null;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<string> {
    return this.once(`customer:${input.idempotencyKey}`, () => {
      const id = this.id('cus');
      this.customers.set(id, { email: input.email, name: input.name });
      return id;
    });
  }

  async createSubscription(input: {
    customerId: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<CheckoutSession> {
    if (!this.customers.has(input.customerId)) throw new Error(`No such customer: ${input.customerId}`);
    const sub = this.once(`subscription:${input.idempotencyKey}`, () => {
      const now = this.now();
      const subscription: SimSubscription = {
        id: this.id('sub'),
        customer: input.customerId,
        status: 'incomplete',
        periodStart: now,
        periodEnd: now + YEAR_MS,
        cancelAtPeriodEnd: false,
        canceledAt: null,
        metadata: { ...input.metadata },
        latestInvoice: '',
        created: now,
      };
      const invoice = this.newInvoice(subscription, now);
      subscription.latestInvoice = invoice.id;
      this.subscriptions.set(subscription.id, subscription);
      return subscription;
    });
    const invoice = this.invoices.get(sub.latestInvoice)!;
    const pi = this.intents.get(invoice.paymentIntent)!;
    return {
      subscriptionId: sub.id,
      invoiceId: invoice.id,
      paymentIntentId: pi.id,
      clientSecret: pi.clientSecret,
      amount: pi.amount,
      currency: pi.currency,
      status: sub.status,
    };
  }

  private newInvoice(sub: SimSubscription, periodStart: number): SimInvoice {
    const invoiceId = this.id('in');
    const piId = this.id('pi');
    const pi: SimPaymentIntent = {
      id: piId,
      clientSecret: `${piId}_secret_${alnum(24)}`,
      status: 'requires_payment_method',
      amount: CLAIM_PLAN.amount,
      currency: CLAIM_PLAN.currency,
      customer: sub.customer,
      invoice: invoiceId,
      lastError: null,
      refunded: false,
    };
    const invoice: SimInvoice = {
      id: invoiceId,
      subscription: sub.id,
      status: 'open',
      amount: CLAIM_PLAN.amount,
      paymentIntent: piId,
      periodStart,
      periodEnd: periodStart + YEAR_MS,
      billingReason: sub.latestInvoice ? 'subscription_cycle' : 'subscription_create',
    };
    this.intents.set(piId, pi);
    this.intentBySecret.set(pi.clientSecret, piId);
    this.invoices.set(invoiceId, invoice);
    return invoice;
  }

  /**
   * The browser's card confirmation. Throws CardDeclinedError for a declined card; answers
   * `requires_action` for the 3-D Secure card until it is confirmed again with `authenticate`.
   * Returns null when the client secret is unknown.
   */
  confirm(input: {
    clientSecret: string;
    cardNumber: string;
    expiry: string;
    cvc: string;
    authenticate?: boolean;
  }): { status: PaymentIntentStatus; paymentIntentId: string } | null {
    const piId = this.intentBySecret.get(input.clientSecret);
    const pi = piId ? this.intents.get(piId) : undefined;
    if (!pi) return null;
    if (pi.status === 'succeeded' || pi.status === 'processing' || pi.status === 'canceled')
      return { status: pi.status, paymentIntentId: pi.id };
    if (expired(input.expiry, this.now())) throw this.decline(pi, 'Your card has expired.');
    switch (input.cardNumber) {
      case '4242424242424242':
        this.succeed(pi, cardOf(input.cardNumber));
        break;
      case '4000000000000002':
        throw this.decline(pi, 'Your card was declined.');
      case '4000002500003155':
        if (pi.status === 'requires_action' && input.authenticate) this.succeed(pi, cardOf(input.cardNumber));
        else {
          pi.status = 'requires_action';
          this.emit('payment_intent.requires_action', paymentIntentObject(pi));
        }
        break;
      default:
        throw this.decline(pi, 'Your card was declined. Your request was in test mode, but used a non test card. Use 4242 4242 4242 4242.');
    }
    return { status: pi.status, paymentIntentId: pi.id };
  }

  /**
   * The owner's new card for a subscription's renewals (the customer portal's "update card"): only
   * 4242… is accepted; a past-due renewal is paid with it at once, as Stripe retries the open invoice.
   * Returns null for an unknown subscription.
   */
  updateCard(
    subscriptionId: string,
    input: { cardNumber: string; expiry: string; cvc: string },
  ): { card: CardView; status: SubscriptionStatus } | null {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) return null;
    const invoice = this.invoices.get(sub.latestInvoice);
    const piId = invoice?.paymentIntent ?? '';
    if (expired(input.expiry, this.now())) throw new CardDeclinedError('Your card has expired.', piId);
    if (input.cardNumber !== '4242424242424242')
      throw new CardDeclinedError('Your card was declined. Use 4242 4242 4242 4242 to update the card in test mode.', piId);
    const card = cardOf(input.cardNumber);
    sub.card = card;
    const pi = this.intents.get(piId);
    if (sub.status === 'past_due' && invoice?.status === 'open' && pi) this.succeed(pi, card);
    else this.emit('customer.subscription.updated', subscriptionObject(sub));
    return { card, status: sub.status };
  }

  private decline(pi: SimPaymentIntent, message: string): CardDeclinedError {
    pi.status = 'requires_payment_method';
    pi.lastError = message;
    this.emit('payment_intent.payment_failed', paymentIntentObject(pi));
    const invoice = this.invoices.get(pi.invoice);
    if (invoice) this.emit('invoice.payment_failed', invoiceObject(invoice));
    return new CardDeclinedError(message, pi.id);
  }

  private succeed(pi: SimPaymentIntent, card: CardView | null): void {
    pi.status = 'succeeded';
    pi.lastError = null;
    pi.card = card;
    const invoice = this.invoices.get(pi.invoice)!;
    invoice.status = 'paid';
    const sub = this.subscriptions.get(invoice.subscription)!;
    sub.card = card;
    if (sub.status !== 'canceled') {
      sub.status = 'active';
      sub.periodStart = invoice.periodStart;
      sub.periodEnd = invoice.periodEnd;
    }
    this.emit('payment_intent.succeeded', paymentIntentObject(pi));
    this.emit('invoice.paid', invoiceObject(invoice));
    this.emit('customer.subscription.updated', subscriptionObject(sub));
  }

  /**
   * Moves the simulator's clock forward: subscriptions whose period ended renew (a new invoice
   * charged to the saved card) or, when set to cancel at the period's end, are canceled; a renewing
   * subscription whose period ends within 7 days gets its `invoice.upcoming` notice, once per period.
   */
  advance(ms: number, options: { renewalFails?: boolean } = {}): void {
    this.offsetMs += ms;
    this.failNextRenewal = options.renewalFails ?? false;
    const now = this.now();
    for (const sub of this.subscriptions.values()) {
      if (sub.status === 'canceled' || sub.status === 'incomplete' || sub.status === 'incomplete_expired') continue;
      if (sub.periodEnd > now) {
        if (
          sub.status === 'active' &&
          !sub.cancelAtPeriodEnd &&
          sub.periodEnd - now <= UPCOMING_RENEWAL_MS &&
          sub.remindedFor !== sub.periodEnd
        ) {
          sub.remindedFor = sub.periodEnd;
          this.emit('invoice.upcoming', upcomingInvoiceObject(sub));
        }
        continue;
      }
      if (sub.cancelAtPeriodEnd) {
        sub.status = 'canceled';
        sub.canceledAt = sub.canceledAt ?? now;
        this.emit('customer.subscription.deleted', subscriptionObject(sub));
        continue;
      }
      const invoice = this.newInvoice(sub, sub.periodEnd);
      sub.latestInvoice = invoice.id;
      const pi = this.intents.get(invoice.paymentIntent)!;
      if (this.failNextRenewal) {
        pi.status = 'requires_payment_method';
        pi.lastError = 'Your card was declined.';
        sub.status = 'past_due';
        this.emit('invoice.payment_failed', invoiceObject(invoice));
        this.emit('customer.subscription.updated', subscriptionObject(sub));
      } else {
        this.succeed(pi, sub.card ?? null);
      }
    }
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentView | null> {
    const pi = this.intents.get(id);
    return pi
      ? {
          id: pi.id,
          status: pi.status,
          amount: pi.amount,
          currency: pi.currency,
          customerId: pi.customer,
          lastError: pi.lastError,
          card: pi.card ?? null,
        }
      : null;
  }

  async retrieveSubscription(id: string): Promise<SubscriptionState | null> {
    const sub = this.subscriptions.get(id);
    return sub ? subscriptionState(sub) : null;
  }

  async cancelSubscription(id: string, options: { atPeriodEnd: boolean; idempotencyKey: string }): Promise<SubscriptionState> {
    const sub = this.subscriptions.get(id);
    if (!sub) throw new Error(`No such subscription: ${id}`);
    if (sub.status === 'canceled') return subscriptionState(sub);
    const now = this.now();
    if (options.atPeriodEnd && sub.status === 'active') {
      if (!sub.cancelAtPeriodEnd) {
        sub.cancelAtPeriodEnd = true;
        sub.canceledAt = now;
        this.emit('customer.subscription.updated', subscriptionObject(sub));
      }
    } else {
      sub.status = 'canceled';
      sub.canceledAt = sub.canceledAt ?? now;
      const pi = this.intents.get(this.invoices.get(sub.latestInvoice)?.paymentIntent ?? '');
      if (pi && pi.status !== 'succeeded') pi.status = 'canceled';
      this.emit('customer.subscription.deleted', subscriptionObject(sub));
    }
    return subscriptionState(sub);
  }

  async resumeSubscription(id: string, options: { idempotencyKey: string }): Promise<SubscriptionState> {
    return this.once(`resume:${options.idempotencyKey}`, () => {
      const sub = this.subscriptions.get(id);
      if (!sub) throw new Error(`No such subscription: ${id}`);
      if (sub.status === 'canceled') throw new Error(`Subscription ${id} has ended; it cannot be resumed`);
      if (sub.cancelAtPeriodEnd) {
        sub.cancelAtPeriodEnd = false;
        sub.canceledAt = null;
        this.emit('customer.subscription.updated', subscriptionObject(sub));
      }
      return subscriptionState(sub);
    });
  }

  async refundPayment(paymentIntentId: string, options: { idempotencyKey: string }): Promise<RefundResult> {
    return this.once(`refund:${options.idempotencyKey}`, () => {
      const pi = this.intents.get(paymentIntentId);
      if (!pi) throw new Error(`No such payment_intent: ${paymentIntentId}`);
      if (pi.status !== 'succeeded') throw new Error(`PaymentIntent ${paymentIntentId} has not succeeded; nothing to refund`);
      if (pi.refunded) throw new Error(`Charge for ${paymentIntentId} has already been refunded`);
      pi.refunded = true;
      const refundId = this.id('re');
      this.emit('charge.refunded', {
        id: this.id('ch'),
        object: 'charge',
        payment_intent: pi.id,
        amount_refunded: pi.amount,
        refunded: true,
      });
      return { refundId, status: 'succeeded' };
    });
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent {
    return verifyStripeSignedEvent(this.signer, rawBody, signatureHeader, this.options.webhookSecret);
  }

  /** Signs a payload as the simulator's webhooks are signed (tests build forged and stale ones from it). */
  sign(payload: string, timestampSeconds?: number): string {
    return this.signer.webhooks.generateTestHeaderString({
      payload,
      secret: this.options.webhookSecret,
      ...(timestampSeconds !== undefined && { timestamp: timestampSeconds }),
    });
  }

  /** Resolves once every delivery scheduled so far finished (tests). */
  async idle(): Promise<void> {
    await this.webhooks.idle();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.webhooks.close();
  }

  /** Queues a signed event for delivery: retried with backoff until a 2xx, sometimes delivered twice. */
  private emit(type: string, object: object): void {
    if (this.closed) return;
    this.persist();
    const event = {
      id: this.id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      type,
      created: Math.floor(this.now() / 1000),
      livemode: false,
      data: { object },
    };
    this.webhooks.send(JSON.stringify(event), event.id);
  }
}
