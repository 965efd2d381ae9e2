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
  },
  places: {
    state: (state: string) => ['/api/places', state] as const,
    city: (state: string, city: string, page: number) => ['/api/places', state, city, page] as const,
  },
  myCompanies: {
    all: () => ['/api/my-companies'] as const,
    credentials: (companyId: string) => [`/api/my-companies/${encodeURIComponent(companyId)}/credentials`] as const,
  },
  mapsConfig: () => ['/api/config/maps-key'] as const,
  reviewLink: (token: string | null) => ['/api/reviews/links', token] as const,
};
