import { randomUUID } from 'node:crypto';
import type { BusinessHours, CompanyResponsivenessV1, CompanySnapshot, FleetVehicle, GalleryImage, ServiceArea } from '@limo/contracts';
import type { EventEnvelope } from '@limo/platform';
import type { CredentialsDoc } from './credentials-doc.js';

/** Who set `verified`, so the audit can tell a backed flag from a stray one. */
interface Verification {
  source: 'admin' | 'claim';
  /** The admin's user id (admin), the claim id (claim). */
  by: string | null;
  at: string;
}

/** The company's premium subscription, as billing's events told it. */
interface SubscriptionState {
  subscriptionId: string;
  status: 'active' | 'canceled';
  startedAt: string;
  endDate: string | null;
}

/** Why the owner is a verified owner: an approved (paid) claim, or a paid listing an admin verified. */
interface OwnerApproval {
  source: 'claim' | 'listing';
  /** The claim id (claim), the admin's user id (listing). */
  by: string | null;
  at: string;
}

/** An admin's rejection of an owned listing in the verification queue; the owner is told the reason. */
interface ListingReview {
  status: 'rejected';
  reason: string;
  by: string;
  at: string;
}

/** A company as the directory stores it. Vocabulary fields hold slugs. */
export interface CompanyDoc {
  _id: string;
  /** The owner's user id; null while nobody owns the listing. */
  userId: string | null;
  name: string;
  description: string | null;
  phone: string | null;
  email: string | null;
  businessEmail: string | null;
  website: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  latitude: number | null;
  longitude: number | null;
  priceRange: string | null;
  services: string[];
  vehicleTypes: string[];
  hourlyRateStart: number | null;
  featured: boolean;
  verified: boolean;
  verification: Verification | null;
  suspendedAt: string | null;
  suspendedBy: string | null;
  claimed: boolean;
  claimedAt: string | null;
  claimId: string | null;
  businessVerified: boolean;
  subscription: SubscriptionState | null;
  /** Set when the owner became a verified owner; cleared when the paid subscription ends (absent on older documents). */
  ownerApproval?: OwnerApproval | null;
  /** Set when an admin rejected the listing in the verification queue (absent on older documents). */
  listingReview?: ListingReview | null;
  /** Licence and insurance as the owner sent them and an admin verified them (absent on older documents). */
  credentials?: CredentialsDoc | null;
  /** Lead responsiveness over the last 30 days, from quotes' `company.responsiveness.v1` (absent on older documents). */
  responsiveness?: Omit<CompanyResponsivenessV1['data'], 'companyId'> | null;
  /** The Top Rated badge as last judged (docs/directory.md: rating, verified reviews, responsiveness); absent means no. */
  topRated?: boolean;
  /** The owner's account e-mail, for notices (absent on older documents). */
  ownerEmail?: string | null;
  imageUrl: string | null;
  /** Up to 10 stored images, in the owner's order (issue 21; absent on older documents). */
  gallery?: GalleryImage[];
  /** Business hours, in the time zone of the company's state (absent on older documents). */
  hours?: BusinessHours | null;
  /** A radius around the company, or a list of cities; search finds the company there too (absent on older documents). */
  serviceArea?: ServiceArea | null;
  /** The vehicles, types as slugs (absent on older documents). */
  fleet?: FleetVehicle[];
  seoKeywords: string | null;
  seoTags: string | null;
  stripePaymentIntentId: string | null;
  /** Average of approved reviews, one decimal; kept by the ratings consumer. */
  rating: number;
  reviewCount: number;
  createdAt: string;
  updatedAt: string;
  /** Grows by one with every write; carried by company events for ordering. */
  version: number;
}

/** The fields a write may change (everything but identity and bookkeeping). */
export type CompanyChange = Partial<Omit<CompanyDoc, '_id' | 'createdAt' | 'updatedAt' | 'version'>>;

/** The fields a new company must be given; every other one starts empty (see `newCompanyDoc`). */
export type NewCompanyFields = Pick<CompanyDoc, '_id' | 'name' | 'createdAt'> & Partial<Omit<CompanyDoc, 'version'>>;

/**
 * A company as it starts: no owner, contact, place or vocabulary, every flag off, no reviews,
 * updated when created; `fields` set the rest. The one place a whole CompanyDoc is spelled out.
 */
export function newCompanyDoc(fields: NewCompanyFields): Omit<CompanyDoc, 'version'> {
  return {
    userId: null,
    description: null,
    phone: null,
    email: null,
    businessEmail: null,
    website: null,
    address: null,
    city: null,
    state: null,
    zipCode: null,
    latitude: null,
    longitude: null,
    priceRange: null,
    services: [],
    vehicleTypes: [],
    hourlyRateStart: null,
    featured: false,
    verified: false,
    verification: null,
    suspendedAt: null,
    suspendedBy: null,
    claimed: false,
    claimedAt: null,
    claimId: null,
    businessVerified: false,
    subscription: null,
    ownerApproval: null,
    listingReview: null,
    ownerEmail: null,
    imageUrl: null,
    gallery: [],
    hours: null,
    serviceArea: null,
    fleet: [],
    seoKeywords: null,
    seoTags: null,
    stripePaymentIntentId: null,
    rating: 0,
    reviewCount: 0,
    updatedAt: fields.createdAt,
    ...fields,
  };
}

/** The "Verified Owner" badge: an owner approval that still stands, on a listing not suspended. */
export const isVerifiedOwner = (c: CompanyDoc): boolean => Boolean(c.ownerApproval) && c.suspendedAt === null;

/** Whether the listing was paid for: a paid listing or claim, or a running subscription. */
export const isPaidListing = (c: CompanyDoc): boolean =>
  c.stripePaymentIntentId !== null || c.claimId !== null || c.subscription?.status === 'active';

/** Where notices to the owner go: the account's e-mail, else the listing's. */
export const ownerMailOf = (c: CompanyDoc): string | null => c.ownerEmail ?? c.businessEmail ?? c.email ?? null;

/** What company events carry (contracts: companySnapshotSchema). */
export const toSnapshot = (c: CompanyDoc): CompanySnapshot => ({
  id: c._id,
  name: c.name,
  email: c.email,
  businessEmail: c.businessEmail,
  phone: c.phone,
  city: c.city,
  state: c.state,
  zipCode: c.zipCode,
  latitude: c.latitude,
  longitude: c.longitude,
  userId: c.userId,
  createdAt: c.createdAt,
  version: c.version,
  verifiedOwner: isVerifiedOwner(c),
  services: c.services,
  vehicleTypes: c.vehicleTypes,
  rating: c.rating,
  reviewCount: c.reviewCount,
});

/** The `company.created|updated` event of a company as written. */
export const companyEvent = (
  type: 'company.created.v1' | 'company.updated.v1',
  c: CompanyDoc,
  at: string,
): EventEnvelope<CompanySnapshot> => ({
  id: randomUUID(),
  type,
  occurredAt: at,
  key: c._id,
  data: toSnapshot(c),
});

/** The `company.deleted.v1` event; its version is one past the deleted company's. */
export const companyDeletedEvent = (c: CompanyDoc, at: string): EventEnvelope => ({
  id: randomUUID(),
  type: 'company.deleted.v1',
  occurredAt: at,
  key: c._id,
  data: { id: c._id, version: c.version + 1 },
});
