import type { NearbyCity } from '@limo/contracts';
import { distanceMiles, nearestCity, resolveLocation, type CitySuggestion, type LatLng, type ResolvedPlace } from '@limo/geo';
import { isReachable, type CompanyContactDoc } from '../domain/company-contact.js';
import { cityKey } from '../domain/places.js';
import { targetCityOf } from '../domain/service-area.js';
import type { CompaniesRepository } from '../repositories/companies.repository.js';

/** Search radii, widened until enough served cities are found; the last one reads every company. */
const RINGS_MILES = [50, 100, 200, 400, 800, 1600, 3200, Infinity];

interface Candidate {
  city: string;
  state: string;
  centre: LatLng;
  miles: number;
}

/** The gazetteer's lookups, remembered for one answer: many companies share a city. */
interface LookUp {
  place(text: string): ResolvedPlace | undefined;
  nearest(point: LatLng): CitySuggestion | undefined;
}

/**
 * The city a company is in, as the gazetteer names it (with its centre): its listed "City, ST" when
 * the gazetteer knows it, else the listed name at the company's own coordinates, else the populated
 * place nearest to them. Undefined for a company with neither a usable name nor coordinates.
 */
function cityOf(company: CompanyContactDoc, lookUp: LookUp): Omit<Candidate, 'miles'> | undefined {
  const point =
    company.latitude !== null && company.longitude !== null ? { latitude: company.latitude, longitude: company.longitude } : undefined;
  if (company.city && company.state) {
    const place = lookUp.place(`${company.city}, ${company.state}`);
    if (place?.kind === 'city' && place.city) return { city: place.city, state: place.state, centre: place };
    if (point) return { city: company.city.trim(), state: company.state.trim().toUpperCase(), centre: point };
  }
  const near = point && lookUp.nearest(point);
  return near && { city: near.city, state: near.state, centre: near };
}

/** The distinct cities of `companies`, with their distance from `origin`, nearest first. */
function citiesOf(companies: CompanyContactDoc[], origin: LatLng): Candidate[] {
  const places = new Map<string, ResolvedPlace | undefined>();
  const nearest = new Map<string, CitySuggestion | undefined>();
  const lookUp: LookUp = {
    place: (text) => {
      if (!places.has(text)) places.set(text, resolveLocation(text));
      return places.get(text);
    },
    // About half a mile apart at most: the same nearest town.
    nearest: (point) => {
      const key = `${point.latitude.toFixed(2)},${point.longitude.toFixed(2)}`;
      if (!nearest.has(key)) nearest.set(key, nearestCity(point));
      return nearest.get(key);
    },
  };
  const byKey = new Map<string, Candidate>();
  for (const company of companies) {
    const city = cityOf(company, lookUp);
    const key = city && cityKey(city.city, city.state);
    if (!city || !key || byKey.has(key)) continue;
    byKey.set(key, { ...city, miles: distanceMiles(origin, city.centre) });
  }
  return [...byKey.values()].sort((a, b) => a.miles - b.miles || a.city.localeCompare(b.city));
}

/**
 * The served cities nearest to `origin` (an unserved city's centre), nearest first, at most `limit`:
 * cities where active, reachable companies are listed, widening the search ring until `limit` are
 * found. Each is checked the way a request to it would be (its own service area), so a visitor who
 * picks one reaches `companies` companies.
 */
export async function nearbyServedCities(companies: CompaniesRepository, origin: LatLng, limit: number): Promise<NearbyCity[]> {
  const withoutCoordinates = (await companies.activeWithoutCoordinates()).filter(isReachable);
  let candidates: Candidate[] = [];
  for (const miles of RINGS_MILES) {
    const found = (await companies.activeWithCoordinatesNear(origin, miles)).filter(isReachable);
    candidates = citiesOf([...found, ...withoutCoordinates], origin).filter((c) => c.miles <= miles);
    if (candidates.length >= limit) break;
  }
  const out: NearbyCity[] = [];
  // A listed city whose own service area reaches nobody (a name the gazetteer spells otherwise) is
  // skipped; a few spares bound the extra queries.
  for (const candidate of candidates.slice(0, limit * 2)) {
    const label = `${candidate.city}, ${candidate.state}`;
    const served = (await companies.serving(targetCityOf(label).area)).filter(isReachable).length;
    if (served > 0) {
      out.push({ city: candidate.city, state: candidate.state, label, companies: served, distanceMiles: Math.round(candidate.miles) });
    }
    if (out.length === limit) break;
  }
  return out;
}
