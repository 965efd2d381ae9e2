import type { SearchDocument } from '../src/company-search.port.js';

/** Centre of the radius queries: geonames' Miami, FL (what the gazetteer resolves "Miami, FL" to). */
export const MIAMI = { latitude: 25.77427, longitude: -80.19366 };

interface Traits {
  services: string[];
  vehicleTypes: string[];
  priceRange: string | null;
  rating: number;
  reviewCount: number;
  featured?: boolean;
  suspended?: boolean;
  verifiedOwner?: boolean;
  /** Credentials an admin verified (issue 21): a licence, the insurance's last day. */
  licensed?: boolean;
  insuredUntil?: string | null;
  /** Responsiveness (issue 21): the Top Rated badge, the best-match tier. */
  topRated?: boolean;
  responsiveTier?: number;
}

/** A plain Miami company's search document; `fields` set what a test is about. */
export function searchDocument(fields: Partial<SearchDocument> & Pick<SearchDocument, 'id'>): SearchDocument {
  return {
    name: `Company ${fields.id}`,
    description: 'Limousines',
    city: 'Miami',
    state: 'FL',
    zipCode: '33101',
    latitude: 25.77,
    longitude: -80.19,
    services: ['wedding'],
    vehicleTypes: ['sedan'],
    priceRange: '$$',
    hourlyRateStart: null,
    rating: 4,
    reviewCount: 1,
    featured: false,
    verified: true,
    verifiedOwner: false,
    licensed: false,
    insuredUntil: null,
    topRated: false,
    responsiveTier: 0,
    suspended: false,
    servedPlaces: [],
    createdAt: '2024-01-01T00:00:00.000Z',
    version: 1,
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...fields,
  };
}

function company(
  id: string,
  name: string,
  description: string,
  [city, state, zipCode]: [string, string, string],
  at: [number, number] | null,
  { featured = false, suspended = false, licensed = false, insuredUntil = null, topRated = false, ...traits }: Traits,
): SearchDocument {
  return searchDocument({
    ...traits,
    id,
    name,
    description,
    city,
    state,
    zipCode,
    latitude: at ? at[0] : null,
    longitude: at ? at[1] : null,
    featured,
    verified: !suspended,
    suspended,
    licensed,
    insuredUntil,
    topRated,
    responsiveTier: traits.responsiveTier ?? (topRated ? 2 : 0),
    // Featured listings are paid for: their owners are Verified Owners unless suspended.
    verifiedOwner: traits.verifiedOwner ?? (featured && !suspended),
    createdAt: '2024-01-15T10:00:00.000Z',
    updatedAt: '2024-01-15T10:00:00.000Z',
  });
}

const MIA: [string, string, string] = ['Miami', 'FL', '33101'];
const FLL: [string, string, string] = ['Fort Lauderdale', 'FL', '33301'];
const ORL: [string, string, string] = ['Orlando', 'FL', '32801'];
const TPA: [string, string, string] = ['Tampa', 'FL', '33602'];

/**
 * 39 companies. The Miami ones sit 1.2 to 23.4 miles from MIAMI (ids in distance order are not
 * sorted: the ranking must do the work), the Fort Lauderdale ones 26 to 45, South Florida 52 to 94,
 * Orlando and Tampa about 200; every distance is more than a mile from 25, 50 and 100 so both
 * engines agree at the edges. Some are featured, suspended, or without coordinates; fl-mia-01/04
 * tie on rating and review count, fl-mia-11/12 on everything but the id.
 */
