import { ownerScope } from '@limo/platform';
import type { RouteDeps } from './deps.js';
import { ownerQuoteRequestsRoutes } from './quote-requests/index.js';

/** Quotes' owner routes (the dashboard's quote requests), behind the owner scope's one guard (401 signed out). */
export const ownerRoutes = ownerScope<RouteDeps>(ownerQuoteRequestsRoutes);
