/**
 * The landing pages' URLs, defined once for the gateway, the directory, the web app and the
 * sitemap: `/limo-service/{state}` and `/limo-service/{state}/{city}`, where the state is its
 * two-letter code in lower case (`fl`) and the city its name lower-cased and hyphenated
 * (`miami`, `fort-lauderdale`, `st-louis`). One URL per page: any other spelling is redirected to it.
 */
export const LANDING_PREFIX = '/limo-service';

/** A state's slug: its two-letter code in lower case. */
export const stateSlug = (state: string): string => state.trim().toLowerCase();

/** A city's slug: lower case, accents dropped, every run of other characters one hyphen ("St. Louis" → "st-louis"). */
export function citySlug(city: string): string {
  return city
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `/limo-service/{state}`. */
export const statePath = (state: string): string => `${LANDING_PREFIX}/${stateSlug(state)}`;

/** `/limo-service/{state}/{city}`, with `?page=` past the first page. */
export function cityPath(state: string, city: string, page = 1): string {
  return `${statePath(state)}/${citySlug(city)}${page > 1 ? `?page=${page}` : ''}`;
}

/** A landing page a path names (as typed: the caller compares it with the canonical path). */
export type LandingPath = { kind: 'state'; state: string } | { kind: 'city'; state: string; city: string };

const LANDING = /^\/limo-service\/([^/]+)(?:\/([^/]+))?\/?$/i;
const STATE_SLUG = /^[a-z]{2}$/;
const CITY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The landing page of `pathname`, with its slugs lower-cased; undefined for another path or a
 * segment that can be no slug (`/limo-service/florida`, `/limo-service/fl/miami%20beach`).
 */
export function landingFromPath(pathname: string): LandingPath | undefined {
  const match = LANDING.exec(pathname);
  if (!match?.[1]) return undefined;
  const state = match[1].toLowerCase();
  if (!STATE_SLUG.test(state)) return undefined;
  if (match[2] === undefined) return { kind: 'state', state };
  const city = match[2].toLowerCase();
  return CITY_SLUG.test(city) ? { kind: 'city', state, city } : undefined;
}

/** The one URL path of a landing page. */
export const landingPathOf = (page: LandingPath): string =>
  page.kind === 'state' ? statePath(page.state) : `${statePath(page.state)}/${page.city}`;
