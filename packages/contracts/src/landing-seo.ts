import type { CityPageData, StateSummary } from './api/directory/places.js';
import { cityPath, statePath } from './places.js';
import { SITE_NAME, type PageMeta } from './seo.js';

/**
 * Metadata and structured data of the landing pages (`/limo-service/{state}[/{city}]`) and the home
 * page, shared by the gateway (the served HTML) and the web app (after a navigation).
 */

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Title and description of a city page; page 2 onwards says its page (each page is its own URL). */
export function cityPageMeta(data: CityPageData): PageMeta {
  const where = `${data.city}, ${data.state}`;
  const { figures } = data;
  const paged = data.page > 1 ? ` (Page ${data.page} of ${data.pages})` : '';
  const rating = figures.averageRating !== null ? ` Average rating ${figures.averageRating.toFixed(1)}/5.` : '';
  const rates = figures.averageHourlyRate !== null ? ` Rates from $${figures.lowestHourlyRate}/hr.` : '';
  return {
    title: `Limo Service in ${where} — ${plural(figures.companyCount, 'Company', 'Companies')}${paged} | ${SITE_NAME}`,
    description: `Compare ${plural(figures.companyCount, 'limousine company', 'limousine companies')} in ${where}.${rating}${rates} Read reviews and request free quotes${paged ? `, page ${data.page}` : ''}.`,
  };
}

/** Title and description of a state page. */
export function statePageMeta(state: StateSummary): PageMeta {
  return {
    title: `Limo Service in ${state.name} — ${plural(state.cities.length, 'City', 'Cities')} | ${SITE_NAME}`,
    description: `Find ${plural(state.count, 'limousine company', 'limousine companies')} in ${plural(state.cities.length, 'city', 'cities')} across ${state.name}. Compare reviews and request free quotes.`,
  };
}

const breadcrumbs = (origin: string, items: Array<{ name: string; path: string }>) => ({
  '@type': 'BreadcrumbList',
  itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: `${origin}${item.path}` })),
});

/** ItemList of the page's companies (ranked) and the BreadcrumbList Home › State › City. */
export function cityJsonLd(data: CityPageData, origin: string): Record<string, unknown> {
  const first = (data.page - 1) * data.pageSize;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'ItemList',
        name: `Limousine companies in ${data.city}, ${data.state}`,
        numberOfItems: data.figures.companyCount,
        itemListElement: data.companies.map((c, i) => ({
          '@type': 'ListItem',
          position: first + i + 1,
          url: `${origin}/company/${encodeURIComponent(c.id)}`,
          name: c.name,
        })),
      },
      breadcrumbs(origin, [
        { name: 'Home', path: '/' },
        { name: data.stateName, path: statePath(data.state) },
        { name: data.city, path: cityPath(data.state, data.city) },
      ]),
    ],
  };
}

/** ItemList of the state's cities and the BreadcrumbList Home › State. */
export function stateJsonLd(state: StateSummary, origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'ItemList',
        name: `Limousine service by city in ${state.name}`,
        numberOfItems: state.cities.length,
        itemListElement: state.cities.map((c, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          url: `${origin}${cityPath(state.state, c.city)}`,
          name: `${c.city}, ${state.state}`,
        })),
      },
      breadcrumbs(origin, [
        { name: 'Home', path: '/' },
        { name: state.name, path: statePath(state.state) },
      ]),
    ],
  };
}

/** WebSite with its SearchAction (the home page's search by location) and the Organization. */
export function homeJsonLd(origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'WebSite',
        '@id': `${origin}/#website`,
        name: SITE_NAME,
        url: `${origin}/`,
        publisher: { '@id': `${origin}/#organization` },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${origin}/?location={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
      {
        '@type': 'Organization',
        '@id': `${origin}/#organization`,
        name: SITE_NAME,
        url: `${origin}/`,
        logo: `${origin}/icon.svg`,
      },
    ],
  };
}

/** The id of the `<script type="application/json">` holding the data a server-rendered landing page was rendered with. */
export const PAGE_DATA_SCRIPT_ID = 'page-data';

/**
 * The data the gateway renders a landing page with, served beside its markup so the app hydrates
 * with the same answer. `null` means the directory answered 404 (the page's not-found screen).
 */
export type PageData =
  | { kind: 'company'; id: string; company: unknown }
  | { kind: 'state'; state: string; summary: StateSummary | null }
  | { kind: 'city'; state: string; city: string; page: number; data: CityPageData | null }
  | { kind: 'none' };

/**
 * A page the web app's server build rendered (web/src/entry-server.tsx), as the gateway inserts it: the
 * <style> tags for its <head> and the markup of its `#root`.
 */
export interface RenderedApp {
  head: string;
  root: string;
}
