import { randomUUID } from 'node:crypto';
import { NedbDocumentStore } from '@limo/engine-nedb';
import { createLogger, MemoryCache, type AdapterSwitch, type EventEnvelope, type MailMessage, type SessionUser } from '@limo/platform';
import { outboxEvents, recordingMailer } from '@limo/platform/testing';
import { businessListingBodySchema, type BusinessListingBody, type CreatePaymentIntentBody } from '@limo/contracts';
import type { CardSetupPort, CardView, PaymentsProvider, SetupIntentView } from '../../src/payments/payments.port.js';
import { PaymentsRegistry } from '../../src/payments/payments.registry.js';
import { PaymentSimulator } from '../../src/payments/simulator.payments.js';
import { ClaimsRepository } from '../../src/repositories/claims.repository.js';
import { LedgerRepository } from '../../src/repositories/ledger.repository.js';
import { ListingsRepository } from '../../src/repositories/listings.repository.js';
import { PaymentsRepository } from '../../src/repositories/payments.repository.js';
import { ReadModels } from '../../src/repositories/read-models.repository.js';
import { SubscriptionsRepository, type SubscriptionDoc } from '../../src/repositories/subscriptions.repository.js';
import { WebhookEventsRepository } from '../../src/repositories/webhook-events.repository.js';
import { billingEnvSchema } from '../../src/settings.js';
import { companySnapshot } from '../support.js';
import { createPaymentIntent } from '../../src/use-cases/checkout.js';
import { BillingFacts } from '../../src/use-cases/billing-facts.js';
import type { UseCaseDeps } from '../../src/use-cases/context.js';
import { handleProviderEvent } from '../../src/use-cases/provider-events.js';

/**
 * Billing's use cases on in-memory adapters: the repositories on an in-memory store, the payment
 * simulator (its webhooks held until {@link BillingWorld.deliverWebhooks}), and the events the writes
 * owe, read back with {@link BillingWorld.events}.
 */
export interface BillingWorld {
  d: UseCaseDeps;
  simulator: PaymentSimulator;
  /** The lookups and mail of the self-service and admin use cases, on the same store. */
  facts: BillingFacts;
  /** The mails sent so far. */
  mails: MailMessage[];
  /**
   * The simulator's webhooks sent since the last call, as the webhook route stores them and billing's
   * consumer applies them (a redelivered event is applied once): their event types.
   */
  deliverWebhooks(): Promise<string[]>;
  /** The events published so far (the outbox flushed first). */
  events(type?: string): Promise<EventEnvelope[]>;
  /** An account billing's read-model knows (as identity announced it), with e-mail `email`. */
  account(userId: string, email: string): Promise<void>;
  /** A company billing's read-model knows, owned by `userId` or nobody: its id. */
  company(fields?: { userId?: string | null; name?: string }): Promise<string>;
  /** The stored subscription `id` (a checkout's answer may name none: then the test fails). */
  subscription(id: string | null): Promise<SubscriptionDoc | null>;
  /** The directory's next version of company `id`, now owned by `userId`. */
  changeOwner(id: string, userId: string | null): Promise<void>;
}

export async function billingWorld(): Promise<BillingWorld> {
  const store = await NedbDocumentStore.create();
  const webhooks: { payload: string; signature: string }[] = [];
  const simulator = new PaymentSimulator({
    webhookSecret: 'whsec_unit',
    deliver: async (payload, signature) => {
      webhooks.push({ payload, signature });
      return 200;
    },
    duplicateRate: 0,
  });
  const payments: AdapterSwitch<PaymentsProvider, unknown> = {
    engineFor: () => 'simulator',
    adapterFor: () => simulator,
    close: () => simulator.close(),
  };
  const settings = { ...billingEnvSchema.parse({}), DATA_DIR: '', PUBLIC_URL: 'http://limo.test' };
  const noKeys = async () => ({
    stripeSecretKey: null,
    stripePublicKey: null,
    stripeWebhookSecret: null,
    googleMapsApiKey: null,
    updatedAt: null,
  });
  const logger = createLogger('silent');
  const readModels = await ReadModels.create(store);
  const d: UseCaseDeps = {
    registry: new PaymentsRegistry(settings, { read: noKeys }, payments, logger),
    payments: await PaymentsRepository.create(store),
    claims: await ClaimsRepository.create(store),
    subscriptions: await SubscriptionsRepository.create(store),
    webhookEvents: await WebhookEventsRepository.create(store),
    readModels,
    listings: await ListingsRepository.create(store),
    logger,
    cache: new MemoryCache(),
    publicUrl: 'http://limo.test',
    companyWaitMs: 0,
    lookupCompany: async () => null,
  };
  const mailer = recordingMailer();
  const facts = new BillingFacts({
    ...d,
    ledger: await LedgerRepository.create(store),
    mailer,
    links: { publicUrl: 'http://limo.test', supportEmail: 'support@limo.test' },
  });
  const events = outboxEvents(store);
  return {
    d,
    simulator,
    facts,
    mails: mailer.mails,
    async deliverWebhooks() {
      await simulator.idle();
      const types: string[] = [];
      for (const { payload, signature } of webhooks.splice(0)) {
        const event = simulator.verifyWebhook(Buffer.from(payload), signature);
        if (await d.webhookEvents.record('simulator', event)) await handleProviderEvent(d, event.id);
        types.push(event.type);
      }
      return types;
    },
    events,
    account: (userId, email) =>
      readModels.applyUser({ userId, username: userId, email, role: 'business', createdAt: new Date().toISOString() }),
    async company(fields = {}) {
      const id = randomUUID();
      await readModels.applyCompany(companySnapshot({ id, name: fields.name ?? 'Mile High Limousines', userId: fields.userId ?? null }));
      return id;
    },
    async subscription(id) {
      if (!id) throw new Error('the checkout made no subscription');
      return d.subscriptions.findById(id);
    },
    async changeOwner(id, userId) {
      const ref = await readModels.findCompany(id);
      if (!ref) throw new Error(`no company ${id}`);
      await readModels.applyCompany(companySnapshot({ id, name: ref.name, userId, version: ref.version + 1 }));
    },
  };
}

