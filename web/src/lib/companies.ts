import { useQuery } from '@tanstack/react-query';
import * as client from './client';
import { servedCopyFreshFor } from './landing';
import { queryKeys } from './queryKeys';

/** GET /api/companies (§7, §9): fresh for 30 seconds, retried 3 times. */
export function useCompanySearch(query: URLSearchParams) {
  const text = query.toString();
  return useQuery({
    queryKey: queryKeys.companies.search(text),
    queryFn: ({ signal }) => client.searchCompanies(text, signal),
    staleTime: 30_000,
    retry: 3,
  });
}

/**
 * GET /api/companies/{id} with its approved reviews; null when there is no such company. With
 * `verifiedOnly`, the reviews and rating of verified customers only.
 */
export function useCompany(id: string | undefined, { verifiedOnly = false }: { verifiedOnly?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.companies.detail(id ?? '', verifiedOnly),
    queryFn: ({ signal }) => client.company(id ?? '', verifiedOnly, signal),
    enabled: Boolean(id),
    staleTime: servedCopyFreshFor,
  });
}
