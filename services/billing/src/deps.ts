import type { AuditTrail, ServiceContext } from '@limo/platform';
import type { BillingOperations } from './use-cases/billing-operations.js';
import type { PaymentsRegistry } from './payments/payments.registry.js';
import type { ClaimsRepository } from './repositories/claims.repository.js';
import type { KeysRepository } from './repositories/keys.repository.js';
import type { ListingsRepository } from './repositories/listings.repository.js';
import type { PaymentsRepository } from './repositories/payments.repository.js';
import type { ReadModels } from './repositories/read-models.repository.js';
import type { SubscriptionsRepository } from './repositories/subscriptions.repository.js';
import type { WebhookEventsRepository } from './repositories/webhook-events.repository.js';
import type { BillingSettings } from './settings.js';
import type { AdminPaymentsUseCase } from './use-cases/admin-payments.js';
import type { ListingSignUps } from './use-cases/listing-sign-up.js';
import type { MySubscriptionUseCase } from './use-cases/my-subscription.js';

/** What billing's routes and consumers are built from. */
export interface BillingDeps {
  ctx: ServiceContext;
  settings: BillingSettings;
  registry: PaymentsRegistry;
  ops: BillingOperations;
  payments: PaymentsRepository;
  claims: ClaimsRepository;
  subscriptions: SubscriptionsRepository;
  webhookEvents: WebhookEventsRepository;
  readModels: ReadModels;
  listings: ListingsRepository;
  keys: KeysRepository;
  mySubscription: MySubscriptionUseCase;
  adminPayments: AdminPaymentsUseCase;
  /** The paid-listing sign-up saga (account at identity, then listing). */
  listingSignUps: ListingSignUps;
  /** Every admin action on money and claims, for the one audit log (`GET /api/admin/audit-log`). */
  audit: AuditTrail;
}
