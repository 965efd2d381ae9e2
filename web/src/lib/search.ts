/** The search filter set of §3, as the hero hands it to the page. */
export interface SearchFilters {
  location: string;
  serviceType: string;
  distance: string;
  vehicleTypes: string[];
  priceRange: string;
  minRating: string;
  /** Only listings with the Verified Owner badge (`verifiedOwner=true`). */
  verifiedOwner: boolean;
  /** Only companies with the Licensed and Insured badges (issue 21). */
  licensedInsured: boolean;
}

/** Result order; "location" is nearest first. */
export type SortMode = 'best-match' | 'rating' | 'location';

/** §4's defaults. */
export const DEFAULT_FILTERS: SearchFilters = {
  location: '',
  serviceType: 'all',
  distance: '25',
  vehicleTypes: [],
  priceRange: 'any',
  minRating: '',
  verifiedOwner: false,
  licensedInsured: false,
};

/** The `badges` filter of "Licensed & insured". */
const LICENSED_INSURED = 'licensed,insured';

export const SERVICE_TYPE_OPTIONS = [
  { value: 'all', label: 'All Services' },
  { value: 'Airport Transfer', label: 'Airport Transfer' },
  { value: 'Wedding', label: 'Wedding' },
  { value: 'Corporate', label: 'Corporate' },
  { value: 'Special Events', label: 'Special Events' },
] as const;

export const DISTANCE_OPTIONS = [
  { value: '25', label: '25 miles' },
  { value: '50', label: '50 miles' },
  { value: '100', label: '100 miles' },
  { value: 'statewide', label: 'Statewide' },
] as const;

export const VEHICLE_TYPE_OPTIONS = ['Stretch Limousine', 'Party Bus', 'Town Car', 'SUV Limo'] as const;

export const PRICE_RANGE_OPTIONS = [
  { value: 'any', label: 'Any Price' },
  { value: '$', label: '$ Budget Friendly' },
  { value: '$$', label: '$$ Moderate' },
  { value: '$$$', label: '$$$ Premium' },
  { value: '$$$$', label: '$$$$ Luxury' },
] as const;

export const MIN_RATING_OPTIONS = [
  { value: '', label: 'Any Rating' },
  { value: '5', label: '5 Stars' },
  { value: '4', label: '4+ Stars' },
  { value: '3', label: '3+ Stars' },
] as const;

export const SORT_OPTIONS: ReadonlyArray<{ value: SortMode; label: string }> = [
  { value: 'best-match', label: 'Best Match' },
  { value: 'rating', label: 'Highest Rated' },
  { value: 'location', label: 'Nearest First' },
];

/** §9: 15 companies a page. */
export const PAGE_SIZE = 15;

/** The visitor's city as geolocation found it. */
export interface DetectedPlace {
  city: string;
  state: string;
}

/** The "City, ST" of a typed location, when it reads as one (for the local sections). */
export function placeOfLocation(location: string): DetectedPlace | null {
  const match = /^\s*([^,]+?)\s*,\s*([A-Za-z]{2})\s*$/.exec(location);
  return match ? { city: match[1], state: match[2].toUpperCase() } : null;
}

/** Query string of GET /api/companies (§7): "all"/"any"/empty filters are left out. */
export function companiesQuery(filters: SearchFilters, page: number, sort: SortMode, detected: DetectedPlace | null): URLSearchParams {
  const q = new URLSearchParams();
  const location = filters.location.trim();
  if (location) q.set('location', location);
  if (filters.serviceType && filters.serviceType !== 'all') q.set('serviceType', filters.serviceType);
  q.set('distance', filters.distance || '25');
  if (filters.vehicleTypes.length) q.set('vehicleTypes', filters.vehicleTypes.join(','));
  if (filters.priceRange && filters.priceRange !== 'any') q.set('priceRange', filters.priceRange);
  if (filters.minRating) q.set('minRating', filters.minRating);
  if (filters.verifiedOwner) q.set('verifiedOwner', 'true');
  if (filters.licensedInsured) q.set('badges', LICENSED_INSURED);
  if (!location && detected) q.set('userLocation', JSON.stringify({ city: detected.city, state: detected.state }));
  if (sort !== 'best-match') q.set('sort', sort);
  q.set('page', String(page));
  q.set('limit', String(PAGE_SIZE));
  return q;
}

/** §9's assumed totals, used only when the server sends no X-Total-Count. */
export function assumedTotal(filters: SearchFilters): number {
  return filters.location.trim() ? 100 : 60;
}

/** Page buttons of §2: first, last, and within 2 of the current page; an ellipsis at distance 3. */
export function pageItems(current: number, total: number, reach = 2): Array<number | 'ellipsis-before' | 'ellipsis-after'> {
  const items: Array<number | 'ellipsis-before' | 'ellipsis-after'> = [];
  for (let p = 1; p <= total; p++) {
    if (p === 1 || p === total || Math.abs(p - current) <= reach) items.push(p);
    else if (Math.abs(p - current) === reach + 1) items.push(p < current ? 'ellipsis-before' : 'ellipsis-after');
  }
  return items;
}

/** Applied filters, page and sort as they live in the home page's URL (so Back restores a search). */
export function readSearchParams(params: URLSearchParams): { filters: SearchFilters; page: number; sort: SortMode } {
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  return {
    filters: {
      location: params.get('location') ?? DEFAULT_FILTERS.location,
      serviceType: params.get('serviceType') ?? DEFAULT_FILTERS.serviceType,
      distance: params.get('distance') ?? DEFAULT_FILTERS.distance,
      vehicleTypes: (params.get('vehicleTypes') ?? '').split(',').filter(Boolean),
      priceRange: params.get('priceRange') ?? DEFAULT_FILTERS.priceRange,
      minRating: params.get('minRating') ?? DEFAULT_FILTERS.minRating,
      verifiedOwner: params.get('verifiedOwner') === 'true',
      licensedInsured: params.get('badges') === LICENSED_INSURED,
    },
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: sort === 'rating' || sort === 'location' ? sort : 'best-match',
  };
}

/** The URL form of applied filters; defaults are left out to keep links short. */
export function writeSearchParams(filters: SearchFilters, page: number, sort: SortMode): URLSearchParams {
  const q = new URLSearchParams();
  if (filters.location.trim()) q.set('location', filters.location.trim());
  if (filters.serviceType !== DEFAULT_FILTERS.serviceType) q.set('serviceType', filters.serviceType);
  if (filters.distance !== DEFAULT_FILTERS.distance) q.set('distance', filters.distance);
  if (filters.vehicleTypes.length) q.set('vehicleTypes', filters.vehicleTypes.join(','));
  if (filters.priceRange !== DEFAULT_FILTERS.priceRange) q.set('priceRange', filters.priceRange);
  if (filters.minRating) q.set('minRating', filters.minRating);
  if (filters.verifiedOwner) q.set('verifiedOwner', 'true');
  if (filters.licensedInsured) q.set('badges', LICENSED_INSURED);
  if (sort !== 'best-match') q.set('sort', sort);
  if (page > 1) q.set('page', String(page));
  return q;
}
