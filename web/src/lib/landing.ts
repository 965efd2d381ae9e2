import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { PAGE_DATA_SCRIPT_ID, type CityPageData, type PageData, type StateSummary } from '@limo/contracts';
import { ApiError } from './api';

/** GET `url` as JSON; null for a 404 (the page's not-found screen). */
async function getOrNull<T>(url: string, signal: AbortSignal): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include', signal });
  if (res.status === 404) return null;
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return (await res.json()) as T;
}

/** Cache keys of the landing pages' data (the gateway's rendered pages are seeded under them). */
const landingKeys = {
  company: (id: string) => ['/api/companies', id] as const,
  state: (state: string) => ['/api/places', state] as const,
  city: (state: string, city: string, page: number) => ['/api/places', state, city, page] as const,
};

/** GET /api/places/{state}: the state's cities with counts; null when none has companies. */
export function useStatePlaces(state: string, enabled = true) {
  return useQuery<StateSummary | null>({
    enabled,
    queryKey: landingKeys.state(state),
    queryFn: ({ signal }) => getOrNull(`/api/places/${encodeURIComponent(state)}`, signal),
    staleTime: 30_000,
  });
}

/** GET /api/places/{state}/{city}?page=: one page of the city's ranked companies with its figures; null for 404. */
export function useCityPage(state: string, city: string, page: number, enabled = true) {
  return useQuery<CityPageData | null>({
    enabled,
    queryKey: landingKeys.city(state, city, page),
    queryFn: ({ signal }) => getOrNull(`/api/places/${encodeURIComponent(state)}/${encodeURIComponent(city)}?page=${page}`, signal),
    staleTime: 30_000,
  });
}

/** Puts the data a page was rendered with into the cache, fresh, under the key its screen reads. */
export function seedPageData(queryClient: QueryClient, data: PageData): void {
  if (data.kind === 'company') queryClient.setQueryData(landingKeys.company(data.id), data.company);
  else if (data.kind === 'state') queryClient.setQueryData(landingKeys.state(data.state), data.summary);
  else if (data.kind === 'city') queryClient.setQueryData(landingKeys.city(data.state, data.city, data.page), data.data);
}

/** The data the gateway rendered this page with, or undefined for a page served without it. */
export function readServedPageData(doc: Document): PageData | undefined {
  const text = doc.getElementById(PAGE_DATA_SCRIPT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as PageData;
    return data && typeof data === 'object' && typeof data.kind === 'string' ? data : undefined;
  } catch {
    return undefined;
  }
}

const noSubscription = () => () => {};

/**
 * The page's origin ("https://limodirectory.com") in the browser, "" on the server and while
 * hydrating (so the rendered markup matches): for the structured data, which only effects write.
 */
export function useOrigin(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );
}

/** `?page=` of a landing page: a whole number of at least 1, else 1. */
export function pageParam(search: URLSearchParams): number {
  const value = search.get('page');
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}
