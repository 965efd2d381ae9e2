import { placeKey, searchLocation, type SearchDocument } from '@limo/company-search';
import { citiesWithin } from '@limo/geo';
import { isVerifiedOwner, type CompanyDoc } from '../domain/company.js';
import { isLicensed } from '../domain/credentials.js';
import { responsiveTier } from '../domain/responsiveness.js';

/** The places a company's service area covers: its cities, or the gazetteer's cities within its radius. */
function servedPlaces(c: Pick<CompanyDoc, 'serviceArea' | 'latitude' | 'longitude'>): string[] {
  const area = c.serviceArea;
  if (!area) return [];
  if ('cities' in area) return area.cities.map((p) => placeKey(p.city, p.state));
  const at = searchLocation(c);
  return at ? [...new Set(citiesWithin(at, area.radiusMiles).map((p) => placeKey(p.city, p.state)))] : [];
}

/** What the search index keeps of a company. */
export function toSearchDocument(c: CompanyDoc): SearchDocument {
  return {
    id: c._id,
    name: c.name,
    description: c.description ?? '',
    city: c.city ?? '',
    state: c.state ?? '',
    zipCode: c.zipCode ?? '',
    latitude: c.latitude,
    longitude: c.longitude,
    services: c.services,
    vehicleTypes: c.vehicleTypes,
    priceRange: c.priceRange,
    hourlyRateStart: c.hourlyRateStart,
    rating: c.rating,
    reviewCount: c.reviewCount,
    featured: c.featured,
    verified: c.verified,
    verifiedOwner: isVerifiedOwner(c),
    licensed: c.suspendedAt === null && isLicensed(c),
    insuredUntil: c.suspendedAt === null ? (c.credentials?.verified?.insuranceExpiresOn ?? null) : null,
    topRated: c.suspendedAt === null && c.topRated === true,
    responsiveTier: responsiveTier(c),
    suspended: c.suspendedAt !== null,
    servedPlaces: servedPlaces(c),
    createdAt: c.createdAt,
    version: c.version,
    updatedAt: c.updatedAt,
  };
}
