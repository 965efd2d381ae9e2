import { randomUUID } from 'node:crypto';
import { newCompanyDoc, type CompanyDoc } from './company.js';
import type { EditableChange } from './company-view.js';
import { locate, parseFullAddress } from './location.js';

/** Who a new listing belongs to and how it starts. */
export interface NewCompanyOptions {
  userId: string | null;
  /**
   * True for a paid listing only. A free listing is owned (`userId`: nobody else can claim it) but
   * not claimed: `claimed` stays false until a claim is approved (public-side §4).
   */
  claimed: boolean;
  featured: boolean;
  /** Set when an admin creates the company verified. */
  verifiedBy: string | null;
  /** The listing form's full address, used for the fields the form left empty. */
  fullAddress?: string;
  now: Date;
}

/** A new company from a form's fields: address parts from `fullAddress` when missing, coordinates from the gazetteer when not sent. */
export function newCompany(input: EditableChange & { name: string }, options: NewCompanyOptions): Omit<CompanyDoc, 'version'> {
  const parsed = options.fullAddress ? parseFullAddress(options.fullAddress) : null;
  const address = input.address ?? parsed?.address ?? options.fullAddress ?? null;
  const city = input.city ?? parsed?.city ?? null;
  const state = input.state ?? parsed?.state ?? null;
  const zipCode = input.zipCode ?? parsed?.zipCode ?? null;
  const sent = input.latitude != null && input.longitude != null ? { latitude: input.latitude, longitude: input.longitude } : null;
  const point = sent ?? locate({ city, state, zipCode });
  const now = options.now.toISOString();
  return newCompanyDoc({
    _id: randomUUID(),
    userId: options.userId,
    name: input.name,
    description: input.description ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
    businessEmail: input.businessEmail ?? null,
    website: input.website ?? null,
    address,
    city,
    state,
    zipCode,
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
    priceRange: input.priceRange ?? null,
    services: input.services ?? [],
    vehicleTypes: input.vehicleTypes ?? [],
    hourlyRateStart: input.hourlyRateStart ?? null,
    featured: options.featured,
    verified: options.verifiedBy !== null,
    verification: options.verifiedBy !== null ? { source: 'admin', by: options.verifiedBy, at: now } : null,
    claimed: options.claimed,
    claimedAt: options.claimed ? now : null,
    imageUrl: input.imageUrl ?? null,
    seoKeywords: input.seoKeywords ?? null,
    seoTags: input.seoTags ?? null,
    createdAt: now,
    updatedAt: now,
  });
}
