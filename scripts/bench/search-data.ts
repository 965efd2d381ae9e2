/**
 * Deterministic data for `npm run bench:search`: companies as the directory stores them, spread
 * around the gazetteer's US cities like real listings (more in big cities, most within 15 miles of
 * the centre), and the fixed mix of `GET /api/companies` paths the bench sends through the gateway.
 */
import { SERVICES, VEHICLE_TYPES } from '@limo/contracts';
import { EARTH_RADIUS_MILES, largestCities, type CitySuggestion } from '@limo/geo';
import { newCompanyDoc, type CompanyDoc } from '@limo/directory';

/** mulberry32: a small, fast, seedable PRNG (same seed, same companies, same queries). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
const some = <T>(rnd: () => number, items: readonly T[], max: number): T[] => {
  const out = new Set<T>();
  const n = 1 + Math.floor(rnd() * max);
  while (out.size < n) out.add(pick(rnd, items));
  return [...out];
};

const NAME_FIRST = [
  'Elite',
  'Royal',
  'Premier',
  'Luxury',
  'Executive',
  'Platinum',
  'Golden',
  'Star',
  'Signature',
  'Prestige',
  'Classic',
  'Diamond',
  'Crown',
  'Silver',
  'VIP',
  'Metro',
  'Coastal',
  'Summit',
  'Liberty',
  'Empire',
];
const NAME_LAST = [
  'Limousine',
  'Limo',
  'Chauffeurs',
  'Transportation',
  'Car Service',
  'Party Bus',
  'Black Car',
  'Coach',
  'Sedans',
  'Livery',
];
const WORDS = (
  'professional chauffeurs luxury fleet stretch limousines party buses sedans suvs sprinter vans weddings proms quinceaneras ' +
  'airport transfers corporate travel concerts sporting events wine tours night out birthday anniversary bachelor bachelorette ' +
  'on time licensed insured family owned since serving downtown suburbs hotels cruise port red carpet champagne leather seating ' +
  'mood lighting sound system bar flat rate hourly charter point to point meet and greet flight tracking courteous reliable spotless ' +
  'vintage rolls royce bentley escalade hummer chrysler mercedes lincoln navigator executive business clients group events'
).split(' ');

const STREETS = ['Main St', 'Broadway', 'Park Ave', 'Oak St', 'Market St', 'Airport Blvd', 'Harbor Dr', 'Lake St', 'Center St', 'River Rd'];

/** `count` stored companies around the 1,000 largest US cities; a city's share grows with its population. */
export function generateCompanies(count: number, seed = 20240115): CompanyDoc[] {
  const rnd = random(seed);
  const cities = largestCities(1_000);
  const weights = cities.map((c) => c.population ** 0.8);
  const cumulative: number[] = [];
  weights.reduce((sum, w, i) => (cumulative[i] = sum + w), 0);
  const totalWeight = cumulative.at(-1)!;
  const cityAt = (): CitySuggestion => {
    const x = rnd() * totalWeight;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return cities[lo];
  };
  const services = SERVICES.map((t) => t.slug);
  const vehicles = VEHICLE_TYPES.map((t) => t.slug);
  const created = Date.UTC(2023, 0, 1);

  const companies: CompanyDoc[] = [];
  for (let i = 0; i < count; i++) {
    const city = cityAt();
    // Distance from the centre: half-normal, sigma 8 miles, capped at 40.
    const miles = Math.min(40, Math.abs(Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())) * 8);
    const bearing = rnd() * 2 * Math.PI;
    const dLat = ((miles * Math.cos(bearing)) / EARTH_RADIUS_MILES) * (180 / Math.PI);
    const dLng = ((miles * Math.sin(bearing)) / (EARTH_RADIUS_MILES * Math.cos((city.latitude * Math.PI) / 180))) * (180 / Math.PI);
    const located = rnd() > 0.01;
    const reviewed = rnd() > 0.15;
    const name = `${rnd() < 0.4 ? city.city : pick(rnd, NAME_FIRST)} ${pick(rnd, NAME_FIRST)} ${pick(rnd, NAME_LAST)}`;
    const description = [
      `Serving ${city.city} and the surrounding area.`,
      ...Array.from({ length: 12 + Math.floor(rnd() * 18) }, () => pick(rnd, WORDS)),
    ].join(' ');
    const domain = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i}.example.com`;
    const verified = rnd() < 0.6;
    const createdAt = new Date(created + i * 60_000).toISOString();
    companies.push({
      ...newCompanyDoc({
        _id: `bench-${String(i).padStart(6, '0')}`,
        name,
        description,
        phone: `(${200 + Math.floor(rnd() * 790)}) 555-${String(Math.floor(rnd() * 10_000)).padStart(4, '0')}`,
        email: `info@${domain}`,
        website: `https://${domain}/`,
        address: `${100 + Math.floor(rnd() * 9_800)} ${pick(rnd, STREETS)}`,
        city: city.city,
        state: city.state,
        latitude: located ? Math.round((city.latitude + dLat) * 1e6) / 1e6 : null,
        longitude: located ? Math.round((city.longitude + dLng) * 1e6) / 1e6 : null,
        services: some(rnd, services, 4),
        vehicleTypes: some(rnd, vehicles, 4),
        priceRange: rnd() < 0.1 ? null : pick(rnd, ['$', '$$', '$$$', '$$$$']),
        hourlyRateStart: rnd() < 0.3 ? null : 50 + Math.floor(rnd() * 250),
        featured: rnd() < 0.03,
        verified,
        verification: verified ? { source: 'admin', by: 'bench', at: createdAt } : null,
        suspendedAt: rnd() < 0.02 ? createdAt : null,
        rating: reviewed ? Math.round((3 + rnd() * 2) * 10) / 10 : 0,
        reviewCount: reviewed ? 1 + Math.floor(rnd() * 300) : 0,
        createdAt,
      }),
      version: 1,
    });
  }
  return companies;
}

