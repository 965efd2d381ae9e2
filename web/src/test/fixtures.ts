import type { Company, CompanyDetail, OwnerCompany, PaymentsConfigResponse, QuoteRequest, Review } from '@limo/contracts';

/** A company as the directory returns it, with `overrides` applied. */
export function makeCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: 'c1',
    name: 'Sunshine Limousines',
    description: 'Luxury rides across South Florida.',
    phone: '(305) 555-0100',
    email: 'info@sunshine.example',
    website: 'sunshine.example',
    address: '100 Ocean Dr',
    city: 'Miami',
    state: 'FL',
    zipCode: '33139',
    latitude: 25.77,
    longitude: -80.13,
    priceRange: '$$',
    services: ['Wedding', 'Airport Transfer', 'Corporate Events', 'Proms'],
    vehicleTypes: ['Stretch Limousine', 'Party Bus'],
    hourlyRateStart: 95,
    featured: true,
    verified: true,
    claimed: false,
    claimedAt: null,
    owned: false,
    businessVerified: false,
    verifiedOwner: false,
    imageUrl: null,
    logoUrl: null,
    seoKeywords: null,
    seoTags: null,
    rating: 4.5,
    reviewCount: 2,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    badges: [],
    insuranceExpiresOn: null,
    gallery: [],
    hours: null,
    serviceArea: null,
    fleet: [],
    responseTimeHours: null,
    responseRate: null,
    ...overrides,
  };
}

/** Ana's approved five-star review of c1, a verified customer's, with the company's reply; `overrides` applied. */
export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: 'r1',
    companyId: 'c1',
    rating: 5,
    comment: 'Perfect wedding ride.',
    reviewerName: 'Ana',
    status: 'approved',
    createdAt: '2025-03-02T10:00:00.000Z',
    verifiedCustomer: true,
    reply: { text: 'Thank you, Ana!', createdAt: '2025-03-03T10:00:00.000Z' },
    ...overrides,
  };
}

/** An approved four-star review of c1 with neither name nor comment nor reply, not a verified customer's. */
export const makeAnonymousReview = (createdAt = '2025-02-01T10:00:00.000Z'): Review =>
  makeReview({ id: 'r2', rating: 4, comment: null, reviewerName: '', createdAt, verifiedCustomer: false, reply: null });

/** A company page's data: the company with its approved reviews. */
export function makeCompanyDetail(overrides: Partial<CompanyDetail> = {}): CompanyDetail {
  return { ...makeCompany(), reviews: [makeReview(), makeAnonymousReview()], ...overrides };
}

/** A company as its owner sees it from GET /api/my-companies. */
export function makeOwnerCompany(overrides: Partial<OwnerCompany> = {}): OwnerCompany {
  return {
    ...makeCompany({ claimed: true, owned: true, businessVerified: false }),
    userId: 'u1',
    businessEmail: 'bookings@sunshine.example',
    averageRating: 4.5,
    subscriptionInfo: {
      subscriptionStatus: 'active',
      createdAt: '2026-01-10T00:00:00.000Z',
      subscriptionEndDate: '2027-01-10T00:00:00.000Z',
    },
    suspended: false,
    suspendedAt: null,
    ...overrides,
  };
}

/** A quote request as the owner's list returns it. */
export function makeQuote(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    id: 'q1',
    companyId: 'c1',
    companyName: 'Sunshine Limousines',
    source: 'company',
    customerName: 'Jordan Lee',
    customerEmail: 'jordan@example.com',
    customerPhone: '(305) 555-0199',
    serviceType: 'To Airport',
    vehicleType: 'Stretch Limousine',
    passengerCount: '3-4',
    pickupLocation: '1200 Brickell Ave, Miami, FL',
    dropoffLocation: 'Miami International Airport',
    tripDate: '2026-12-20',
    tripTime: '7:15 AM',
    specialRequests: null,
    status: 'pending',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    deliveredAt: '2026-11-20T10:00:05.000Z',
    firstViewedAt: null,
    contactedAt: null,
    ...overrides,
  };
}

/** `GET /api/payments/config` in test mode: the simulator, the $75 yearly claim plan and the succeeding test card. */
export function makePaymentsConfig(overrides: Partial<PaymentsConfigResponse> = {}): PaymentsConfigResponse {
  return {
    provider: 'simulator',
    publishableKey: null,
    testMode: true,
    plan: { id: 'claim', name: 'Business Directory Access', amount: 7500, currency: 'usd', interval: 'year' },
    testCards: [{ number: '4242424242424242', outcome: 'succeeds' }],
    ...overrides,
  };
}
