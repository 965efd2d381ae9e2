import { join } from 'node:path';
import {
  auditRecordedV1,
  claimApprovedV1,
  claimClaimantLinkedV1,
  claimRejectedV1,
  claimSubmittedV1,
  companyEvents,
  listingRegisteredV1,
  paymentProviderEventReceivedV1,
  paymentSucceededV1,
  subscriptionActivatedV1,
  subscriptionCanceledV1,
  userRegisteredV1,
  userRemovedV1,
  SUPPORT_EMAIL,
} from '@limo/contracts';
import {
  AuditTrail,
  buildService,
  consumer,
  defineService,
  internalCallHeaders,
  type BuiltService,
  type ServiceContext,
} from '@limo/platform';
import { onClaimRejectedMail, onClaimRejectedRefund } from './consumers/on-claim-rejected.js';
import { onClaimantLinked } from './consumers/on-claimant-linked.js';
import { onCompanyChanged } from './consumers/on-company-changed.js';
import { onProviderEvent } from './consumers/on-provider-event.js';
import { onUserRegistered } from './consumers/on-user-registered.js';
import type { BillingDeps } from './deps.js';
import { httpIdentityAccounts } from './identity/identity-accounts.http.js';
import type { IdentityAccounts } from './identity/identity-accounts.port.js';
import { SecretBox } from './keys/secret-box.js';
import { BillingOperations, type CompanyFacts } from './use-cases/billing-operations.js';
import { paymentsNeed } from './payments/payments.need.js';
import { PaymentsRegistry } from './payments/payments.registry.js';
import type { SimulatorOptions } from './payments/simulator.payments.js';
import { ClaimsRepository } from './repositories/claims.repository.js';
import { KeysRepository } from './repositories/keys.repository.js';
import { ListingsRepository } from './repositories/listings.repository.js';
import { PaymentsRepository } from './repositories/payments.repository.js';
import { ReadModels } from './repositories/read-models.repository.js';
import { SubscriptionsRepository } from './repositories/subscriptions.repository.js';
import { SignUpsRepository } from './repositories/sign-ups.repository.js';
import { WebhookEventsRepository } from './repositories/webhook-events.repository.js';
import { adminRoutes } from './routes/admin/index.js';
import { configRoutes } from './routes/config/index.js';
import { createPaymentIntentRoutes } from './routes/create-payment-intent/index.js';
import { paymentsRoutes } from './routes/payments/index.js';
import { processPaymentSuccessRoutes } from './routes/process-payment-success/index.js';
import { registerBusinessListingRoutes } from './routes/register-business-listing/index.js';
import { stripeWebhookRoutes } from './routes/webhooks/stripe/index.js';
import { ownerRoutes } from './routes/owner.js';
import { LedgerRepository } from './repositories/ledger.repository.js';
import { BillingFacts } from './use-cases/billing-facts.js';
import { MySubscriptionUseCase } from './use-cases/my-subscription.js';
import { AdminPaymentsUseCase } from './use-cases/admin-payments.js';
import { ListingSignUps } from './use-cases/listing-sign-up.js';
import {
  onClaimApprovedMail,
  onClaimSubmittedMail,
  onPaymentSucceededReceipt,
  onProviderEventMails,
} from './consumers/on-billing-mails.js';
import { billingEnvSchema, billingSettings, describeBillingSettings } from './settings.js';

/** What tests may change; production uses the defaults. */
export interface BillingOptions {
  /** Billing's variables (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Simulator tuning (duplicate rate, retry delays). */
  simulator?: Partial<SimulatorOptions>;
  /** How long a checkout waits for a just-listed company (default 0.5 s). */
  companyWaitMs?: number;
  /** Replaces the directory lookup of companies the read-model lacks (tests). */
  lookupCompany?: (id: string) => Promise<CompanyFacts | null>;
  /** Replaces identity's accounts (default: its internal routes, with the internal secret). */
  identityAccounts?: IdentityAccounts;
}

