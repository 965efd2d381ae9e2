import { createHash } from 'node:crypto';
import { hashedUuid } from '@limo/platform';
import { newCompanyDoc, type CompanyDoc } from './company.js';
import { reviewFingerprint, type ReviewDoc } from './review.js';

/** One of the 19 cities of owner-admin §9, with what it takes to make listings look local. */
export interface PopulateCity {
  slug: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  areaCodes: string[];
  /** First three digits of the city's ZIP codes. */
  zipPrefix: string;
  /** Compass bearings (degrees, clockwise from north) where land is, so listings stay out of the sea. */
  land: [number, number];
}

// slug, city, state, latitude, longitude, area codes, ZIP prefix, land bearings
const CITY_ROWS: ReadonlyArray<[string, string, string, number, number, string[], string, [number, number]]> = [
  ['new-york', 'New York', 'NY', 40.7128, -74.006, ['212', '646', '718'], '100', [0, 360]],
  ['los-angeles', 'Los Angeles', 'CA', 34.0522, -118.2437, ['213', '310', '323'], '900', [0, 200]],
  ['san-francisco', 'San Francisco', 'CA', 37.7749, -122.4194, ['415', '628'], '941', [100, 200]],
  ['washington-dc', 'Washington', 'DC', 38.9072, -77.0369, ['202'], '200', [0, 360]],
  ['miami', 'Miami', 'FL', 25.7617, -80.1918, ['305', '786'], '331', [180, 370]],
  ['dallas', 'Dallas', 'TX', 32.7767, -96.797, ['214', '469', '972'], '752', [0, 360]],
  ['houston', 'Houston', 'TX', 29.7604, -95.3698, ['713', '281', '832'], '770', [0, 360]],
  ['atlanta', 'Atlanta', 'GA', 33.749, -84.388, ['404', '470', '678'], '303', [0, 360]],
  ['boston', 'Boston', 'MA', 42.3601, -71.0589, ['617', '857'], '021', [180, 350]],
  ['seattle', 'Seattle', 'WA', 47.6062, -122.3321, ['206'], '981', [0, 180]],
  ['las-vegas', 'Las Vegas', 'NV', 36.1699, -115.1398, ['702', '725'], '891', [0, 360]],
  ['philadelphia', 'Philadelphia', 'PA', 39.9526, -75.1652, ['215', '267'], '191', [0, 360]],
  ['san-diego', 'San Diego', 'CA', 32.7157, -117.1611, ['619', '858'], '921', [0, 180]],
  ['denver', 'Denver', 'CO', 39.7392, -104.9903, ['303', '720'], '802', [0, 360]],
  ['phoenix', 'Phoenix', 'AZ', 33.4484, -112.074, ['602', '480', '623'], '850', [0, 360]],
  ['austin', 'Austin', 'TX', 30.2672, -97.7431, ['512', '737'], '787', [0, 360]],
  ['orlando', 'Orlando', 'FL', 28.5383, -81.3792, ['407', '321'], '328', [0, 360]],
  ['newark', 'Newark', 'NJ', 40.7357, -74.1724, ['973', '862'], '071', [180, 360]],
  ['charlotte', 'Charlotte', 'NC', 35.2271, -80.8431, ['704', '980'], '282', [0, 360]],
];

/** Owner-admin §9: "New York, Los Angeles, ... Charlotte", 100 companies each. */
export const POPULATE_CITIES: readonly PopulateCity[] = CITY_ROWS.map(
  ([slug, city, state, latitude, longitude, areaCodes, zipPrefix, land]) => ({
    slug,
    city,
    state,
    latitude,
    longitude,
    areaCodes,
    zipPrefix,
    land,
  }),
);

/** Owner-admin §9: 100 companies in each city. */
const COMPANIES_PER_CITY = 100;
/** One demo company in this many is featured. */
const FEATURED_EVERY = 50;
/** Listings stay within this distance of the city centre. */
const MAX_SPREAD_MILES = 18;

