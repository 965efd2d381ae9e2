import type { AuditTrail, ServiceContext } from '@limo/platform';
import type { BillingOperations } from './use-cases/billing-operations.js';
import type { KeysRepository } from './repositories/keys.repository.js';
import type { BillingSettings } from './settings.js';
import type { AdminPaymentsUseCase } from './use-cases/admin-payments.js';
import type { UseCaseDeps } from './use-cases/context.js';
import type { ListingSignUps } from './use-cases/listing-sign-up.js';
import type { MySubscriptionUseCase } from './use-cases/my-subscription.js';

/** What billing's routes and consumers are built from: what its use cases are, and the use cases. */
export interface BillingDeps extends UseCaseDeps {
  ctx: ServiceContext;
  settings: BillingSettings;
  ops: BillingOperations;
  keys: KeysRepository;
  mySubscription: MySubscriptionUseCase;
  adminPayments: AdminPaymentsUseCase;
  /** The paid-listing sign-up saga (account at identity, then listing). */
  listingSignUps: ListingSignUps;
  /** Every admin action on money and claims, for the one audit log (`GET /api/admin/audit-log`). */
  audit: AuditTrail;
}
