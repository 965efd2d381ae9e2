import { readUsPlaces, readZipCodes, type ZipColumns } from './sources.js';
import { US_STATES } from './us-states.js';

/** A place the location box understood. */
export interface ResolvedPlace {
  kind: 'city' | 'zip' | 'state';
  /** Set for a city or a ZIP. */
  city?: string;
  /** Two-letter code, upper case. */
  state: string;
  /** Set for a ZIP. */
  zipCode?: string;
  latitude: number;
  longitude: number;
  /** "Miami, FL", "Miami, FL 33101" or "Florida". */
  label: string;
}

/** A "City, ST" suggestion for the location box. */
export interface CitySuggestion {
  /** "Miami, FL". */
  label: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  population: number;
}

/** A point on the globe, in degrees. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Mean Earth radius (IUGG, 6,371.0088 km), the one Elasticsearch's arc distance uses. */
export const EARTH_RADIUS_MILES = 3958.7613;
const RAD = Math.PI / 180;

/** Great-circle (haversine) distance in miles. */
export function distanceMiles(a: LatLng, b: LatLng): number {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLng = (b.longitude - a.longitude) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

interface City extends CitySuggestion {
  /** Normalised "name st" and "name state name" (and their canonical spellings), for prefix matching. */
  keys: string[];
}

interface CityTable {
  /** Most populous first. */
  byPopulation: City[];
  /** canonical name + "|" + ST → the most populous city of that name in that state. */
  byNameState: Map<string, City>;
  /** canonical name → the most populous city of that name anywhere. */
  byName: Map<string, City>;
  stateCentres: Map<string, LatLng>;
}

interface ZipCity {
  city: string;
  state: string;
  /** The average of the city's ZIP points. */
  latitude: number;
  longitude: number;
  zips: number;
}

interface ZipTable {
  columns: ZipColumns;
  /** ZIP as a number → its row + 1 in `columns` (0: unknown). */
  rowOfZip: Int32Array;
  /** canonical city + "|" + ST → that city. */
  cityByNameState: Map<string, ZipCity>;
  /** canonical city → the city of that name with the most ZIP codes. */
  cityByName: Map<string, ZipCity>;
}

// geonames names the two biggest places differently from how people type them.
// Maps, not object literals: keys come from what visitors type, and "constructor" must not match.
const DISPLAY_NAMES = new Map([
  ['New York City|NY', 'New York'],
  ['Washington, D.C.|DC', 'Washington'],
]);

/** Short names people type for a few big cities: canonical text → canonical name + "|" + ST. */
const ALIASES = new Map([
  ['nyc', 'new york|NY'],
  ['sf', 'san francisco|CA'],
  ['philly', 'philadelphia|PA'],
  ['vegas', 'las vegas|NV'],
  ['nola', 'new orleans|LA'],
]);

// Spellings of the same word in place names: "St. Louis" / "Saint Louis", "Ft Myers" / "Fort Myers".
const CANONICAL_WORDS = new Map([
  ['saint', 'st'],
  ['sainte', 'ste'],
  ['fort', 'ft'],
  ['mount', 'mt'],
]);
const CANONICAL_WORD = /\b(?:saint|sainte|fort|mount)\b/g;

const COUNTRY_SUFFIX = / (usa|united states( of america)?)$/;
const ZIP = /^(\d{5})(?:-\d{4})?$/;
const TRAILING_ZIP = /^(.+?)[\s,]+(\d{5})(?:-\d{4})?$/;

/** Lower case, accents and `.`/`'` dropped, every other run of non-alphanumerics one space. */
function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** `normalize`d text with "saint", "fort"… spelt one way. */
function canonical(normalized: string): string {
  return normalized.replace(CANONICAL_WORD, (word) => CANONICAL_WORDS.get(word) ?? word);
}

/** Lower-case code or normalised name → code. */
const stateByKey = new Map<string, string>();
/** Code → normalised name. */
const stateKeys = new Map<string, string>();
for (const [code, name] of Object.entries(US_STATES)) {
  stateByKey.set(code.toLowerCase(), code);
  stateByKey.set(normalize(name), code);
  stateKeys.set(code, normalize(name));
}

let cityTable: CityTable | undefined;
let zipTable: ZipTable | undefined;

function cities(): CityTable {
  cityTable ??= buildCityTable();
  return cityTable;
}

function zips(): ZipTable {
  zipTable ??= buildZipTable();
  return zipTable;
}

function buildCityTable(): CityTable {
  const byNameState = new Map<string, City>();
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  const byPopulation: City[] = [];
  const rows = readUsPlaces().sort((a, b) => b.population - a.population);
  for (const row of rows) {
    if (!US_STATES[row.state]) continue;
    const sum = sums.get(row.state) ?? { lat: 0, lng: 0, n: 0 };
    sum.lat += row.latitude;
    sum.lng += row.longitude;
    sum.n += 1;
    sums.set(row.state, sum);

    const name = DISPLAY_NAMES.get(`${row.name}|${row.state}`) ?? row.name;
    const n = normalize(name);
    const c = canonical(n);
    const key = `${c}|${row.state}`;
    // Rows come most populous first: a smaller namesake in the same state is a duplicate.
    if (byNameState.has(key)) continue;
    const st = row.state.toLowerCase();
    const stateKey = stateKeys.get(row.state)!;
    const keys = [`${n} ${st}`, `${n} ${stateKey}`];
    if (c !== n) keys.push(`${c} ${st}`, `${c} ${stateKey}`);
    const city: City = {
      label: `${name}, ${row.state}`,
      city: name,
      state: row.state,
      latitude: row.latitude,
      longitude: row.longitude,
      population: row.population,
      keys,
    };
    byNameState.set(key, city);
    if (name !== row.name) byNameState.set(`${canonical(normalize(row.name))}|${row.state}`, city);
    byPopulation.push(city);
  }
  const byName = new Map<string, City>();
  for (const [key, city] of byNameState) {
    const name = key.slice(0, key.indexOf('|'));
    const known = byName.get(name);
    if (!known || known.population < city.population) byName.set(name, city);
  }
  const stateCentres = new Map<string, LatLng>();
  for (const [state, sum] of sums) stateCentres.set(state, { latitude: round(sum.lat / sum.n), longitude: round(sum.lng / sum.n) });
  return { byPopulation, byNameState, byName, stateCentres };
}

function buildZipTable(): ZipTable {
  const columns = readZipCodes();
  const rowOfZip = new Int32Array(100_000);
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for (let row = 0; row < columns.zip.length; row++) {
    const state = columns.state[row];
    // Military (AA/AE/AP) and territory codes, and rows without a position, are not places we serve.
    if (!US_STATES[state] || (columns.latitude[row] === 0 && columns.longitude[row] === 0)) continue;
    rowOfZip[columns.zip[row]] = row + 1;
    const key = `${columns.city[row]}|${state}`;
    const sum = sums.get(key) ?? { lat: 0, lng: 0, n: 0 };
    sum.lat += columns.latitude[row];
    sum.lng += columns.longitude[row];
    sum.n += 1;
    sums.set(key, sum);
  }
  const cityByNameState = new Map<string, ZipCity>();
  const cityByName = new Map<string, ZipCity>();
  for (const [key, sum] of sums) {
    const [city, state] = key.split('|');
    const entry: ZipCity = { city, state, latitude: round(sum.lat / sum.n), longitude: round(sum.lng / sum.n), zips: sum.n };
    const name = canonical(normalize(city));
    cityByNameState.set(`${name}|${state}`, entry);
    const known = cityByName.get(name);
    if (!known || known.zips < entry.zips) cityByName.set(name, entry);
  }
  return { columns, rowOfZip, cityByNameState, cityByName };
}

function round(degrees: number): number {
  return Math.round(degrees * 1e5) / 1e5;
}

/**
 * Builds the lookup tables now rather than on first use (about 80 ms and 9 MB for the cities, as
 * much for the ZIP codes, on the 2-core development machine), so a service pays it at start-up
 * instead of on its first request.
 */
export function preloadGazetteer(): void {
  cities();
  zips();
}

function cityPlace(city: { city: string; state: string; latitude: number; longitude: number }): ResolvedPlace {
  return {
    kind: 'city',
    city: city.city,
    state: city.state,
    latitude: city.latitude,
    longitude: city.longitude,
    label: `${city.city}, ${city.state}`,
  };
}

function zipPlace(zipCode: string): ResolvedPlace | undefined {
  const { columns, rowOfZip } = zips();
  const row = rowOfZip[Number(zipCode)] - 1;
  if (row < 0) return undefined;
  const city = columns.city[row];
  const state = columns.state[row];
  return {
    kind: 'zip',
    city,
    state,
    zipCode,
    latitude: columns.latitude[row],
    longitude: columns.longitude[row],
    label: `${city}, ${state} ${zipCode}`,
  };
}

function statePlace(code: string): ResolvedPlace {
  const centre = cities().stateCentres.get(code) ?? { latitude: 0, longitude: 0 };
  return { kind: 'state', state: code, latitude: centre.latitude, longitude: centre.longitude, label: US_STATES[code] };
}

/** A city by its normalised name, in `state` when given, else the most populous of that name. */
function findCity(normalizedName: string, state?: string): ResolvedPlace | undefined {
  const name = canonical(normalizedName);
  const alias = ALIASES.get(name);
  if (alias && (!state || alias.endsWith(`|${state}`))) return cityPlace(cities().byNameState.get(alias)!);
  if (state) {
    const city = cities().byNameState.get(`${name}|${state}`) ?? zips().cityByNameState.get(`${name}|${state}`);
    return city && cityPlace(city);
  }
  const city = cities().byName.get(name) ?? zips().cityByName.get(name);
  return city && cityPlace(city);
}

/**
 * Understands what a visitor types in the location box, offline: "Miami, FL", "miami fl",
 * "Miami, Florida", "NYC", "Washington, DC", a bare city name (the most populous US city of that
 * name), a ZIP code ("33101", "33101-1234", "Miami, FL 33101"), or a state ("FL", "Florida").
 * Returns undefined for anything else (the caller treats it as free text).
 */
export function resolveLocation(text: string): ResolvedPlace | undefined {
  const raw = text.trim();
  const zipOnly = ZIP.exec(raw);
  if (zipOnly) return zipPlace(zipOnly[1]);
  const withZip = TRAILING_ZIP.exec(raw);
  if (withZip) return resolveLocation(withZip[1]) ?? zipPlace(withZip[2]);

  const comma = raw.lastIndexOf(',');
  const n = normalize(raw).replace(COUNTRY_SUFFIX, '');
  if (!n) return undefined;
  const state = stateByKey.get(n);
  if (state) return statePlace(state);

  if (comma > 0) {
    const statePart = normalize(raw.slice(comma + 1)).replace(COUNTRY_SUFFIX, '');
    const code = stateByKey.get(statePart);
    // "Miami, FL, USA": the country came after the state's comma.
    if (!code && COUNTRY_SUFFIX.test(` ${statePart}`)) return resolveLocation(raw.slice(0, comma));
    return code ? findCity(normalize(raw.slice(0, comma)), code) : undefined;
  }
  const words = n.split(' ');
  // "miami fl", "kansas city missouri", "washington district of columbia": the longest state suffix first.
  for (let k = Math.min(3, words.length - 1); k >= 1; k--) {
    const code = stateByKey.get(words.slice(-k).join(' '));
    if (!code) continue;
    const city = findCity(words.slice(0, -k).join(' '), code);
    if (city) return city;
  }
  return findCity(n);
}

/**
 * "City, ST" suggestions for what has been typed so far, most populous first: "mia" gives
 * "Miami, FL" first; "san " (with its space) only names starting with the word "San"; "Rockford, I"
 * the Rockfords of states starting with I.
 */
export function suggestCities(q: string, limit = 8): CitySuggestion[] {
  const n = normalize(q);
  if (!n || limit < 1) return [];
  // A trailing space or comma means the last word is complete: "san " must not match "Sandy".
  const complete = /[\s,]$/.test(q);
  const prefix = complete ? `${n} ` : n;
  // "saint" and "fort" are whole words: "st " must not match "Stamford".
  const lastWordCanonicalised = CANONICAL_WORDS.has(n.slice(n.lastIndexOf(' ') + 1));
  const canonicalPrefix = canonical(n) + (complete || lastWordCanonicalised ? ' ' : '');
  const out: CitySuggestion[] = [];
  for (const city of cities().byPopulation) {
    if (!city.keys.some((key) => key.startsWith(prefix) || key.startsWith(canonicalPrefix))) continue;
    out.push({
      label: city.label,
      city: city.city,
      state: city.state,
      latitude: city.latitude,
      longitude: city.longitude,
      population: city.population,
    });
    if (out.length === limit) break;
  }
  return out;
}

/** The `limit` most populous US cities (for demo data and benchmarks). */
export function largestCities(limit: number): CitySuggestion[] {
  return cities()
    .byPopulation.slice(0, Math.max(0, limit))
    .map(({ label, city, state, latitude, longitude, population }) => ({ label, city, state, latitude, longitude, population }));
}

let zipGrid: Map<string, number[]> | undefined;

/** ZIP rows bucketed by whole degree of latitude and longitude, for {@link nearestZip}. */
function zipCells(): Map<string, number[]> {
  if (zipGrid) return zipGrid;
  const { columns, rowOfZip } = zips();
  zipGrid = new Map();
  for (let row = 0; row < columns.zip.length; row++) {
    if (rowOfZip[columns.zip[row]] !== row + 1) continue;
    const key = `${Math.floor(columns.latitude[row])}|${Math.floor(columns.longitude[row])}`;
    const cell = zipGrid.get(key);
    if (cell) cell.push(row);
    else zipGrid.set(key, [row]);
  }
  return zipGrid;
}

/**
 * The five-digit ZIP code whose centre is nearest to a point, in `state` when given (an address
 * picked offline gets its city's central ZIP), or undefined when none lies within about a degree.
 */
export function nearestZip(point: LatLng, state?: string): string | undefined {
  const { columns } = zips();
  const cells = zipCells();
  const lat0 = Math.floor(point.latitude);
  const lng0 = Math.floor(point.longitude);
  let best = -1;
  let bestMiles = Infinity;
  for (let dLat = -1; dLat <= 1; dLat++) {
    for (let dLng = -1; dLng <= 1; dLng++) {
      for (const row of cells.get(`${lat0 + dLat}|${lng0 + dLng}`) ?? []) {
        if (state && columns.state[row] !== state) continue;
        const miles = distanceMiles(point, { latitude: columns.latitude[row], longitude: columns.longitude[row] });
        if (miles < bestMiles) {
          bestMiles = miles;
          best = row;
        }
      }
    }
  }
  return best < 0 ? undefined : String(columns.zip[best]).padStart(5, '0');
}

/** How far from a town a point may be and still be said to be in it, for {@link nearestCity}. */
export const NEAREST_CITY_MAX_MILES = 30;

/**
 * The populated place nearest to a point (the reverse geocode of "Find Companies Near Me"), or
 * undefined when none lies within {@link NEAREST_CITY_MAX_MILES} (at sea, outside the US).
 */
export function nearestCity(point: LatLng): CitySuggestion | undefined {
  // Degrees of latitude are ~69 miles everywhere: a cheap box test skips the haversine for most places.
  const boxDegrees = NEAREST_CITY_MAX_MILES / 69;
  const lngBoxDegrees = boxDegrees / Math.max(0.1, Math.cos(point.latitude * RAD));
  let best: City | undefined;
  let bestMiles = NEAREST_CITY_MAX_MILES;
  for (const city of cities().byPopulation) {
    if (Math.abs(city.latitude - point.latitude) > boxDegrees || Math.abs(city.longitude - point.longitude) > lngBoxDegrees) continue;
    const miles = distanceMiles(point, city);
    if (miles < bestMiles) {
      best = city;
      bestMiles = miles;
    }
  }
  return (
    best && {
      label: best.label,
      city: best.city,
      state: best.state,
      latitude: best.latitude,
      longitude: best.longitude,
      population: best.population,
    }
  );
}

/**
 * The populated places whose centre lies within `miles` of a point, as `{ city, state }` (a service
 * radius made into the cities it covers, so every search engine matches it as a list of cities).
 */
export function citiesWithin(point: LatLng, miles: number): Array<{ city: string; state: string }> {
  const boxDegrees = miles / 69;
  const lngBoxDegrees = boxDegrees / Math.max(0.1, Math.cos(point.latitude * RAD));
  const out: Array<{ city: string; state: string }> = [];
  for (const city of cities().byPopulation) {
    if (Math.abs(city.latitude - point.latitude) > boxDegrees || Math.abs(city.longitude - point.longitude) > lngBoxDegrees) continue;
    if (distanceMiles(point, city) <= miles) out.push({ city: city.city, state: city.state });
  }
  return out;
}
