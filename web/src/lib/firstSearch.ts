import type { QueryClient } from '@tanstack/react-query';
import { FIRST_SEARCH_QUERY, FIRST_SEARCH_SCRIPT_ID, type Company, type FirstSearchPayload } from '@limo/contracts';
import type { CompanySearchPage } from './client';
import { queryKeys } from './queryKeys';

/**
 * The home page's first search as the gateway served it with the page (its markup is already on
 * screen), or undefined for a page served without it.
 */
export function readServedFirstSearch(doc: Document): FirstSearchPayload | undefined {
  const text = doc.getElementById(FIRST_SEARCH_SCRIPT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const payload = JSON.parse(text) as Partial<FirstSearchPayload>;
    if (!Array.isArray(payload.companies)) return undefined;
    return { companies: payload.companies, total: typeof payload.total === 'number' ? payload.total : null };
  } catch {
    return undefined;
  }
}

/**
 * Puts the served first search into the cache as a fresh answer (the gateway asked the directory
 * for it while serving the page): the page shows it without calling again, and refetches it as it
 * would its own answer, once 30 seconds old.
 */
export function seedFirstSearch(queryClient: QueryClient, payload: FirstSearchPayload): void {
  // Rendered by the gateway from the directory's own answer (parsing it here would put zod in the first download).
  const page: CompanySearchPage = { companies: payload.companies as Company[], total: payload.total };
  queryClient.setQueryData(queryKeys.companies.search(FIRST_SEARCH_QUERY), page);
  // The first search has no filters: its total is the stats strip's "Companies Listed", already known.
  if (payload.total !== null) queryClient.setQueryData(queryKeys.companies.listedCount(), payload.total);
}
