import { hashKey, useQuery, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { PAGE_DATA_SCRIPT_ID, type PageData } from '@limo/contracts';
import * as client from './client';
import { queryKeys } from './queryKeys';

/** GET /api/places/{state}: the state's cities with counts; null when none has companies. */
export function useStatePlaces(state: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.places.state(state),
    queryFn: ({ signal }) => client.statePlaces(state, signal),
    staleTime: 30_000,
  });
}

/** GET /api/places/{state}/{city}?page=: one page of the city's ranked companies with its figures; null for 404. */
export function useCityPage(state: string, city: string, page: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.places.city(state, city, page),
    queryFn: ({ signal }) => client.cityPage(state, city, page, signal),
    staleTime: 30_000,
  });
}

/** How long the data a page was served with counts as fresh (what the gateway rendered, moments ago). */
const SERVED_FRESH_MS = 30_000;
/** Each served query's hash → when its data was put in the cache. */
const served = new Map<string, number>();

/** Puts the data a page was rendered with into the cache, fresh, under the key its screen reads. */
export function seedPageData(queryClient: QueryClient, data: PageData): void {
  const seed = (key: QueryKey, value: unknown) => {
    queryClient.setQueryData(key, value);
    served.set(hashKey(key), queryClient.getQueryState(key)?.dataUpdatedAt ?? 0);
  };
  if (data.kind === 'company') seed(queryKeys.companies.detail(data.id), data.company);
  else if (data.kind === 'state') seed(queryKeys.places.state(data.state), data.summary);
  else if (data.kind === 'city') seed(queryKeys.places.city(data.state, data.city, data.page), data.data);
}

/**
 * A `staleTime` for a query that is otherwise stale at once (§9's data queries): the copy the page was
 * served with stays fresh for a moment, so taking the page over does not ask the server for it again
 * (nor parse and render it a second time); any copy fetched since is stale at once.
 */
export function servedCopyFreshFor(query: Pick<Query, 'queryHash' | 'state'>): number {
  return served.get(query.queryHash) === query.state.dataUpdatedAt ? SERVED_FRESH_MS : 0;
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
