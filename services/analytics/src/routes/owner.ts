import { ownerScope } from '@limo/platform';
import type { RouteDeps } from './deps.js';
import { myCompanyAnalyticsRoutes } from './my-companies/analytics/index.js';

/** Analytics' owner routes (`/api/my-companies/{id}/analytics`), behind the owner scope's one guard (401 signed out). */
export const ownerRoutes = ownerScope<RouteDeps>(myCompanyAnalyticsRoutes);
