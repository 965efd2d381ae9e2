import type { CompanyDoc } from '../domain/company.js';
import type { SearchDocument } from './company-search.port.js';

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
    suspended: c.suspendedAt !== null,
    createdAt: c.createdAt,
    version: c.version,
    updatedAt: c.updatedAt,
  };
}