/** A small seeded PRNG (mulberry32): the same seed always gives the same listings. */
function random(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A UUID derived from a name: the same generated company always has the same id. */
export function deterministicId(name: string): string {
  return hashedUuid(name, { versioned: true });
}

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
function pickSome<T>(rnd: () => number, list: readonly T[], min: number, max: number): T[] {
  const count = min + Math.floor(rnd() * (max - min + 1));
  const pool = [...list];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]);
  return out;
}

const PREFIXES = [
  'Elite',
  'Premier',
  'Royal',
  'Luxury',
  'Executive',
  'Platinum',
  'Golden',
  'Diamond',
  'Prestige',
  'VIP',
  'Signature',
  'Majestic',
  'Imperial',
  'Crown',
  'Silver Star',
  'Classic',
  'Regal',
  'Elegant',
  'First Class',
  'Metro',
  'Skyline',
  'Liberty',
  'Sterling',
  'Apex',
  'Grand',
  'Black Tie',
  'Red Carpet',
  'Five Star',
  'Midnight',
  'Blue Diamond',
  'Legacy',
  'Noble',
  'Ambassador',
  'Pinnacle',
  'Empire',
  'Summit',
];
const CORES = [
  'Limousine',
  'Limo',
  'Chauffeur',
  'Car Service',
  'Transportation',
  'Black Car',
  'Coach',
  'Limo & Car Service',
  'Chauffeured Cars',
  'Party Bus',
];
const SUFFIXES = ['', '', '', 'Service', 'Services', 'Co.', 'Group', 'LLC', 'Inc.', 'Worldwide'];
const STREETS = [
  'Main St',
  'Broadway',
  'Park Ave',
  'Oak St',
  'Maple Ave',
  'Washington Blvd',
  'Lincoln Ave',
  'Market St',
  'Commerce St',
  '5th Ave',
  'Elm St',
  'Pine St',
  'Cedar Ave',
  'Center St',
  'Airport Blvd',
  'Harbor Dr',
  'Sunset Blvd',
  'Lake St',
  'Madison Ave',
  'Jefferson St',
  'Franklin Ave',
  'Highland Ave',
  'River Rd',
  'Industrial Pkwy',
];
const SERVICE_SLUGS = [
  'wedding',
  'airport-transfer',
  'corporate',
  'special-events',
  'prom',
  'quinceanera',
  'city-tours',
  'wine-tours',
  'concerts',
  'sporting-events',
  'bachelor-party',
  'night-out',
  'birthday',
  'anniversary',
];
const VEHICLE_SLUGS = [
  'stretch-limo',
  'party-bus',
  'town-car',
  'suv-limo',
  'sedan',
  'luxury-van',
  'charter-bus',
  'suv',
  'hummer-limo',
  'vintage',
];
const PRICE_RANGES: Array<{ slug: string; from: number; to: number; weight: number }> = [
  { slug: '$', from: 55, to: 85, weight: 0.15 },
  { slug: '$$', from: 85, to: 125, weight: 0.35 },
  { slug: '$$$', from: 125, to: 175, weight: 0.35 },
  { slug: '$$$$', from: 175, to: 300, weight: 0.15 },
];
const OPENERS = [
  'Family-owned chauffeur service',
  'Professional limousine company',
  'Award-winning luxury transportation',
  'Locally operated black car service',
  'Licensed and insured limo fleet',
  'Trusted ground transportation',
];
const SERVICE_WORDS: Record<string, string> = {
  wedding: 'weddings',
  'airport-transfer': 'airport transfers',
  corporate: 'corporate events',
  'special-events': 'special events',
  prom: 'proms',
  quinceanera: 'quinceañeras',
  'city-tours': 'city tours',
  'wine-tours': 'wine tours',
  concerts: 'concerts',
  'sporting-events': 'sporting events',
  'bachelor-party': 'bachelor and bachelorette parties',
  'night-out': 'nights out',
  birthday: 'birthdays',
  anniversary: 'anniversaries',
};
const VEHICLE_WORDS: Record<string, string> = {
  'stretch-limo': 'stretch limousines',
  'party-bus': 'party buses',
  'town-car': 'town cars',
  'suv-limo': 'SUV limos',
  sedan: 'luxury sedans',
  'luxury-van': 'Sprinter vans',
  'charter-bus': 'charter buses',
  suv: 'Escalades',
  'hummer-limo': 'Hummer limos',
  vintage: 'vintage Rolls-Royces',
};