/** A sign-up not final after this long is stuck (longer than any call of it takes); recovery looks every minute. */
const SIGN_UP_STALE_MS = 2 * 60_000;

/** GET the directory's public company: the user waits for this answer, so a synchronous call is allowed. */
async function lookupCompanyInDirectory(config: ServiceContext['config'], id: string): Promise<CompanyFacts | null> {
  const res = await fetch(`${config.serviceUrls.directory}/api/companies/${encodeURIComponent(id)}`, {
    headers: internalCallHeaders(config.INTERNAL_SECRET),
    signal: AbortSignal.timeout(5_000),
  });
  if (res.status === 404 || res.status === 400) return null;
  if (!res.ok) throw new Error(`directory answered ${res.status}`);
  const company = (await res.json()) as { name?: unknown; claimed?: unknown };
  if (typeof company.name !== 'string') return null;
  return { name: company.name, owned: company.claimed === true, userId: null };
}

/** The billing service, with its dependencies visible to tests (the simulator's clock, the stores). */
export type BillingService = BuiltService<BillingDeps>;

/** Billing: payments, business claims, subscriptions, paid listings and provider keys. */
export const billingService = defineService.withOptions<Omit<BillingOptions, 'env'>>()({
  name: 'billing',
  description: 'Payments, claims and subscriptions',
  env: billingEnvSchema,
  produces: [
    paymentSucceededV1,
    claimSubmittedV1,
    claimApprovedV1,
    claimRejectedV1,
    subscriptionActivatedV1,
    subscriptionCanceledV1,
    listingRegisteredV1,
    paymentProviderEventReceivedV1,
    auditRecordedV1,
  ],
  needs: { payments: paymentsNeed },
  async init({ ctx, env, ports, options }) {
    const logger = ctx.logger.child({ service: 'billing' });
    const settings = billingSettings(ctx.config, env);
    logger.info({ settings: describeBillingSettings(settings) }, 'billing settings');
    const box = settings.BILLING_ENCRYPTION_KEY
      ? SecretBox.fromKey(settings.BILLING_ENCRYPTION_KEY)
      : SecretBox.fromDir(join(settings.DATA_DIR, 'billing'));

    const keys = await KeysRepository.create(ctx.store, box);
    const payments = await PaymentsRepository.create(ctx.store);
    const claims = await ClaimsRepository.create(ctx.store);
    const subscriptions = await SubscriptionsRepository.create(ctx.store);
    const webhookEvents = await WebhookEventsRepository.create(ctx.store);
    const readModels = await ReadModels.create(ctx.store);
    const listings = await ListingsRepository.create(ctx.store);
    const registry = new PaymentsRegistry(settings, keys, ports.payments, logger, options.simulator);
    const useCaseDeps = {
      registry,
      payments,
      claims,
      subscriptions,
      webhookEvents,
      readModels,
      listings,
      logger,
      cache: ctx.cache,
      publicUrl: ctx.config.PUBLIC_URL,
      companyWaitMs: options.companyWaitMs,
      lookupCompany: options.lookupCompany ?? ((id: string) => lookupCompanyInDirectory(ctx.config, id)),
    };
    const ops = new BillingOperations(useCaseDeps);
    const listingSignUps = new ListingSignUps({
      ...useCaseDeps,
      signUps: await SignUpsRepository.create(ctx.store),
      accounts: options.identityAccounts ?? httpIdentityAccounts(ctx.config.serviceUrls.identity, ctx.config.INTERNAL_SECRET),
    });
    let recovering: NodeJS.Timeout | undefined;
    const ledger = await LedgerRepository.create(ctx.store);
    const facts = new BillingFacts({
      registry,
      payments,
      claims,
      subscriptions,
      listings,
      readModels,
      ledger,
      mailer: ctx.mailer,
      // The one support mailbox the site names and the contact form writes to.
      links: { publicUrl: ctx.config.PUBLIC_URL, supportEmail: SUPPORT_EMAIL },
      logger,
    });
    const mySubscription = new MySubscriptionUseCase(facts);
    const adminPayments = new AdminPaymentsUseCase(facts);
    const audit = await AuditTrail.create(ctx.store, 'billing');
    return {
      deps: {
        ...useCaseDeps,
        ctx,
        settings,
        ops,
        keys,
        mySubscription,
        adminPayments,
        listingSignUps,
        audit,
      },
      routes: [
        createPaymentIntentRoutes,
        processPaymentSuccessRoutes,
        paymentsRoutes,
        stripeWebhookRoutes,
        registerBusinessListingRoutes,
        configRoutes,
        adminRoutes,
        ownerRoutes,
      ],
      onApp(app) {
        // The simulator posts its signed events to the same webhook route Stripe would.
        registry.setWebhookDelivery(async (payload, signature) => {
          const res = await app.inject({
            method: 'POST',
            url: '/api/webhooks/stripe',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            payload,
          });
          return res.statusCode;
        });
      },
      consumers: [
        consumer({ group: 'billing.companies', consumes: companyEvents, handler: onCompanyChanged(readModels) }),
        consumer({ group: 'billing.users', consumes: [userRegisteredV1, userRemovedV1], handler: onUserRegistered(readModels) }),
        consumer({
          group: 'billing.provider-events',
          consumes: [paymentProviderEventReceivedV1],
          handler: onProviderEvent(ops),
          idempotent: true,
        }),
        consumer({ group: 'billing.claimants', consumes: [claimClaimantLinkedV1], handler: onClaimantLinked(ops), idempotent: true }),
        consumer({ group: 'billing.claim-refunds', consumes: [claimRejectedV1], handler: onClaimRejectedRefund(ops), idempotent: true }),
        consumer({
          group: 'billing.claim-rejected-mail',
          consumes: [claimRejectedV1],
          handler: onClaimRejectedMail(ctx.mailer, SUPPORT_EMAIL),
          idempotent: true,
        }),
        consumer({
          group: 'billing.receipts',
          consumes: [paymentSucceededV1],
          handler: onPaymentSucceededReceipt(facts),
          idempotent: true,
        }),
        consumer({
          group: 'billing.claim-submitted-mail',
          consumes: [claimSubmittedV1],
          handler: onClaimSubmittedMail(facts),
          idempotent: true,
        }),
        consumer({
          group: 'billing.claim-approved-mail',
          consumes: [claimApprovedV1],
          handler: onClaimApprovedMail(facts),
          idempotent: true,
        }),
        consumer({
          group: 'billing.provider-event-mails',
          consumes: [paymentProviderEventReceivedV1],
          handler: onProviderEventMails(facts, webhookEvents),
          idempotent: true,
        }),
      ],
      async prepare() {
        // A sign-up cut short (a crash, identity unreachable) is driven to a final state.
        recovering = setInterval(
          () => void listingSignUps.recover(SIGN_UP_STALE_MS).catch((err: unknown) => logger.warn({ err }, 'recovering sign-ups failed')),
          60_000,
        );
        recovering.unref();
        const keys = await registry.effectiveKeys();
        if (!registry.simulatorAllowed && !keys.stripeSecretKey) {
          logger.warn(
            'payments are not configured: set STRIPE_SECRET_KEY or save the keys in Settings (the simulator is refused in PROFILE=distributed unless PAYMENTS_SIMULATOR_ALLOWED=true)',
          );
        }
        if (keys.stripeSecretKey && !keys.stripeWebhookSecret) {
          logger.warn(
            'Stripe is configured without a webhook secret: every webhook will be refused (set STRIPE_WEBHOOK_SECRET or save it in Settings)',
          );
        }
      },
      async stop() {
        clearInterval(recovering);
      },
    };
  },
});

/** The billing service built on `ctx`, with billing's variables from `options.env` (default: process.env) and test tuning. */
export function createBillingService(ctx: ServiceContext, options: BillingOptions = {}): Promise<BillingService> {
  const { env, ...tuning } = options;
  return buildService(billingService, ctx, { env, options: tuning });
}