const TEXTS = ['party bus', 'elite limo', 'wedding', 'executive sedan', 'royal chauffeurs', 'vintage rolls', 'airport', 'star'];

/**
 * The HTTP mix: `count` distinct paths of `GET /api/companies` as the web client sends them
 * (public-side §7): a "City, ST", a ZIP, a state or words in `location`, a distance, filters, a
 * sort, a page.
 */
export function httpQueryMix(count: number, seed = 11): string[] {
  const rnd = random(seed);
  const cities = largestCities(100);
  const zips = [
    '10001',
    '33101',
    '60601',
    '90028',
    '77002',
    '85004',
    '19103',
    '78701',
    '98101',
    '02108',
    '30303',
    '80202',
    '94103',
    '89109',
    '37203',
  ];
  const paths = new Set<string>();
  while (paths.size < count) {
    const params = new URLSearchParams();
    const roll = rnd();
    if (roll < 0.6) params.set('location', pick(rnd, cities).label);
    else if (roll < 0.75) params.set('location', pick(rnd, zips));
    else if (roll < 0.85) params.set('location', pick(rnd, ['Florida', 'TX', 'California', 'NY', 'Illinois']));
    else params.set('location', pick(rnd, TEXTS));
    params.set('distance', pick(rnd, ['25', '25', '50', '100', 'statewide']));
    if (rnd() < 0.3) params.set('serviceType', pick(rnd, ['Wedding', 'Airport Transfer', 'Corporate', 'Special Events']));
    if (rnd() < 0.25) params.set('vehicleTypes', some(rnd, ['Stretch Limousine', 'Party Bus', 'Town Car', 'SUV Limo'], 2).join(','));
    if (rnd() < 0.2) params.set('priceRange', pick(rnd, ['$', '$$', '$$$', '$$$$']));
    if (rnd() < 0.2) params.set('minRating', pick(rnd, ['3', '4', '5']));
    if (rnd() < 0.3) params.set('sort', pick(rnd, ['rating', 'distance']));
    params.set('page', String(rnd() < 0.7 ? 1 : 2 + Math.floor(rnd() * 4)));
    params.set('limit', '15');
    paths.add(`/api/companies?${params.toString()}`);
  }
  return [...paths];
}
