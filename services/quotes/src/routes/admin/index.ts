import { adminScope } from '@limo/platform';
import type { RouteDeps } from '../deps.js';
import { adminQuoteRequestsRoutes } from './quote-requests/index.js';

/** Quotes' `/api/admin/*` routes, behind the admin scope's one guard. */
export const adminRoutes = adminScope<RouteDeps>(adminQuoteRequestsRoutes);
