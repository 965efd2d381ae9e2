import { adminScope } from '@limo/platform';
import type { RouteDeps } from '../deps.js';
import { adminAnalyticsRoutes } from './analytics/index.js';

/** Analytics' `/api/admin/*` routes, behind the admin scope's one guard. */
export const adminRoutes = adminScope<RouteDeps>(adminAnalyticsRoutes);
