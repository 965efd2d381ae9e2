import {
  credentialToday,
  serviceLabel,
  vehicleTypeLabel,
  type Company,
  type CompanyChanges,
  type FleetVehicle,
  type OwnerCompany,
} from '@limo/contracts';
import { isVerifiedOwner, type CompanyDoc } from './company.js';
import { companyBadges, insuranceExpiresOn } from './credentials.js';
import { responseRate, responseTimeHours } from './responsiveness.js';

/** A company as every visitor sees it on `now`: vocabulary as labels, no owner or payment fields. */
export function toPublicCompany(c: CompanyDoc, now: Date = new Date()): Company {
  return {
    id: c._id,
    name: c.name,
    description: c.description,
    phone: c.phone,
    email: c.email,
    website: c.website,
    address: c.address,
    city: c.city,
    state: c.state,
    zipCode: c.zipCode,
    latitude: c.latitude,
    longitude: c.longitude,
    priceRange: c.priceRange,
    services: c.services.map(serviceLabel),
    vehicleTypes: c.vehicleTypes.map(vehicleTypeLabel),
    hourlyRateStart: c.hourlyRateStart,
    featured: c.featured,
    verified: c.verified,
    claimed: c.claimed,
    claimedAt: c.claimedAt,
    owned: c.userId !== null,
    businessVerified: c.businessVerified,
    verifiedOwner: isVerifiedOwner(c),
    imageUrl: c.imageUrl,
    logoUrl: c.imageUrl,
    seoKeywords: c.seoKeywords,
    seoTags: c.seoTags,
    rating: c.rating,
    reviewCount: c.reviewCount,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    badges: companyBadges(c, now),
    insuranceExpiresOn: insuranceExpiresOn(c, credentialToday(now)),
    gallery: (c.gallery ?? []).map(({ id, url }) => ({ id, url })),
    hours: c.hours ?? null,
    serviceArea: c.serviceArea ?? null,
    fleet: fleetView(c.fleet ?? []),
    responseTimeHours: responseTimeHours(c),
    responseRate: responseRate(c),
  };
}

/** A company as its owner and the admins see it (owner-admin §3). */
export function toOwnerCompany(c: CompanyDoc): OwnerCompany {
  return {
    ...toPublicCompany(c),
    userId: c.userId,
    businessEmail: c.businessEmail,
    averageRating: c.rating,
    subscriptionInfo: c.subscription
      ? { subscriptionStatus: c.subscription.status, createdAt: c.subscription.startedAt, subscriptionEndDate: c.subscription.endDate }
      : null,
    suspended: c.suspendedAt !== null,
    suspendedAt: c.suspendedAt,
  };
}

/** The fields an owner's edit may carry (featured, verified and ownership are not among them). */
const EDITABLE_FIELDS = [
  'name',
  'description',
  'phone',
  'email',
  'businessEmail',
  'website',
  'address',
  'city',
  'state',
  'zipCode',
  'latitude',
  'longitude',
  'priceRange',
  'services',
  'vehicleTypes',
  'hourlyRateStart',
  'imageUrl',
  'seoKeywords',
  'seoTags',
  'hours',
  'serviceArea',
  'fleet',
] as const satisfies ReadonlyArray<keyof CompanyDoc & keyof CompanyChanges>;

/** One of the fields an owner's edit may carry. */
export type EditableField = (typeof EDITABLE_FIELDS)[number];
/** An edit as stored values (slugs), field by field. */
export type EditableChange = Partial<Pick<CompanyDoc, EditableField>>;

/** A field's current value; the profile fields older documents lack read as empty. */
export const valueOf = (current: CompanyDoc, field: EditableField): unknown => current[field] ?? (field === 'fleet' ? [] : null);

/** The editable fields of `input` that differ from the company's current values. */
export function changedFields(current: CompanyDoc, input: EditableChange): EditableChange {
  const out: Record<string, unknown> = {};
  for (const field of EDITABLE_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (JSON.stringify(value) !== JSON.stringify(valueOf(current, field))) out[field] = value;
  }
  return out;
}

/** The same fields' current values. */
export function currentValues(current: CompanyDoc, change: EditableChange): EditableChange {
  const out: Record<string, unknown> = {};
  for (const field of Object.keys(change) as EditableField[]) out[field] = valueOf(current, field);
  return out;
}

/** The fleet as shown: vehicle types as labels. */
const fleetView = (fleet: FleetVehicle[]): FleetVehicle[] => fleet.map((v) => ({ ...v, type: vehicleTypeLabel(v.type) }));

/** A stored change (slugs) as the API shows it (labels). */
export function toChangesView(change: EditableChange): CompanyChanges {
  const { services, vehicleTypes, fleet, ...rest } = change;
  return {
    ...rest,
    ...(fleet && { fleet: fleetView(fleet) }),
    ...(services && { services: services.map(serviceLabel) }),
    ...(vehicleTypes && { vehicleTypes: vehicleTypes.map(vehicleTypeLabel) }),
  };
}
