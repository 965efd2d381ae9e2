import { adminScope } from '@limo/platform';
import type { BillingDeps } from '../../deps.js';
import { cancelSubscriptionRoutes } from '../subscriptions/index.js';
import { apiKeysRoutes } from './api-keys/index.js';
import { businessClaimsRoutes } from './business-claims/index.js';
import { adminPaymentsRoutes } from './payments/index.js';
import { subscribersRoutes } from './subscribers/index.js';
import { adminSubscriptionsRoutes } from './subscriptions/index.js';

/**
 * Billing's admin routes, behind the admin scope's one guard: every `/api/admin/*` route, and the
 * cancellation of a subscription (admin-only although its URL, the spec's, is not under /api/admin).
 */
export const adminRoutes = adminScope<BillingDeps>(
  businessClaimsRoutes,
  apiKeysRoutes,
  subscribersRoutes,
  cancelSubscriptionRoutes,
  adminPaymentsRoutes,
  adminSubscriptionsRoutes,
);
