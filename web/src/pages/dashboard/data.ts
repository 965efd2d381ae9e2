import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as client from '../../lib/client/account';
import { queryKeys } from '../../lib/queryKeys';

export const MY_COMPANIES_KEY = queryKeys.myCompanies.all();

/** The signed-in owner's companies; the dashboard uses the first (owner-admin §2.10). */
export function useMyCompanies(enabled: boolean) {
  return useQuery({ queryKey: MY_COMPANIES_KEY, queryFn: ({ signal }) => client.myCompanies(signal), enabled });
}

/** One page of the owner's quotes (15, newest first) with the server's total. */
export function useOwnerQuotes(companyId: string, page: number) {
  return useQuery({
    queryKey: queryKeys.quotes.page(companyId, page),
    queryFn: ({ signal }) => client.ownerQuotes(companyId, page, signal),
  });
}

/** Which company the quotes are for, their total and the median response time (of `companyId`, the switcher's). */
export function useQuoteSummary(companyId: string) {
  return useQuery({
    queryKey: queryKeys.quotes.summary(companyId),
    queryFn: ({ signal }) => client.quoteSummary(companyId, signal),
    retry: false,
  });
}

/** Every review of the company, pending ones included (its owner sees them all). */
export function useCompanyReviews(companyId: string) {
  return useQuery({ queryKey: queryKeys.companies.reviews(companyId), queryFn: ({ signal }) => client.ownerReviews(companyId, signal) });
}

/** Invalidates what a quote change touches. */
export function useQuoteMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.quotes.all() });
  const markContacted = useMutation({
    mutationFn: client.markQuoteContacted,
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: client.deleteQuote,
    onSettled: refresh,
  });
  return { markContacted, remove };
}

/** "under 1 min", "2 h 15 min", "3 days": a duration in whole minutes for people. */
export function formatMinutes(minutes: number): string {
  if (minutes < 1) return 'under 1 min';
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
