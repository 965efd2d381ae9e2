import type { PaymentIntentStatus, PaymentProvider, SubscriptionStatus } from '@limo/contracts';

/** A PaymentIntent as billing needs it (Stripe's field meanings). */
export interface PaymentIntentView {
  id: string;
  status: PaymentIntentStatus;
  /** Cents. */
  amount: number;
  currency: string;
  customerId: string | null;
  /** The last failure's message (a decline), or null. */
  lastError: string | null;
  /** The card charged (or to be charged), when the provider tells it. */
  card?: CardView | null;
}

/** A card as receipts and the owner's billing page show it. */
export interface CardView {
  brand: string;
  last4: string;
}

/** A subscription's state at the provider. */
export interface SubscriptionState {
  id: string;
  status: SubscriptionStatus;
  customerId: string | null;
  /** ISO time the paid period ends (renewal, or the end of a cancelled subscription). */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  metadata: Record<string, string>;
}

/** What starting the yearly subscription gives the checkout: the first invoice's PaymentIntent to confirm in the browser. */
export interface CheckoutSession {
  subscriptionId: string;
  invoiceId: string | null;
  /** Null only when the provider answered without one (stripe-mock's fixtures). */
  paymentIntentId: string | null;
  clientSecret: string | null;
  /** Cents. */
  amount: number;
  currency: string;
  status: SubscriptionStatus;
}

/** An invoice, as webhook events carry it. */
export interface InvoiceView {
  id: string;
  subscriptionId: string | null;
  status: string | null;
  amountPaid: number;
  periodEnd: string | null;
  /** Stripe's `billing_reason`: `subscription_create` (the checkout) or `subscription_cycle` (a renewal). */
  billingReason?: string | null;
  /** The PaymentIntent that paid (or failed to pay) it, when known. */
  paymentIntentId?: string | null;
}

/** A SetupIntent (Stripe's): a card saved for later charges, confirmed by Stripe.js in the browser. */
export interface SetupIntentView {
  id: string;
  /** Stripe's SetupIntent status: `succeeded` once the card is saved. */
  status: string;
  customerId: string | null;
  /** The saved payment method, once there is one. */
  paymentMethodId: string | null;
  /** Ours: `subscriptionId` (the subscription whose card this replaces) and `purpose: card_update`. */
  metadata: Record<string, string>;
}

/**
 * Card updates confirmed in the browser (Stripe's SetupIntents, usage `off_session`). The simulator has
 * none: its test cards are sent to `updateCard` instead.
 */
export interface CardSetupPort {
  /** A SetupIntent for the customer; its client secret is confirmed by Stripe Elements. */
  createSetupIntent(input: {
    customerId: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ setupIntentId: string; clientSecret: string }>;
  /** The SetupIntent, or null when the provider does not know it. */
  retrieveSetupIntent(id: string): Promise<SetupIntentView | null>;
  /**
   * Makes the payment method the customer's default (invoice settings) and the subscription's, so
   * renewals and retries charge it; answers its card. Safe to repeat.
   */
  makeDefaultPaymentMethod(input: {
    customerId: string;
    subscriptionId: string;
    paymentMethodId: string;
    idempotencyKey: string;
  }): Promise<CardView | null>;
}

/** A verified webhook event, reduced to what billing reads. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** When the provider created the event (ISO). */
  created: string;
  /** Id of the object the event is about. */
  objectId: string;
  paymentIntent?: PaymentIntentView;
  subscription?: SubscriptionState;
  invoice?: InvoiceView;
  setupIntent?: SetupIntentView;
}

/** A refund as the provider recorded it. */
export interface RefundResult {
  refundId: string;
  status: string;
}

/** Raised when a webhook's signature is missing, wrong or older than the tolerance. */
export class WebhookSignatureError extends Error {}

/** Raised for a card the provider declined; the message is the provider's, for the customer. */
export class CardDeclinedError extends Error {
  constructor(
    message: string,
    readonly paymentIntentId: string,
  ) {
    super(message);
  }
}

/**
 * The payment provider behind the $75/year subscription: Stripe Billing, or the offline simulator.
 * Every create takes an idempotency key, so a retried call never charges or creates twice.
 */
export interface PaymentsProvider {
  /** Which adapter this is. */
  readonly name: PaymentProvider;
  /** True when no real money moves (the simulator, Stripe test keys). */
  readonly testMode: boolean;
  /** The browser's publishable key, or null (simulator). */
  readonly publishableKey: string | null;
  /** Card updates through SetupIntents (Stripe), or null (the simulator takes a test card instead). */
  readonly cardSetup: CardSetupPort | null;
  /** Finds the yearly price by its lookup key, creating it when missing; returns its id. */
  ensurePrice(): Promise<string>;
  /** Creates a customer. */
  createCustomer(input: {
    email: string | null;
    name: string | null;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<string>;
  /** Starts the yearly subscription `default_incomplete`: its first invoice's PaymentIntent is confirmed in the browser. */
  createSubscription(input: { customerId: string; metadata: Record<string, string>; idempotencyKey: string }): Promise<CheckoutSession>;
  /** The PaymentIntent, or null when the provider does not know it. */
  retrievePaymentIntent(id: string): Promise<PaymentIntentView | null>;
  /** The subscription, or null when the provider does not know it. */
  retrieveSubscription(id: string): Promise<SubscriptionState | null>;
  /** Cancels at the end of the paid period (`atPeriodEnd`), or at once. */
  cancelSubscription(id: string, options: { atPeriodEnd: boolean; idempotencyKey: string }): Promise<SubscriptionState>;
  /** Undoes a cancellation at the period's end: the subscription renews again. */
  resumeSubscription(id: string, options: { idempotencyKey: string }): Promise<SubscriptionState>;
  /** Refunds a succeeded PaymentIntent in full. */
  refundPayment(paymentIntentId: string, options: { idempotencyKey: string }): Promise<RefundResult>;
  /** Verifies the signature header over the raw body (300 s tolerance) and reads the event; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
  /** Stops timers (the simulator's webhook deliveries). */
  close(): Promise<void>;
}

/** Stripe's default signature tolerance, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
