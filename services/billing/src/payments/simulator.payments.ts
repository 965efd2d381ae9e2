import { randomBytes } from 'node:crypto';
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

import { SIMULATOR_TEST_CARDS } from './test-cards.js';

export { SIMULATOR_TEST_CARDS };

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** How long before a renewal its `invoice.upcoming` notice comes (Stripe's default for yearly plans is longer; we promise 7 days). */
export const UPCOMING_RENEWAL_MS = 7 * 24 * 60 * 60 * 1000;

/** Posts one signed event to the webhook route; resolves to the HTTP status. */
export type WebhookDelivery = (payload: string, signatureHeader: string) => Promise<number>;

export interface SimulatorOptions {
  /** Secret the webhooks are signed with (Stripe's `whsec_` format). */
  webhookSecret: string;
  /** Sends a signed event to our webhook route. */
  deliver: WebhookDelivery;
  /** Chance that an event is delivered a second time (Stripe delivers at least once). Default 0.2. */
  duplicateRate?: number;
  /** Delivery attempts before an event is dropped. Default 6. */
  maxAttempts?: number;
  /** First retry delay, doubled each attempt. Default 200 ms. */
  retryDelayMs?: number;
  /** Clock (tests move it forward with `advance`). */
  now?: () => number;
  onDeliveryError?: (err: unknown, eventId: string) => void;
  /** Where the state is kept across restarts (embedded: DATA_DIR/billing); in memory only when unset. */
  stateFile?: string;
}

/** What the simulator writes to its state file. */
interface SimulatorState {
  customers: Array<[string, { email: string | null; name: string | null }]>;
  intents: SimPaymentIntent[];
  invoices: SimInvoice[];
  subscriptions: SimSubscription[];
  idempotent: Array<[string, unknown]>;
  offsetMs: number;
  seq: number;
}

interface SimPaymentIntent {
  id: string;
  clientSecret: string;
  status: PaymentIntentStatus;
  amount: number;
  currency: string;
  customer: string;
  invoice: string;
  lastError: string | null;
  refunded: boolean;
  /** The card that paid it (absent in state files written before cards were kept). */
  card?: CardView | null;
}
interface SimInvoice {
  id: string;
  subscription: string;
  status: 'open' | 'paid' | 'void';
  amount: number;
  paymentIntent: string;
  periodStart: number;
  periodEnd: number;
  billingReason?: 'subscription_create' | 'subscription_cycle';
}
interface SimSubscription {
  id: string;
  customer: string;
  status: SubscriptionStatus;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  metadata: Record<string, string>;
  latestInvoice: string;
  created: number;
  /** The card saved by the first payment; renewals charge it. */
  card?: CardView | null;
  /** The period end whose "renewal in 7 days" notice (`invoice.upcoming`) was sent: once per period. */
  remindedFor?: number;
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
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly pending = new Set<Promise<void>>();
  private offsetMs = 0;
  private failNextRenewal = false;
  private closed = false;
  private seq = 0;

  constructor(private readonly options: SimulatorOptions) {
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
          this.emit('payment_intent.requires_action', this.piObject(pi));
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
    else this.emit('customer.subscription.updated', this.subObject(sub));
    return { card, status: sub.status };
  }

  private decline(pi: SimPaymentIntent, message: string): CardDeclinedError {
    pi.status = 'requires_payment_method';
    pi.lastError = message;
    this.emit('payment_intent.payment_failed', this.piObject(pi));
    const invoice = this.invoices.get(pi.invoice);
    if (invoice) this.emit('invoice.payment_failed', this.invoiceObject(invoice));
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
    this.emit('payment_intent.succeeded', this.piObject(pi));
    this.emit('invoice.paid', this.invoiceObject(invoice));
    this.emit('customer.subscription.updated', this.subObject(sub));
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
          this.emit('invoice.upcoming', this.upcomingInvoiceObject(sub));
        }
        continue;
      }
      if (sub.cancelAtPeriodEnd) {
        sub.status = 'canceled';
        sub.canceledAt = sub.canceledAt ?? now;
        this.emit('customer.subscription.deleted', this.subObject(sub));
        continue;
      }
      const invoice = this.newInvoice(sub, sub.periodEnd);
      sub.latestInvoice = invoice.id;
      const pi = this.intents.get(invoice.paymentIntent)!;
      if (this.failNextRenewal) {
        pi.status = 'requires_payment_method';
        pi.lastError = 'Your card was declined.';
        sub.status = 'past_due';
        this.emit('invoice.payment_failed', this.invoiceObject(invoice));
        this.emit('customer.subscription.updated', this.subObject(sub));
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
    return sub ? this.state(sub) : null;
  }

  async cancelSubscription(id: string, options: { atPeriodEnd: boolean; idempotencyKey: string }): Promise<SubscriptionState> {
    const sub = this.subscriptions.get(id);
    if (!sub) throw new Error(`No such subscription: ${id}`);
    if (sub.status === 'canceled') return this.state(sub);
    const now = this.now();
    if (options.atPeriodEnd && sub.status === 'active') {
      if (!sub.cancelAtPeriodEnd) {
        sub.cancelAtPeriodEnd = true;
        sub.canceledAt = now;
        this.emit('customer.subscription.updated', this.subObject(sub));
      }
    } else {
      sub.status = 'canceled';
      sub.canceledAt = sub.canceledAt ?? now;
      const pi = this.intents.get(this.invoices.get(sub.latestInvoice)?.paymentIntent ?? '');
      if (pi && pi.status !== 'succeeded') pi.status = 'canceled';
      this.emit('customer.subscription.deleted', this.subObject(sub));
    }
    return this.state(sub);
  }

  async resumeSubscription(id: string, options: { idempotencyKey: string }): Promise<SubscriptionState> {
    return this.once(`resume:${options.idempotencyKey}`, () => {
      const sub = this.subscriptions.get(id);
      if (!sub) throw new Error(`No such subscription: ${id}`);
      if (sub.status === 'canceled') throw new Error(`Subscription ${id} has ended; it cannot be resumed`);
      if (sub.cancelAtPeriodEnd) {
        sub.cancelAtPeriodEnd = false;
        sub.canceledAt = null;
        this.emit('customer.subscription.updated', this.subObject(sub));
      }
      return this.state(sub);
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
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private state(sub: SimSubscription): SubscriptionState {
    return {
      id: sub.id,
      status: sub.status,
      customerId: sub.customer,
      currentPeriodEnd: new Date(sub.periodEnd).toISOString(),
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      canceledAt: sub.canceledAt === null ? null : new Date(sub.canceledAt).toISOString(),
      metadata: { ...sub.metadata },
    };
  }

  private piObject(pi: SimPaymentIntent) {
    return {
      id: pi.id,
      object: 'payment_intent',
      status: pi.status,
      amount: pi.amount,
      currency: pi.currency,
      customer: pi.customer,
      last_payment_error: pi.lastError ? { message: pi.lastError, code: 'card_declined' } : null,
      livemode: false,
    };
  }

  private invoiceObject(inv: SimInvoice) {
    return {
      id: inv.id,
      object: 'invoice',
      status: inv.status,
      amount_paid: inv.status === 'paid' ? inv.amount : 0,
      amount_due: inv.amount,
      billing_reason: inv.billingReason ?? null,
      payments: { data: [{ payment: { type: 'payment_intent', payment_intent: inv.paymentIntent } }] },
      parent: { type: 'subscription_details', subscription_details: { subscription: inv.subscription } },
      lines: { data: [{ period: { start: Math.floor(inv.periodStart / 1000), end: Math.floor(inv.periodEnd / 1000) } }] },
      livemode: false,
    };
  }

  /** The next renewal's invoice as `invoice.upcoming` carries it (Stripe's has no id: ours is made from the period). */
  private upcomingInvoiceObject(sub: SimSubscription) {
    return {
      id: `upcoming_${sub.id}_${Math.floor(sub.periodEnd / 1000)}`,
      object: 'invoice',
      status: 'draft',
      amount_paid: 0,
      amount_due: CLAIM_PLAN.amount,
      billing_reason: 'upcoming',
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
      lines: { data: [{ period: { start: Math.floor(sub.periodEnd / 1000), end: Math.floor((sub.periodEnd + YEAR_MS) / 1000) } }] },
      livemode: false,
    };
  }

  private subObject(sub: SimSubscription) {
    return {
      id: sub.id,
      object: 'subscription',
      status: sub.status,
      customer: sub.customer,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      canceled_at: sub.canceledAt === null ? null : Math.floor(sub.canceledAt / 1000),
      metadata: { ...sub.metadata },
      items: { data: [{ current_period_start: Math.floor(sub.periodStart / 1000), current_period_end: Math.floor(sub.periodEnd / 1000) }] },
      livemode: false,
    };
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
    const payload = JSON.stringify(event);
    const copies = Math.random() < (this.options.duplicateRate ?? 0.2) ? 2 : 1;
    for (let i = 0; i < copies; i++) this.schedule(payload, event.id, 0, i * 30);
  }

  private schedule(payload: string, eventId: string, attempt: number, delayMs: number): void {
    let done: () => void = () => undefined;
    const pending = new Promise<void>((resolve) => (done = resolve));
    this.pending.add(pending);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(payload, eventId, attempt).finally(() => {
        this.pending.delete(pending);
        done();
      });
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(payload: string, eventId: string, attempt: number): Promise<void> {
    if (this.closed) return;
    // Signed at each attempt, as Stripe does: a retry carries a fresh timestamp.
    let status = 0;
    try {
      status = await this.options.deliver(payload, this.sign(payload));
    } catch (err) {
      this.options.onDeliveryError?.(err, eventId);
    }
    if (status >= 200 && status < 300) return;
    const max = this.options.maxAttempts ?? 6;
    if (attempt + 1 >= max) {
      this.options.onDeliveryError?.(new Error(`webhook ${eventId} gave up after ${max} attempts (last status ${status})`), eventId);
      return;
    }
    this.schedule(payload, eventId, attempt + 1, (this.options.retryDelayMs ?? 200) * 2 ** attempt);
  }
}

/** Random letters and digits, as Stripe's ids use. */
function alnum(length: number): string {
  return randomBytes(length * 2)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, length);
}

/** True when an MM/YY (or MM/YYYY) expiry is before the current month. */
function expired(expiry: string, nowMs: number): boolean {
  const m = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!m) return true;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  const now = new Date(nowMs);
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

/** The test card's brand and last 4 digits, as Stripe reports a card. */
function cardOf(number: string): CardView {
  return { brand: number.startsWith('4') ? 'visa' : 'unknown', last4: number.slice(-4) };
}