/** A signed-in user of `role`. */
export function signedIn(username: string, role: SessionUser['role'] = 'business'): SessionUser {
  return {
    id: randomUUID(),
    role,
    username,
    email: `${username}@example.com`,
    sessionId: randomUUID(),
    issuedAt: Date.now(),
    expiresAt: Date.now() + 3_600_000,
  };
}

const ignoreWarnings = { warn: () => undefined };

/** A checkout started and paid with the card that succeeds: its payment intent and client secret. */
export async function paidCheckout(
  w: BillingWorld,
  body: CreatePaymentIntentBody,
  user: SessionUser | null,
): Promise<{ paymentIntent: string; clientSecret: string }> {
  const answer = await createPaymentIntent(w.d, body, user, ignoreWarnings);
  const confirmed = w.simulator.confirm({ clientSecret: answer.clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });
  if (confirmed?.status !== 'succeeded') throw new Error(`the test card did not pay: ${confirmed?.status ?? 'unknown secret'}`);
  return { paymentIntent: answer.paymentIntentId, clientSecret: answer.clientSecret };
}

/**
 * `owner`'s paid upgrade of their own company (called `name`), its webhooks delivered: the company,
 * the payment intent and the subscription it started.
 */
export async function paidUpgrade(
  w: BillingWorld,
  owner: SessionUser,
  name?: string,
): Promise<{ companyId: string; paymentIntent: string; subscriptionId: string }> {
  const companyId = await w.company({ userId: owner.id, name });
  const { paymentIntent } = await paidCheckout(w, { plan: 'listing', companyId }, owner);
  await w.deliverWebhooks();
  const subscriptionId = (await w.d.payments.findById(paymentIntent))?.subscriptionId;
  if (!subscriptionId) throw new Error('the paid checkout made no subscription');
  return { companyId, paymentIntent, subscriptionId };
}

/**
 * An admin's refund of `paymentIntentId` as the ledger records it on starting (pending), before the
 * provider answers (the test fails when one was already started).
 */
export async function pendingRefund(w: BillingWorld, paymentIntentId: string, by = 'root'): Promise<void> {
  const started = await w.facts.d.ledger.startRefund({
    _id: paymentIntentId,
    refundId: null,
    status: 'pending',
    amount: 7500,
    reason: null,
    by,
    at: new Date().toISOString(),
  });
  if (!started) throw new Error(`a refund of ${paymentIntentId} was already started`);
}

/** The paid-listing form (§2.5) of a company called `name`, as the route parses it. */
export function listingForm(name = 'Dana Limos'): BusinessListingBody {
  return businessListingBodySchema.parse({
    name,
    businessEmail: 'Desk@dana.example',
    website: 'dana.example',
    phone: '(303) 555-0100',
    address: '1 Main St',
    city: 'Denver',
    state: 'CO',
    zipCode: '80202',
    fullAddress: '1 Main St, Denver, CO 80202',
  });
}

/** Stripe's SetupIntents in memory: created once per idempotency key, succeeded when the browser confirms. */
export class MemoryCardSetup implements CardSetupPort {
  private readonly intents = new Map<string, SetupIntentView>();
  private readonly byKey = new Map<string, string>();
  readonly defaults: { subscriptionId: string; paymentMethodId: string }[] = [];

  async createSetupIntent(input: { customerId: string; metadata: Record<string, string>; idempotencyKey: string }) {
    const id = this.byKey.get(input.idempotencyKey) ?? `seti_${this.intents.size + 1}`;
    this.byKey.set(input.idempotencyKey, id);
    if (!this.intents.has(id))
      this.intents.set(id, {
        id,
        status: 'requires_payment_method',
        customerId: input.customerId,
        paymentMethodId: null,
        metadata: input.metadata,
      });
    return { setupIntentId: id, clientSecret: `${id}_secret` };
  }

  async retrieveSetupIntent(id: string): Promise<SetupIntentView | null> {
    return this.intents.get(id) ?? null;
  }

  async makeDefaultPaymentMethod(input: { subscriptionId: string; paymentMethodId: string }): Promise<CardView | null> {
    this.defaults.push({ subscriptionId: input.subscriptionId, paymentMethodId: input.paymentMethodId });
    return { brand: 'visa', last4: input.paymentMethodId.slice(-4) };
  }

  /** The browser confirmed the card form with card `paymentMethodId`. */
  confirm(id: string, paymentMethodId: string): SetupIntentView {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no SetupIntent ${id}`);
    Object.assign(intent, { status: 'succeeded', paymentMethodId });
    return intent;
  }
}
