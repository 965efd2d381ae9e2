import { useQuery } from '@tanstack/react-query';
import type { Company, CompanyDetail } from '@limo/contracts';
import { ApiError } from './api';

/** One page of search results and the server's total (null when it sent no X-Total-Count). */
export interface CompanySearchPage {
  companies: Company[];
  total: number | null;
}

async function fetchCompanies(query: string, signal: AbortSignal): Promise<CompanySearchPage> {
  const res = await fetch(`/api/companies?${query}`, { credentials: 'include', signal });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  const body: unknown = await res.json();
  const header = res.headers.get('X-Total-Count');
  const total = header !== null && header.trim() !== '' && Number.isFinite(Number(header)) ? Number(header) : null;
  // §7: anything but a list counts as no results.
  return { companies: Array.isArray(body) ? (body as Company[]) : [], total };
}

/** The cache key of one search's page of results (its query string). */
export const companySearchKey = (query: string) => ['/api/companies', query] as const;

/** GET /api/companies (§7, §9): fresh for 30 seconds, retried 3 times. */
export function useCompanySearch(query: URLSearchParams) {
  const text = query.toString();
  return useQuery({
    queryKey: companySearchKey(text),
    queryFn: ({ signal }) => fetchCompanies(text, signal),
    staleTime: 30_000,
    retry: 3,
  });
}

/**
 * GET /api/companies/{id} with its approved reviews; null when there is no such company. With
 * `verifiedOnly`, the reviews and rating of verified customers only.
 */
export function useCompany(id: string | undefined, { verifiedOnly = false }: { verifiedOnly?: boolean } = {}) {
  return useQuery<CompanyDetail | null>({
    queryKey: verifiedOnly ? ['/api/companies', id, 'verifiedCustomer'] : ['/api/companies', id],
    queryFn: async ({ signal }) => {
      const query = verifiedOnly ? '?verifiedCustomer=true' : '';
      const res = await fetch(`/api/companies/${encodeURIComponent(id ?? '')}${query}`, { credentials: 'include', signal });
      if (res.status === 404) return null;
      if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
      return (await res.json()) as CompanyDetail;
    },
    enabled: Boolean(id),
  });
}
