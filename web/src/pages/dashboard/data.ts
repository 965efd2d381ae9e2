import type { OwnerCompany, OwnerQuoteSummary, OwnerReview, QuoteRequest } from '@limo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../lib/api';

export const MY_COMPANIES_KEY = ['/api/my-companies'] as const;

/** The signed-in owner's companies; the dashboard uses the first (owner-admin §2.10). */
export function useMyCompanies(enabled: boolean) {
  return useQuery<OwnerCompany[] | null>({ queryKey: MY_COMPANIES_KEY, enabled });
}

/** One page of the owner's quotes (15, newest first) with the server's total. */
export function useOwnerQuotes(companyId: string, page: number) {
  return useQuery({
    queryKey: ['/api/quote-requests', { companyId, page }],
    queryFn: async () => {
      const res = await apiRequest('GET', `/api/quote-requests?${new URLSearchParams({ companyId, page: String(page) }).toString()}`);
      const quotes = (await readJson<QuoteRequest[]>(res)) ?? [];
      return { quotes, total: Number(res.headers.get('x-total-count') ?? quotes.length) };
    },
  });
}

/** Which company the quotes are for, their total and the median response time (of `companyId`, the switcher's). */
export function useQuoteSummary(companyId: string) {
  return useQuery<OwnerQuoteSummary | null>({
    queryKey: [`/api/quote-requests/summary?companyId=${encodeURIComponent(companyId)}`],
    retry: false,
  });
}

/** Every review of the company, pending ones included (its owner sees them all). */
export function useCompanyReviews(companyId: string) {
  return useQuery<OwnerReview[]>({ queryKey: ['/api/companies', companyId, 'reviews'] });
}

/** Invalidates what a quote change touches. */
export function useQuoteMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/quote-requests') });
  const markContacted = useMutation({
    mutationFn: (id: string) => apiRequest('PUT', `/api/quote-requests/${encodeURIComponent(id)}`, { status: 'contacted' }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/quote-requests/${encodeURIComponent(id)}`),
    onSettled: refresh,
  });
  return { markContacted, remove };
}

/** "2 h 15 min", "3 days": a duration in minutes for people. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  return `${Math.round(minutes / (24 * 60))} days`;
}

/** A date as "Mar 5, 2026". */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
