// Types only: a value of the contracts would bring its module's schemas (and zod) into the home page's first download.
import type { Company } from '@limo/contracts';
import { ApiError, apiRequest } from '../api';
import type { Answer } from '../responses';
import { getData, getOrNull, path, perform, read, send } from './http';

// The public pages' calls (the home page's among them): the rest of the client is in ./account and
// ./admin, loaded with the pages that use them.

/** One page of search results and the server's total (null when it sent no X-Total-Count). */
export interface CompanySearchPage {
  companies: Company[];
  total: number | null;
}

/** GET /api/me: the signed-in user, or null when signed out (a 401, §7). */
export const currentUser = (signal?: AbortSignal) => getData('/api/me', 'currentUser', signal);

/**
 * GET /api/companies?`query` (§7): anything but a list of companies counts as no results; the total
 * is X-Total-Count when it is a number.
 */
export async function searchCompanies(query: string, signal?: AbortSignal): Promise<CompanySearchPage> {
  const res = await apiRequest('GET', `/api/companies?${query}`, undefined, { signal });
  const header = res.headers.get('X-Total-Count');
  const total = header !== null && header.trim() !== '' && Number.isFinite(Number(header)) ? Number(header) : null;
  let companies: Company[] = [];
  try {
    companies = await read(res, 'companies', 'GET /api/companies');
  } catch {
    // §7: a non-list (or a list that is not of companies) is an empty result, not an error.
  }
  return { companies, total };
}

/** GET /api/companies/{id} with its approved reviews (only verified customers' with `verifiedOnly`); null for 404. */
export const company = (id: string, verifiedOnly: boolean, signal?: AbortSignal) =>
  getOrNull(`/api/companies/${path(id)}${verifiedOnly ? '?verifiedCustomer=true' : ''}`, 'companyDetail', 404, signal);

/** GET /api/places/{state}: the state's cities with counts; null when none has companies. */
export const statePlaces = (state: string, signal?: AbortSignal) => getOrNull(`/api/places/${path(state)}`, 'stateSummary', 404, signal);

/** GET /api/places/{state}/{city}?page=: one page of the city's ranked companies with its figures; null for 404. */
export const cityPage = (state: string, city: string, page: number, signal?: AbortSignal) =>
  getOrNull(`/api/places/${path(state, city)}?page=${page}`, 'cityPage', 404, signal);

/** GET /api/geo/cities?q=: "City, ST" suggestions of the offline gazetteer; none when the call fails. */
export async function citySuggestions(text: string, signal?: AbortSignal): Promise<Answer<'citySuggestions'>> {
  try {
    return await send('GET', `/api/geo/cities?q=${encodeURIComponent(text)}`, 'citySuggestions', undefined, { signal });
  } catch (error) {
    if (error instanceof ApiError) return [];
    throw error;
  }
}

/** GET /api/geo/reverse: the gazetteer's city nearest to a position. */
export const reverseGeocode = (latitude: number, longitude: number) =>
  send('GET', `/api/geo/reverse?latitude=${latitude}&longitude=${longitude}`, 'citySuggestion');

/** GET /api/config/maps-key: the maps key saved in Settings and the map style. */
export const mapsConfig = () => send('GET', '/api/config/maps-key', 'mapsConfig');

/**
 * POST /api/analytics/track, fire and forget (§7): sent with keepalive so it outlives the page; its
 * answer is read to the end (Chromium keeps a keepalive request whose answer is never read open).
 */
export const trackEvent = (event: Record<string, unknown>) => perform('POST', '/api/analytics/track', event, { keepalive: true });

/** POST /api/logout. */
export const logout = () => perform('POST', '/api/logout', {});