const listWords = (words: string[]): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
const slugify = (s: string): string =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A point `miles` from the centre at `bearing` degrees (flat-earth approximation, fine at city scale). */
function offset(lat: number, lon: number, miles: number, bearing: number): { latitude: number; longitude: number } {
  const rad = (bearing * Math.PI) / 180;
  const dLat = (miles * Math.cos(rad)) / 69.0;
  const dLon = (miles * Math.sin(rad)) / (69.172 * Math.cos((lat * Math.PI) / 180));
  return { latitude: Math.round((lat + dLat) * 1e6) / 1e6, longitude: Math.round((lon + dLon) * 1e6) / 1e6 };
}

/** Who a generated listing's verified flag is credited to. */
export interface PopulateOptions {
  /** The admin running populate (or `system` for the demo data). */
  actor: string;
  now: Date;
}

/** The 100 generated companies of one city, always the same ones (ids, names, places, phones). */
export function generateCityCompanies(city: PopulateCity, options: PopulateOptions): Array<Omit<CompanyDoc, 'version'>> {
  const out: Array<Omit<CompanyDoc, 'version'>> = [];
  const names = new Set<string>();
  for (let i = 0; i < COMPANIES_PER_CITY; i++) {
    const rnd = random(`populate:v1:${city.slug}:${i}`);
    let name = '';
    for (let attempt = 0; attempt < 20 && (name === '' || names.has(name)); attempt++) {
      const local = rnd() < 0.3 ? `${city.city} ` : '';
      const core = pick(rnd, CORES);
      const suffix = pick(rnd, SUFFIXES);
      // "Car Service Services" reads as a typo.
      name = [`${local}${pick(rnd, PREFIXES)}`, core, /Service/.test(core) && /Service/.test(suffix) ? '' : suffix]
        .filter(Boolean)
        .join(' ');
    }
    if (names.has(name)) name = `${name} ${i + 1}`;
    names.add(name);
    const slug = slugify(`${name}-${city.slug}`);
    const [from, to] = city.land;
    const place = offset(city.latitude, city.longitude, MAX_SPREAD_MILES * Math.sqrt(rnd()), from + rnd() * (to - from));
    let roll = rnd();
    const price = PRICE_RANGES.find((p) => (roll -= p.weight) < 0) ?? PRICE_RANGES[1];
    const services = pickSome(rnd, SERVICE_SLUGS, 2, 6);
    const vehicleTypes = pickSome(rnd, VEHICLE_SLUGS, 2, 5);
    const since = 1985 + Math.floor(rnd() * 36);
    const verified = rnd() < 0.55;
    const createdAt = new Date(options.now.getTime() - Math.floor(rnd() * 900) * 86_400_000 - i * 60_000).toISOString();
    out.push(
      newCompanyDoc({
        _id: deterministicId(`populate:v1:${city.slug}:${i}`),
        name,
        description: `${pick(rnd, OPENERS)} in ${city.city} since ${since}, offering ${listWords(vehicleTypes.slice(0, 3).map((v) => VEHICLE_WORDS[v]))} for ${listWords(services.slice(0, 3).map((s) => SERVICE_WORDS[s]))}.`,
        phone: `(${city.areaCodes[i % city.areaCodes.length]}) 555-${String(100 + i).padStart(4, '0')}`,
        email: `info@${slug}.example.com`,
        businessEmail: rnd() < 0.5 ? `bookings@${slug}.example.com` : null,
        website: `https://${slug}.example.com/`,
        address: `${100 + Math.floor(rnd() * 9800)} ${pick(rnd, STREETS)}`,
        city: city.city,
        state: city.state,
        zipCode: `${city.zipPrefix}${String(1 + Math.floor(rnd() * 98)).padStart(2, '0')}`,
        latitude: place.latitude,
        longitude: place.longitude,
        priceRange: price.slug,
        services,
        vehicleTypes,
        hourlyRateStart: Math.round((price.from + rnd() * (price.to - price.from)) / 5) * 5,
        // Featured is a paid placement: two a city, so a page of results is not a wall of PREMIUM badges.
        featured: i % FEATURED_EVERY === FEATURED_EVERY - 1,
        verified,
        verification: verified ? { source: 'admin', by: options.actor, at: options.now.toISOString() } : null,
        seoKeywords: `limo ${city.city.toLowerCase()}, ${city.city.toLowerCase()} limousine service, ${vehicleTypes.map((v) => VEHICLE_WORDS[v]).join(', ')}`,
        createdAt,
      }),
    );
  }
  return out;
}

