import Stripe from 'stripe';
import { CLAIM_PLAN } from '@limo/contracts';
import { HttpError } from '@limo/platform';
import {
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
  type CardSetupPort,
  type CardView,
  type CheckoutSession,
  type PaymentIntentView,
  type PaymentsProvider,
  type ProviderEvent,
  type RefundResult,
  type SetupIntentView,
  type SubscriptionState,
} from './payments.port.js';
import { toPaymentIntentView, toProviderEvent, toSetupIntentView, toSubscriptionState } from './stripe-events.js';

export interface StripePaymentsOptions {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string | null;
  /** Another API base (stripe-mock: http://127.0.0.1:12111); Stripe's own when absent. */
  apiUrl?: string;
  /** Lookup key of the yearly price. */
  priceLookupKey: string;
}

/**
 * Stripe Billing: the $75/year plan as a Price found (or created) by its lookup key, one customer and
 * one `default_incomplete` subscription per checkout, the first invoice's PaymentIntent confirmed by
 * Stripe.js in the browser. Webhooks are verified with the SDK over the raw body.
 */
export class StripePayments implements PaymentsProvider, CardSetupPort {
  readonly name = 'stripe' as const;
  readonly testMode: boolean;
  readonly publishableKey: string | null;
  private readonly stripe: Stripe;
  private priceId: string | null = null;

