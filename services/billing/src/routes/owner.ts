import { ownerScope } from '@limo/platform';
import type { BillingDeps } from '../deps.js';
import { createBusinessListingRoutes } from './create-business-listing/index.js';
import { mySubscriptionRoutes } from './my-subscription/index.js';
import { subscriptionsRoutes } from './subscriptions/index.js';

/**
 * Billing's routes for a signed-in user (`/api/my-subscription*`, `/api/subscriptions`,
 * `/api/create-business-listing`), behind the owner scope's one guard (401 signed out, before the
 * input is validated). Whose subscription or listing a route acts on stays the route's own check.
 */
export const ownerRoutes = ownerScope<BillingDeps>(subscriptionsRoutes, mySubscriptionRoutes, createBusinessListingRoutes);