export const FIXTURES: SearchDocument[] = [
  // Within 25 miles of Miami.
  company(
    'fl-mia-01',
    'Biscayne Bay Limousine',
    'Stretch limousines for weddings and airport runs across Miami-Dade.',
    MIA,
    [25.78931, -80.18402],
    {
      services: ['wedding', 'airport-transfer'],
      vehicleTypes: ['stretch-limo', 'sedan'],
      priceRange: '$$$',
      rating: 4.8,
      reviewCount: 120,
      licensed: true,
      insuredUntil: '2027-03-31',
    },
  ),
  company('fl-mia-02', 'Brickell Executive Cars', 'Corporate sedans and SUVs for the financial district.', MIA, [25.73721, -80.20091], {
    services: ['corporate', 'airport-transfer'],
    vehicleTypes: ['sedan', 'suv'],
    priceRange: '$$$$',
    rating: 4.6,
    reviewCount: 85,
    suspended: true,
  }),
  company('fl-mia-03', 'Little Havana Party Bus', 'A party bus with a dance floor for birthdays and proms.', MIA, [25.77426, -80.25634], {
    services: ['special-events', 'prom'],
    vehicleTypes: ['party-bus'],
    priceRange: '$$',
    rating: 4.2,
    reviewCount: 40,
  }),
  company('fl-mia-04', 'Coral Gables Chauffeurs', 'Discreet town cars for weddings and board meetings.', MIA, [25.71899, -80.255], {
    services: ['wedding', 'corporate'],
    vehicleTypes: ['town-car', 'sedan'],
    priceRange: '$$$',
    rating: 4.8,
    reviewCount: 120,
    licensed: true,
    insuredUntil: '2026-01-10',
  }),
  company(
    'fl-mia-05',
    'Magic City Limo',
    'Quinceañeras and weddings in a vintage Rolls-Royce or a Hummer limousine.',
    MIA,
    [25.87703, -80.19366],
    {
      services: ['wedding', 'quinceanera'],
      vehicleTypes: ['stretch-limo', 'hummer-limo'],
      priceRange: '$$',
      rating: 3.9,
      reviewCount: 18,
    },
  ),
  company('fl-mia-06', 'Key Biscayne Shuttle', 'Shared vans to MIA and the port.', MIA, [25.68418, -80.09373], {
    services: ['airport-transfer'],
    vehicleTypes: ['luxury-van'],
    priceRange: '$',
    rating: 3.5,
    reviewCount: 9,
  }),
  company('fl-mia-07', 'Doral Airport Express', 'On-time airport transfers in sedans and SUV limos.', MIA, [25.83011, -80.3644], {
    services: ['airport-transfer', 'corporate'],
    vehicleTypes: ['sedan', 'suv-limo'],
    priceRange: '$$',
    rating: 4.4,
    reviewCount: 61,
    featured: true,
    insuredUntil: '2030-01-01',
  }),
  company(
    'fl-mia-08',
    'Hialeah Royal Limousines',
    'Stretch limos and party buses for quinces, proms and weddings.',
    MIA,
    [25.92609, -80.33538],
    {
      services: ['quinceanera', 'prom', 'wedding'],
      vehicleTypes: ['stretch-limo', 'party-bus'],
      priceRange: '$$',
      rating: 4.0,
      reviewCount: 33,
    },
  ),
  company('fl-mia-09', 'Kendall Town Car Service', 'Town cars to the airport, day and night.', MIA, [25.58213, -80.34276], {
    services: ['airport-transfer'],
    vehicleTypes: ['town-car'],
    priceRange: null,
    rating: 0,
    reviewCount: 0,
  }),
  company(
    'fl-mia-10',
    'Homestead Classic Cars',
    'A vintage Rolls-Royce Phantom and classic limousines for weddings.',
    MIA,
    [25.45597, -80.32195],
    {
      services: ['wedding'],
      vehicleTypes: ['vintage', 'stretch-limo'],
      priceRange: '$$$$',
      rating: 4.9,
      reviewCount: 12,
      featured: true,
    },
  ),
  company('fl-mia-11', 'Coastal Limo', 'Beach weddings and special events.', MIA, [26.0522, -80.13911], {
    services: ['wedding', 'special-events'],
    vehicleTypes: ['stretch-limo'],
    priceRange: '$$$',
    rating: 4.5,
    reviewCount: 30,
  }),
  company('fl-mia-12', 'Coastal Limo', 'Beach weddings and special events.', MIA, [26.07705, -80.16417], {
    services: ['wedding', 'special-events'],
    vehicleTypes: ['stretch-limo'],
    priceRange: '$$$',
    rating: 4.5,
    reviewCount: 30,
  }),
  // Fort Lauderdale and Boca Raton: 26 to 45 miles.
  company('fl-fll-01', 'Las Olas Luxury Transport', 'Luxury sedans and limousines along Las Olas Boulevard.', FLL, [26.1549, -80.15656], {
    services: ['wedding', 'corporate'],
    vehicleTypes: ['sedan', 'stretch-limo'],
    priceRange: '$$$',
    rating: 4.7,
    reviewCount: 54,
    licensed: true,
  }),
  company('fl-fll-02', 'Broward Party Bus', 'Party buses for bachelor parties, proms and nights out.', FLL, [26.20392, -80.23556], {
    services: ['special-events', 'prom', 'bachelor-party'],
    vehicleTypes: ['party-bus'],
    priceRange: '$$',
    rating: 4.1,
    reviewCount: 27,
  }),
  company(
    'fl-fll-03',
    'Port Everglades Cruise Transfers',
    'Vans and SUVs between the cruise port and the airports.',
    FLL,
    [26.21458, -80.06214],
    {
      services: ['cruise-transfer', 'airport-transfer'],
      vehicleTypes: ['luxury-van', 'suv'],
      priceRange: '$',
      rating: 3.8,
      reviewCount: 15,
    },
  ),
  company('fl-fll-04', 'Pompano Beach Limousine', 'Wedding limousines and SUV limos.', FLL, [26.29308, -80.11233], {
    services: ['wedding'],
    vehicleTypes: ['stretch-limo', 'suv-limo'],
    priceRange: '$$$',
    rating: 4.3,
    reviewCount: 22,
    featured: true,
  }),
  company('fl-fll-05', 'Boca Raton Elite Chauffeurs', 'Executive chauffeurs for corporate travel.', FLL, [26.40991, -80.06851], {
    services: ['corporate', 'airport-transfer'],
    vehicleTypes: ['sedan', 'town-car'],
    priceRange: '$$$$',
    rating: 4.9,
    reviewCount: 88,
  }),
  company('fl-fll-06', 'Coral Springs Wine Tours', 'Wine tours in a luxury van.', FLL, [26.30316, -80.40846], {
    services: ['wine-tours'],
    vehicleTypes: ['luxury-van'],
    priceRange: '$$',
    rating: 4.6,
    reviewCount: 19,
    suspended: true,
  }),
  // South Florida: 52 to 94 miles.
  company(
    'fl-sfl-01',
    'Palm Beach Prestige Limo',
    'Prestige limousines and sedans for galas and weddings.',
    ['West Palm Beach', 'FL', '33401'],
    [26.72013, -80.04483],
    {
      services: ['wedding', 'corporate'],
      vehicleTypes: ['stretch-limo', 'sedan'],
      priceRange: '$$$$',
      rating: 4.8,
      reviewCount: 140,
    },
  ),
  company('fl-sfl-02', 'Jupiter Party Bus', 'Party buses on the Treasure Coast.', ['Jupiter', 'FL', '33458'], [26.90605, -80.08263], {
    services: ['special-events'],
    vehicleTypes: ['party-bus'],
    priceRange: '$$',
    rating: 3.7,
    reviewCount: 11,
  }),
  company(
    'fl-sfl-03',
    'Everglades City Tours',
    'Airboat and city tours by luxury van.',
    ['Everglades City', 'FL', '34139'],
    [25.91498, -81.09852],
    {
      services: ['city-tours'],
      vehicleTypes: ['luxury-van'],
      priceRange: '$',
      rating: 4.0,
      reviewCount: 6,
    },
  ),
  company(
    'fl-sfl-04',
    'Key Largo Island Transfers',
    'SUV transfers between the Keys and the airports.',
    ['Key Largo', 'FL', '33037'],
    [25.06269, -80.47945],
    {
      services: ['airport-transfer'],
      vehicleTypes: ['suv'],
      priceRange: '$$',
      rating: 4.2,
      reviewCount: 14,
    },
  ),
  company('fl-sfl-05', 'Naples Gulf Coast Limousine', 'Gulf coast wedding limousines.', ['Naples', 'FL', '34102'], [26.11619, -81.64477], {
    services: ['wedding'],
    vehicleTypes: ['stretch-limo'],
    priceRange: '$$$',
    rating: 4.4,
    reviewCount: 25,
  }),
  // Orlando and Tampa: about 200 miles.
  company('fl-orl-01', 'Orlando Theme Park Shuttles', 'Vans and coaches to the parks and MCO.', ORL, [28.55983, -81.35477], {
    services: ['airport-transfer', 'city-tours'],
    vehicleTypes: ['luxury-van', 'charter-bus'],
    priceRange: '$$',
    rating: 4.3,
    reviewCount: 77,
  }),
  company('fl-orl-02', 'Lake Buena Vista Limousine', 'Fairy-tale wedding limousines.', ORL, [28.40519, -81.55949], {
    services: ['wedding'],
    vehicleTypes: ['stretch-limo'],
    priceRange: '$$$',
    rating: 4.7,
    reviewCount: 31,
    featured: true,
  }),
  company('fl-orl-03', 'Kissimmee Party Bus', 'Budget party buses for proms.', ORL, [28.27927, -81.37924], {
    services: ['prom', 'special-events'],
    vehicleTypes: ['party-bus'],
    priceRange: '$',
    rating: 3.6,
    reviewCount: 8,
  }),
  company('fl-tpa-01', 'Tampa Bay Executive Sedans', 'Executive sedans for corporate travel and TPA.', TPA, [27.96778, -82.45843], {
    services: ['corporate', 'airport-transfer'],
    vehicleTypes: ['sedan'],
    priceRange: '$$$',
    rating: 4.5,
    reviewCount: 64,
  }),
  company('fl-tpa-02', 'Ybor City Party Bus', 'Party buses through Ybor City.', TPA, [27.96344, -82.42721], {
    services: ['special-events'],
    vehicleTypes: ['party-bus'],
    priceRange: '$$',
    rating: 4.1,
    reviewCount: 23,
  }),
  company(
    'fl-tpa-03',
    'Clearwater Beach Limo',
    'Beach weddings in stretch and Hummer limousines.',
    ['Clearwater', 'FL', '33755'],
    [28.01688, -82.75298],
    {
      services: ['wedding'],
      vehicleTypes: ['stretch-limo', 'hummer-limo'],
      priceRange: '$$$',
      rating: 4.6,
      reviewCount: 45,
    },
  ),
  // Florida, without coordinates.
  company('fl-nc-01', 'Sunshine State Limousine', 'Limousines anywhere in Florida.', ['Miami', 'FL', ''], null, {
    services: ['wedding'],
    vehicleTypes: ['stretch-limo'],
    priceRange: '$$',
    rating: 5,
    reviewCount: 3,
  }),
  company('fl-nc-02', 'Gulf Breeze Chauffeurs', 'Corporate chauffeurs.', ['Gulf Breeze', 'FL', '32561'], null, {
    services: ['corporate'],
    vehicleTypes: ['sedan'],
    priceRange: '$$$',
    rating: 2.5,
    reviewCount: 4,
  }),
  // Other states.
  company(
    'ga-atl-01',
    'Peachtree Limousine',
    'Weddings and corporate events in Atlanta.',
    ['Atlanta', 'GA', '30303'],
    [33.749, -84.38798],
    {
      services: ['wedding', 'corporate'],
      vehicleTypes: ['stretch-limo', 'sedan'],
      priceRange: '$$$',
      rating: 4.8,
      reviewCount: 90,
    },
  ),
  company('ga-atl-02', 'Buckhead Party Bus', 'Party buses for nights out in Buckhead.', ['Atlanta', 'GA', '30305'], [33.8379, -84.3804], {
    services: ['special-events'],
    vehicleTypes: ['party-bus'],
    priceRange: '$$',
    rating: 4.0,
    reviewCount: 20,
  }),
  company(
    'tx-aus-01',
    'Austin Live Music Limo',
    'Party buses and limos to concerts on Sixth Street.',
    ['Austin', 'TX', '78701'],
    [30.26715, -97.74306],
    {
      services: ['concerts', 'special-events'],
      vehicleTypes: ['party-bus', 'stretch-limo'],
      priceRange: '$$',
      rating: 4.5,
      reviewCount: 51,
      featured: true,
    },
  ),
  company('tx-nc-01', 'Lone Star Chauffeurs', 'Corporate chauffeurs across Texas.', ['Dallas', 'TX', ''], null, {
    services: ['corporate'],
    vehicleTypes: ['sedan'],
    priceRange: '$$$',
    rating: 4.2,
    reviewCount: 10,
  }),
  company('ny-nyc-01', 'Manhattan Black Car', 'Black cars to JFK, LGA and EWR.', ['New York', 'NY', '10001'], [40.7484, -73.9967], {
    services: ['corporate', 'airport-transfer'],
    vehicleTypes: ['sedan', 'suv'],
    priceRange: '$$$$',
    rating: 4.7,
    reviewCount: 300,
  }),
  company(
    'ny-nyc-02',
    'Brooklyn Bridge Limousine',
    'Wedding limousines with a skyline view.',
    ['Brooklyn', 'NY', '11201'],
    [40.6936, -73.9897],
    {
      services: ['wedding'],
      vehicleTypes: ['stretch-limo'],
      priceRange: '$$$',
      rating: 4.4,
      reviewCount: 75,
      suspended: true,
    },
  ),
  company('il-chi-01', 'Windy City Coach', 'Charter buses for conventions.', ['Chicago', 'IL', '60601'], [41.88531, -87.6217], {
    services: ['corporate'],
    vehicleTypes: ['charter-bus'],
    priceRange: '$$',
    rating: 4.3,
    reviewCount: 42,
  }),
  company(
    'ca-la-01',
    'Hollywood Star Limousine',
    'Red-carpet limousines and SUV limos.',
    ['Los Angeles', 'CA', '90028'],
    [34.10167, -118.3267],
    {
      services: ['special-events', 'wedding'],
      vehicleTypes: ['stretch-limo', 'suv-limo'],
      priceRange: '$$$$',
      rating: 4.6,
      reviewCount: 210,
    },
  ),
];