const REVIEWERS = [
  'Maria G.',
  'James P.',
  'Aisha K.',
  'Daniel R.',
  'Sofia L.',
  'Michael T.',
  'Priya N.',
  'Chris W.',
  'Emily S.',
  'Carlos M.',
  'Hannah B.',
  'Kevin O.',
  'Rachel D.',
  'Tom H.',
  'Lina Z.',
  'Marcus J.',
  'Grace C.',
  'Omar F.',
];
const COMMENTS: Record<number, string[]> = {
  5: [
    'Driver was early, the car was spotless and the whole night went perfectly.',
    'Booked them for our wedding and they made the day so easy. Highly recommend!',
    'Best airport pickup I have had: tracked our delayed flight and waited with a sign.',
    'Professional from the first call to drop-off. Will book again.',
  ],
  4: [
    'Great ride and a friendly chauffeur; pickup was ten minutes late.',
    'Very clean party bus and good music system. Pricing was fair.',
    'Smooth corporate transfer, easy booking by phone.',
  ],
  3: ['Car was fine but the driver did not know the venue.', 'Okay experience, a bit pricey for what we got.'],
  2: ['Vehicle was not the one we booked and nobody told us.'],
  1: ['No-show on our pickup and it took days to get a refund.'],
};

/** Approved demo reviews for about 60% of the companies, ratings leaning good; deterministic. */
export function generateDemoReviews(companies: ReadonlyArray<{ _id: string }>, now: Date): ReviewDoc[] {
  const out: ReviewDoc[] = [];
  for (const company of companies) {
    const rnd = random(`reviews:v1:${company._id}`);
    if (rnd() > 0.6) continue;
    const count = 1 + Math.floor(rnd() * 6);
    for (let i = 0; i < count; i++) {
      const roll = rnd();
      const rating = roll < 0.5 ? 5 : roll < 0.8 ? 4 : roll < 0.9 ? 3 : roll < 0.96 ? 2 : 1;
      const reviewerName = pick(rnd, REVIEWERS);
      const comment = pick(rnd, COMMENTS[rating]);
      const createdAt = new Date(now.getTime() - Math.floor(rnd() * 365 * 86_400_000)).toISOString();
      out.push({
        _id: deterministicId(`review:v1:${company._id}:${i}`),
        companyId: company._id,
        userId: null,
        rating,
        comment,
        reviewerName,
        status: 'approved',
        fingerprint: reviewFingerprint(reviewerName, comment),
        createdAt,
        decidedAt: createdAt,
        decidedBy: 'system',
      });
    }
  }
  return out;
}