  private constructor(private readonly options: StripePaymentsOptions) {
    const api = options.apiUrl ? new URL(options.apiUrl) : null;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api && {
        host: api.hostname,
        port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
        protocol: api.protocol === 'https:' ? 'https' : 'http',
      }),
    });
    this.testMode = !options.secretKey.includes('_live_');
    this.publishableKey = options.publishableKey;
  }

  /** Card updates go through SetupIntents confirmed by Stripe Elements. */
  get cardSetup(): CardSetupPort {
    return this;
  }

  /** Builds the adapter (no call is made until the first use). */
  static create(options: StripePaymentsOptions): StripePayments {
    return new StripePayments(options);
  }

  ensurePrice(): Promise<string> {
    return this.run(() => this.ensurePriceNow());
  }

  private async ensurePriceNow(): Promise<string> {
    if (this.priceId) return this.priceId;
    const key = this.options.priceLookupKey;
    const found = await this.stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 });
    const existing = found.data[0];
    if (existing && existing.unit_amount === CLAIM_PLAN.amount && existing.recurring?.interval === 'year') {
      this.priceId = existing.id;
      return existing.id;
    }
    const created = await this.stripe.prices.create(
      {
        currency: CLAIM_PLAN.currency,
        unit_amount: CLAIM_PLAN.amount,
        recurring: { interval: 'year' },
        product_data: { name: CLAIM_PLAN.name },
        lookup_key: key,
        transfer_lookup_key: true,
      },
      { idempotencyKey: `price:${key}:${CLAIM_PLAN.amount}:year` },
    );
    this.priceId = created.id;
    return created.id;
  }

  createCustomer(input: {
    email: string | null;
    name: string | null;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<string> {
    return this.run(() => this.createCustomerNow(input));
  }

  private async createCustomerNow(input: {
    email: string | null;
    name: string | null;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { ...(input.email && { email: input.email }), ...(input.name && { name: input.name }), metadata: input.metadata },
      { idempotencyKey: input.idempotencyKey },
    );
    return customer.id;
  }

  createSubscription(input: { customerId: string; metadata: Record<string, string>; idempotencyKey: string }): Promise<CheckoutSession> {
    return this.run(() => this.createSubscriptionNow(input));
  }

  private async createSubscriptionNow(input: {
    customerId: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<CheckoutSession> {
    const price = await this.ensurePriceNow();
    const sub = await this.stripe.subscriptions.create(
      {
        customer: input.customerId,
        items: [{ price }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
        metadata: input.metadata,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
    const payment = invoice?.payments?.data.find((p) => p.payment.type === 'payment_intent')?.payment.payment_intent;
    const paymentIntentId = typeof payment === 'string' ? payment : (payment?.id ?? null);
    return {
      subscriptionId: sub.id,
      invoiceId: invoice?.id ?? null,
      paymentIntentId,
      clientSecret: invoice?.confirmation_secret?.client_secret || null,
      amount: invoice?.amount_due ?? CLAIM_PLAN.amount,
      currency: invoice?.currency ?? CLAIM_PLAN.currency,
      status: toSubscriptionState(sub).status,
    };
  }

  retrievePaymentIntent(id: string): Promise<PaymentIntentView | null> {
    return this.orMissing(async () => toPaymentIntentView(await this.stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] })));
  }

  retrieveSubscription(id: string): Promise<SubscriptionState | null> {
    return this.orMissing(async () => toSubscriptionState(await this.stripe.subscriptions.retrieve(id)));
  }

  cancelSubscription(id: string, options: { atPeriodEnd: boolean; idempotencyKey: string }): Promise<SubscriptionState> {
    return this.run(() => this.cancelSubscriptionNow(id, options));
  }

  private async cancelSubscriptionNow(id: string, options: { atPeriodEnd: boolean; idempotencyKey: string }): Promise<SubscriptionState> {
    const sub = options.atPeriodEnd
      ? await this.stripe.subscriptions.update(id, { cancel_at_period_end: true }, { idempotencyKey: options.idempotencyKey })
      : await this.stripe.subscriptions.cancel(id, {}, { idempotencyKey: options.idempotencyKey });
    return toSubscriptionState(sub);
  }

  resumeSubscription(id: string, options: { idempotencyKey: string }): Promise<SubscriptionState> {
    return this.run(async () =>
      toSubscriptionState(
        await this.stripe.subscriptions.update(id, { cancel_at_period_end: false }, { idempotencyKey: options.idempotencyKey }),
      ),
    );
  }

  refundPayment(paymentIntentId: string, options: { idempotencyKey: string }): Promise<RefundResult> {
    return this.run(() => this.refundPaymentNow(paymentIntentId, options));
  }

  private async refundPaymentNow(paymentIntentId: string, options: { idempotencyKey: string }): Promise<RefundResult> {
    const refund = await this.stripe.refunds.create(
      { payment_intent: paymentIntentId, reason: 'requested_by_customer' },
      { idempotencyKey: options.idempotencyKey },
    );
    return { refundId: refund.id, status: refund.status ?? 'pending' };
  }

  createSetupIntent(input: {
    customerId: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ setupIntentId: string; clientSecret: string }> {
    return this.run(async () => {
      const si = await this.stripe.setupIntents.create(
        { customer: input.customerId, usage: 'off_session', payment_method_types: ['card'], metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!si.client_secret) throw new HttpError(502, 'The payment provider answered without a card form to confirm. Please try again.');
      return { setupIntentId: si.id, clientSecret: si.client_secret };
    });
  }

  retrieveSetupIntent(id: string): Promise<SetupIntentView | null> {
    return this.orMissing(async () => toSetupIntentView(await this.stripe.setupIntents.retrieve(id)));
  }

  makeDefaultPaymentMethod(input: {
    customerId: string;
    subscriptionId: string;
    paymentMethodId: string;
    idempotencyKey: string;
  }): Promise<CardView | null> {
    return this.run(async () => {
      const pm = input.paymentMethodId;
      await this.stripe.customers.update(
        input.customerId,
        { invoice_settings: { default_payment_method: pm } },
        { idempotencyKey: `${input.idempotencyKey}:customer` },
      );
      await this.stripe.subscriptions.update(
        input.subscriptionId,
        { default_payment_method: pm },
        { idempotencyKey: `${input.idempotencyKey}:subscription` },
      );
      const method = await this.stripe.paymentMethods.retrieve(pm);
      return method.card ? { brand: method.card.brand, last4: method.card.last4 } : null;
    });
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent {
    if (!this.options.webhookSecret) throw new WebhookSignatureError('No webhook secret is configured (STRIPE_WEBHOOK_SECRET or Settings)');
    return verifyStripeSignedEvent(this.stripe, rawBody, signatureHeader, this.options.webhookSecret);
  }

  async close(): Promise<void> {}

  /** As `run`, but null when Stripe has no such object. */
  private async orMissing<T>(call: () => Promise<T>): Promise<T | null> {
    try {
      return await call();
    } catch (err) {
      if (isMissing(err)) return null;
      throw asHttpError(err);
    }
  }

  private async run<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      throw asHttpError(err);
    }
  }
}

/** Verifies a Stripe-format signature with the SDK (shared by the simulator, which signs the same way). */
export function verifyStripeSignedEvent(
  stripe: Stripe,
  rawBody: Buffer,
  signatureHeader: string | undefined,
  secret: string,
): ProviderEvent {
  if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header');
  let event: unknown;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (err) {
    throw new WebhookSignatureError((err as Error).message);
  }
  return toProviderEvent(event);
}

/**
 * Stripe's errors as answers: a refused key is a configuration problem (503), an unreachable or
 * failing Stripe a 502, a declined card a 402 with Stripe's message; anything else is rethrown.
 */
function asHttpError(err: unknown): unknown {
  if (!(err instanceof Stripe.errors.StripeError)) return err;
  if (err instanceof Stripe.errors.StripeCardError) return new HttpError(402, err.message);
  if (err instanceof Stripe.errors.StripeAuthenticationError || err instanceof Stripe.errors.StripePermissionError) {
    return new HttpError(503, 'Payments are misconfigured: Stripe refused the secret key. An admin can fix it in Settings.');
  }
  if (err instanceof Stripe.errors.StripeRateLimitError)
    return new HttpError(503, 'The payment provider is busy. Please try again in a moment.');
  return new HttpError(502, `The payment provider could not complete the request (${err.type}). Please try again.`);
}

function isMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeInvalidRequestError && (err.code === 'resource_missing' || err.statusCode === 404);
}
