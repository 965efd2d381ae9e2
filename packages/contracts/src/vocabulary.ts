/**
 * One canonical vocabulary for services, vehicle types and price ranges. The specs' forms each use
 * their own words ("Wedding Transportation", "weddings", "Stretch Limo", "$150-200/hour"...); every
 * one of them is a synonym of one term here, so a listing saved from any form is found by the
 * search filters. Companies store slugs; screens show labels.
 */
export interface Term {
  slug: string;
  label: string;
  synonyms: readonly string[];
}

export const SERVICES: readonly Term[] = [
  { slug: 'wedding', label: 'Wedding', synonyms: ['Wedding Transportation', 'weddings', 'Weddings'] },
  {
    slug: 'airport-transfer',
    label: 'Airport Transfer',
    synonyms: ['airport-transfers', 'Airport Transfers', 'To Airport', 'From Airport', 'Airport'],
  },
  { slug: 'corporate', label: 'Corporate Events', synonyms: ['Corporate', 'Corporate Event', 'corporate'] },
  { slug: 'business-travel', label: 'Business Travel', synonyms: ['Business Meeting', 'Business Meetings'] },
  { slug: 'special-events', label: 'Special Events', synonyms: ['Special Event', 'special-events', 'VIP Special Event'] },
  { slug: 'prom', label: 'Proms', synonyms: ['Prom', 'Prom/Graduation', 'Prom / School Event', 'proms', 'Graduation'] },
  { slug: 'quinceanera', label: 'Quinceañeras', synonyms: ['Quinceañera', 'Quinceaneras', 'Quinceanera'] },
  { slug: 'city-tours', label: 'City Tours', synonyms: ['City Tour', 'city-tours'] },
  { slug: 'wine-tours', label: 'Wine Tours', synonyms: ['Wine Tour', 'wine-tours', 'Wine/Private Tour'] },
  { slug: 'concerts', label: 'Concerts', synonyms: ['Concert', 'Concert / Sporting Event'] },
  { slug: 'sporting-events', label: 'Sporting Events', synonyms: ['Sporting Event'] },
  { slug: 'birthday', label: 'Birthday', synonyms: ['Birthday Party', 'Birthday / Anniversary', 'Birthdays'] },
  { slug: 'anniversary', label: 'Anniversary', synonyms: ['anniversaries', 'Anniversaries'] },
  {
    slug: 'bachelor-party',
    label: 'Bachelor/Bachelorette',
    synonyms: ['bachelor-parties', 'Bachelor Parties', 'Bachelor(ette) Party', 'Bachelorette'],
  },
  { slug: 'night-out', label: 'Night Out', synonyms: ['Night-on-the-Town', 'Night on the Town'] },
  { slug: 'funeral', label: 'Funeral', synonyms: ['Funerals'] },
  { slug: 'shopping-tour', label: 'Shopping Tour', synonyms: ['Shopping Tours'] },
  { slug: 'point-to-point', label: 'Point-to-Point', synonyms: ['Point-to-Point (one-way)', 'One-way'] },
  { slug: 'hourly', label: 'Hourly Charter', synonyms: ['Just Drive (hourly)', 'Just Drive'] },
  { slug: 'cruise-transfer', label: 'Cruise Port Transfer', synonyms: ['To Cruiseport', 'From Cruiseport'] },
  { slug: 'multi-day', label: 'Multi-Day Event', synonyms: ['Multi-Day Events'] },
];

export const VEHICLE_TYPES: readonly Term[] = [
  { slug: 'stretch-limo', label: 'Stretch Limousine', synonyms: ['Stretch Limo', 'stretch-limo', 'Limousine'] },
  { slug: 'suv-limo', label: 'SUV Limo', synonyms: ['SUV Limousine', 'suv-limo', 'SUV Stretch'] },
  { slug: 'party-bus', label: 'Party Bus', synonyms: ['party-bus'] },
  { slug: 'town-car', label: 'Town Car', synonyms: ['town-car'] },
  { slug: 'sedan', label: 'Sedan', synonyms: ['Luxury Sedan', 'luxury-sedan'] },
  { slug: 'suv', label: 'SUV', synonyms: ['Luxury SUV', 'escalade', 'Escalade'] },
  { slug: 'luxury-van', label: 'Luxury Van', synonyms: ['Van', 'Executive Van', 'Sprinter Van', 'Limo Sprinter', 'Sprinter'] },
  { slug: 'charter-bus', label: 'Charter Bus', synonyms: ['Coach Bus', 'Luxury Coach', 'Motorcoach', 'Shuttle Bus'] },
  { slug: 'hummer-limo', label: 'Hummer Limo', synonyms: ['hummer-limo', 'Hummer Limousine'] },
  { slug: 'vintage', label: 'Vintage Car', synonyms: ['vintage-classic', 'Vintage Classic', 'Classic Car'] },
  { slug: 'exotic', label: 'Rolls-Royce / Bentley', synonyms: ['rolls-royce', 'Rolls-Royce', 'bentley', 'Bentley'] },
];

export const PRICE_RANGES: readonly Term[] = [
  { slug: '$', label: '$ Budget Friendly', synonyms: ['Budget Friendly', 'budget', '$50-100/hour'] },
  { slug: '$$', label: '$$ Moderate', synonyms: ['Moderate', 'moderate', '$100-150/hour'] },
  { slug: '$$$', label: '$$$ Premium', synonyms: ['Premium', 'premium', '$150-200/hour'] },
  { slug: '$$$$', label: '$$$$ Luxury', synonyms: ['Luxury', 'luxury', '$200-300/hour', '$300+/hour'] },
];

const key = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9$+]/g, '');

function indexOf(terms: readonly Term[]): Map<string, Term> {
  const map = new Map<string, Term>();
  for (const t of terms) for (const word of [t.slug, t.label, ...t.synonyms]) map.set(key(word), t);
  return map;
}
const serviceIndex = indexOf(SERVICES);
const vehicleIndex = indexOf(VEHICLE_TYPES);
const priceIndex = indexOf(PRICE_RANGES);

/** The canonical service slug for any spelling the specs use, or undefined. */
export const normalizeService = (input: string): string | undefined => serviceIndex.get(key(input))?.slug;
/** The canonical vehicle type slug for any spelling the specs use, or undefined. */
export const normalizeVehicleType = (input: string): string | undefined => vehicleIndex.get(key(input))?.slug;
/** `$`..`$$$$` for any price range spelling the specs use, or undefined. */
export const normalizePriceRange = (input: string): string | undefined => {
  const direct = priceIndex.get(key(input))?.slug;
  if (direct) return direct;
  // "$$$ Premium" and similar: the leading dollar signs decide.
  const dollars = /^\s*(\${1,4})(?!\$)/.exec(input)?.[1];
  return dollars ?? undefined;
};

export const serviceLabel = (slug: string): string => SERVICES.find((t) => t.slug === slug)?.label ?? slug;
export const vehicleTypeLabel = (slug: string): string => VEHICLE_TYPES.find((t) => t.slug === slug)?.label ?? slug;
export const priceRangeLabel = (slug: string): string => PRICE_RANGES.find((t) => t.slug === slug)?.label ?? slug;

/** Normalises a list, dropping unknown words and duplicates, keeping first-seen order. */
export function normalizeList(inputs: readonly string[] | undefined, normalize: (s: string) => string | undefined): string[] {
  const out: string[] = [];
  for (const s of inputs ?? []) {
    const slug = normalize(s);
    if (slug && !out.includes(slug)) out.push(slug);
  }
  return out;
}
