import type { AdminPath } from './client/admin';

/**
 * The cache keys of the server's data, one factory for every query and invalidation. A key starts
 * with its route's path, so invalidating a prefix (`queryKeys.companies.all()`) refreshes every
 * query under it (§7: a mutation refreshes the lists it affects).
 */
export const queryKeys = {
  me: () => ['/api/me'] as const,
  companies: {
    all: () => ['/api/companies'] as const,
    /** One search's page of results, by its query string. */
    search: (query: string) => ['/api/companies', query] as const,
    listedCount: () => ['/api/companies', 'listed-count'] as const,
    detail: (id: string, verifiedOnly = false) =>
      verifiedOnly ? (['/api/companies', id, 'verifiedCustomer'] as const) : (['/api/companies', id] as const),
    /** Every review of an owner's company, pending ones included. */
    reviews: (id: string) => ['/api/companies', id, 'reviews'] as const,
  },
  places: {
    state: (state: string) => ['/api/places', state] as const,
    city: (state: string, city: string, page: number) => ['/api/places', state, city, page] as const,
  },
  myCompanies: {
    all: () => ['/api/my-companies'] as const,
    // Not under `all`: refreshing the owner's companies leaves these be.
    credentials: (companyId: string) => [`/api/my-companies/${encodeURIComponent(companyId)}/credentials`] as const,
    analytics: (companyId: string, days: number) => [`/api/my-companies/${encodeURIComponent(companyId)}/analytics`, days] as const,
  },
  quotes: {
    all: () => ['/api/quote-requests'] as const,
    page: (companyId: string, page: number) => ['/api/quote-requests', { companyId, page }] as const,
    summary: (companyId: string) => ['/api/quote-requests', 'summary', companyId] as const,
  },
  cityQuotePreview: (query: string) => ['/api/city-quote-requests/preview', query] as const,
  subscriptions: (companyId: string) => ['/api/subscriptions', companyId] as const,
  mySubscription: (companyId: string) => ['/api/my-subscription', companyId] as const,
  /** The claim page's search of every company. */
  allCompanies: (search: string, page: number) => ['/api/all-companies', search, page] as const,
  /** An admin list or figure: its path, then its query parameters (so `[path]` refreshes every page of it). */
  admin: (path: AdminPath, params?: Record<string, string | number | undefined>) => (params ? [path, params] : [path]),
  paymentsConfig: () => ['/api/payments/config'] as const,
  mapsConfig: () => ['/api/config/maps-key'] as const,
  reviewLink: (token: string | null) => ['/api/reviews/links', token] as const,
};
