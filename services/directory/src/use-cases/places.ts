import { US_STATES, distanceMiles } from '@limo/geo';
import { CITY_PAGE_SIZE, cityPath, citySlug, serviceLabel, stateSlug, type CityFigures, type StateSummary } from '@limo/contracts';
import type { CompanyDoc } from '../domain/company.js';

/** What the landing pages and the sitemap read of a company. */
export interface PlaceEntry {
  id: string;
  name: string;
  city: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
  rating: number;
  reviewCount: number;
  hourlyRateStart: number | null;
  services: string[];
  featured: boolean;
  suspended: boolean;
  updatedAt: string;
}

/** A city with its companies in page order. */
export interface CityEntry {
  city: string;
  state: string;
  slug: string;
  companies: PlaceEntry[];
  lastModified: string;
  center: { latitude: number; longitude: number } | undefined;
}

/** Every state and city with companies, built once per directory version (SearchCache.shared). */
export interface PlacesIndex {
  states: StateSummary[];
  /** Keyed `{stateSlug}/{citySlug}`. */
  cities: Map<string, CityEntry>;
}

const NEARBY_CITIES = 6;

/** Page order of a city: premium first, suspended last, then best rated, most reviewed, by name. */
function rankInCity(a: PlaceEntry, b: PlaceEntry): number {
  return (
    Number(b.featured) - Number(a.featured) ||
    Number(a.suspended) - Number(b.suspended) ||
    b.rating - a.rating ||
    b.reviewCount - a.reviewCount ||
    a.name.localeCompare(b.name) ||
    a.id.localeCompare(b.id)
  );
}

/** The entry of a company with a US state and a city that has a slug; undefined for one no landing page lists. */
function placeEntry(c: CompanyDoc): PlaceEntry | undefined {
  const state = c.state?.trim().toUpperCase();
  const city = c.city?.trim();
  if (!state || !US_STATES[state] || !city || !citySlug(city)) return undefined;
  return {
    id: c._id,
    name: c.name,
    city,
    state,
    latitude: c.latitude,
    longitude: c.longitude,
    rating: c.rating,
    reviewCount: c.reviewCount,
    hourlyRateStart: c.hourlyRateStart,
    services: c.services,
    featured: c.featured,
    suspended: c.suspendedAt !== null,
    updatedAt: c.updatedAt,
  };
}

const later = (a: string, b: string) => (a > b ? a : b);
const round1 = (n: number) => Math.round(n * 10) / 10;

function centerOf(companies: PlaceEntry[]): CityEntry['center'] {
  const located = companies.filter(
    (c) => c.latitude !== null && c.longitude !== null && Number.isFinite(c.latitude) && Number.isFinite(c.longitude),
  );
  if (located.length === 0) return undefined;
  const sum = located.reduce((acc, c) => ({ latitude: acc.latitude + c.latitude!, longitude: acc.longitude + c.longitude! }), {
    latitude: 0,
    longitude: 0,
  });
  return { latitude: sum.latitude / located.length, longitude: sum.longitude / located.length };
}

/** Groups the companies by state and city. A city's name is its most common spelling among them (capitalised on a tie). */
export function buildPlacesIndex(docs: readonly CompanyDoc[]): PlacesIndex {
  const grouped = new Map<string, PlaceEntry[]>();
  for (const doc of docs) {
    const entry = placeEntry(doc);
    if (!entry) continue;
    const key = `${stateSlug(entry.state)}/${citySlug(entry.city)}`;
    const list = grouped.get(key);
    if (list) list.push(entry);
    else grouped.set(key, [entry]);
  }
  const cities = new Map<string, CityEntry>();
  const byState = new Map<string, CityEntry[]>();
  for (const [key, companies] of grouped) {
    companies.sort(rankInCity);
    const spellings = new Map<string, number>();
    for (const c of companies) spellings.set(c.city, (spellings.get(c.city) ?? 0) + 1);
    const lowerCase = (name: string) => Number(name === name.toLowerCase());
    const city = [...spellings].sort((a, b) => b[1] - a[1] || lowerCase(a[0]) - lowerCase(b[0]) || a[0].localeCompare(b[0]))[0][0];
    const state = companies[0].state;
    const entry: CityEntry = {
      city,
      state,
      slug: key.split('/')[1],
      companies,
      lastModified: companies.reduce((max, c) => later(max, c.updatedAt), ''),
      center: centerOf(companies),
    };
    cities.set(key, entry);
    byState.set(state, [...(byState.get(state) ?? []), entry]);
  }
  const states = [...byState]
    .map(([state, list]): StateSummary => ({
      state,
      slug: stateSlug(state),
      name: US_STATES[state],
      count: list.reduce((n, c) => n + c.companies.length, 0),
      lastModified: list.reduce((max, c) => later(max, c.lastModified), ''),
      cities: list
        .map((c) => ({ city: c.city, slug: c.slug, count: c.companies.length, lastModified: c.lastModified }))
        .sort((a, b) => b.count - a.count || a.city.localeCompare(b.city)),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { states, cities };
}

/** Number of companies, average rating and hourly rates, and services offered, from the city's companies. */
export function cityFigures(companies: readonly PlaceEntry[]): CityFigures {
  const rated = companies.filter((c) => c.reviewCount > 0 && c.rating > 0);
  const rates = companies.map((c) => c.hourlyRateStart).filter((r): r is number => r !== null && Number.isFinite(r) && r > 0);
  const services = new Map<string, number>();
  for (const c of companies) for (const s of new Set(c.services)) services.set(s, (services.get(s) ?? 0) + 1);
  return {
    companyCount: companies.length,
    averageRating: rated.length ? round1(rated.reduce((n, c) => n + c.rating, 0) / rated.length) : null,
    reviewCount: companies.reduce((n, c) => n + c.reviewCount, 0),
    averageHourlyRate: rates.length ? Math.round(rates.reduce((n, r) => n + r, 0) / rates.length) : null,
    lowestHourlyRate: rates.length ? Math.min(...rates) : null,
    highestHourlyRate: rates.length ? Math.max(...rates) : null,
    services: [...services]
      .map(([slug, count]) => ({ service: serviceLabel(slug), count }))
      .sort((a, b) => b.count - a.count || a.service.localeCompare(b.service)),
  };
}

/** The cities with companies nearest to `city` (by the centre of their companies), nearest first. */
export function nearbyCities(index: PlacesIndex, city: CityEntry) {
  const from = city.center;
  if (!from) return [];
  const out: Array<{ city: string; state: string; path: string; count: number; distanceMiles: number }> = [];
  for (const other of index.cities.values()) {
    if (other === city || !other.center) continue;
    out.push({
      city: other.city,
      state: other.state,
      path: cityPath(other.state, other.city),
      count: other.companies.length,
      distanceMiles: Math.round(distanceMiles(from, other.center)),
    });
  }
  return out.sort((a, b) => a.distanceMiles - b.distanceMiles || b.count - a.count).slice(0, NEARBY_CITIES);
}

/** Pages of a city with `count` companies (at least one). */
export const cityPages = (count: number): number => Math.max(1, Math.ceil(count / CITY_PAGE_SIZE));
