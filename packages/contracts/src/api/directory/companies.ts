import { z } from 'zod';
import { requiredText } from '../common.js';
import { companyFields, companyName, flag, lenientRate } from './fields.js';
import { companyBadgeSchema } from './credentials.js';
import { reviewSchema } from './reviews.js';
import { profileFields, profileResponseFields } from './profile.js';
import { companyListingFields } from '../../events/directory.events.js';

// ---------------------------------------------------------------------------------------------
// Companies: the listing, owner and admin forms (bodies of /api/companies and /api/admin/companies)
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/companies`, the business listing form (public-side §5): only the name is asked on the
 * form, and `fullAddress` is required by the schema. `featured` and `verified` are not accepted.
 */
export const companyCreateBodySchema = z.object({
  name: companyName,
  fullAddress: requiredText('Full address is required', 500, 'Full address must be at most 500 characters'),
  ...companyFields,
});
export type CompanyCreateBody = z.output<typeof companyCreateBodySchema>;

/**
 * `PUT /api/companies/{id}`: the owner's edit form. Every field optional (absent = unchanged);
 * `featured` and `verified` are applied for admins only.
 */
export const companyUpdateBodySchema = z.object({
  name: companyName.optional(),
  ...companyFields,
  ...profileFields,
  featured: flag('Featured').optional(),
  verified: flag('Verified').optional(),
});
export type CompanyUpdateBody = z.output<typeof companyUpdateBodySchema>;

/** `POST /api/admin/companies` (owner-admin §5): featured and verified default to false; a non-numeric rate becomes 0. */
export const adminCompanyCreateBodySchema = z.object({
  name: companyName,
  ...companyFields,
  hourlyRateStart: lenientRate,
  featured: flag('Featured').default(false),
  verified: flag('Verified').default(false),
});
export type AdminCompanyCreateBody = z.output<typeof adminCompanyCreateBodySchema>;

/** `PUT /api/admin/companies/{id}` (and an admin's `PUT /api/companies/{id}`): every field optional. */
export const adminCompanyUpdateBodySchema = z.object({
  name: companyName.optional(),
  ...companyFields,
  ...profileFields,
  hourlyRateStart: lenientRate,
  featured: flag('Featured').optional(),
  verified: flag('Verified').optional(),
  businessVerified: flag('Business verified').optional(),
});
export type AdminCompanyUpdateBody = z.output<typeof adminCompanyUpdateBodySchema>;

// ---------------------------------------------------------------------------------------------
// Responses. Vocabulary fields are labels ("Stretch Limousine"); priceRange stays `$`..`$$$$`,
// which is what the cards show and every price select offers.
// ---------------------------------------------------------------------------------------------

/** A company as every visitor sees it (public-side §3, plus the server-added rating fields). */
export const companySchema = z.object({
  id: z.string(),
  // Vocabulary as labels ("Airport Transfer", "Stretch Limousine"), priceRange `$`..`$$$$`.
  ...companyListingFields,
  featured: z.boolean(),
  verified: z.boolean(),
  /** False until a claim is approved (public-side §4); a free listing is owned but not claimed. */
  claimed: z.boolean(),
  claimedAt: z.string().nullable(),
  /** Somebody holds the listing (free or paid listing, pending or approved claim): nobody else can claim it. */
  owned: z.boolean(),
  businessVerified: z.boolean(),
  /** The owner was verified: an approved claim or an approved paid listing, while paid and not suspended (the "Verified Owner" badge). */
  verifiedOwner: z.boolean(),
  imageUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  seoKeywords: z.string().nullable(),
  seoTags: z.string().nullable(),
  /** Average of approved reviews, one decimal; 0 when none. */
  rating: z.number(),
  /** Approved reviews only. */
  reviewCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Trust badges (issue 21): `verified-owner` (as `verifiedOwner`), `licensed` (a USDOT or permit
   * number an admin verified), `insured` (verified insurance not expired), `top-rated` (docs/directory.md).
   */
  badges: z.array(companyBadgeSchema),
  /** The verified insurance's expiry date (yyyy-MM-dd) while it runs; null otherwise. */
  insuranceExpiresOn: z.string().nullable(),
  /** Gallery, business hours, service area and fleet (issue 21). */
  ...profileResponseFields,
  /**
   * Median business hours from a lead's delivery to the owner's reply mark over the last 30 days
   * (docs/directory.md); null with fewer than 3 leads in that window or none answered.
   */
  responseTimeHours: z.number().min(0).nullable(),
  /** Share (0-1) of the leads delivered in the last 30 days that got a reply mark; null with fewer than 3. */
  responseRate: z.number().min(0).max(1).nullable(),
  /** Miles from the searched place, in search results that had one. */
  distanceMiles: z.number().optional(),
});
export type Company = z.infer<typeof companySchema>;

/** `GET /api/companies/{id}`: the company with its approved reviews, newest first. */
export const companyDetailSchema = companySchema.extend({ reviews: z.array(reviewSchema) });
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

/** The premium subscription of a company (owner-admin §3). */
export const subscriptionInfoSchema = z.object({
  subscriptionStatus: z.string(),
  createdAt: z.string(),
  subscriptionEndDate: z.string().nullable(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

/** A company as its owner and the admins see it (owner-admin §3). */
export const ownerCompanySchema = companySchema.extend({
  userId: z.string().nullable(),
  businessEmail: z.string().nullable(),
  /** Same figure as `rating`, under the name the dashboards read. */
  averageRating: z.number(),
  subscriptionInfo: subscriptionInfoSchema.nullable(),
  /** Verified taken away by an admin (suspend); such listings rank below the others. */
  suspended: z.boolean(),
  suspendedAt: z.string().nullable(),
});
export type OwnerCompany = z.infer<typeof ownerCompanySchema>;

// ---------------------------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------------------------

/** `POST /api/upload-image` answer: an absolute URL the gateway serves. */
export const uploadImageResponseSchema = z.object({ imageUrl: z.string() });

// ---------------------------------------------------------------------------------------------
// All companies (the claim page)
// ---------------------------------------------------------------------------------------------

/** The claim page's page size for `GET /api/all-companies?search=`, and the default `limit`. */
export const CLAIM_SEARCH_PAGE_SIZE = 12;
/** The largest `limit` of `GET /api/all-companies`. */
export const CLAIM_SEARCH_MAX_LIMIT = 100;

const claimLimitMessage = `Limit must be a whole number from 1 to ${CLAIM_SEARCH_MAX_LIMIT}`;

/**
 * `GET /api/all-companies?search=&page=&limit=`: one page (12 by default, 100 at most) of the
 * companies, by name, whose name, city, state or e-mail contains `search` (case-insensitive; every
 * company without it).
 */
export const allCompaniesQuerySchema = z.object({
  search: z.string({ error: 'Search must be text' }).trim().max(100, 'Search must be at most 100 characters').default(''),
  page: z.coerce
    .number({ error: 'Page must be a whole number of 1 or more' })
    .int('Page must be a whole number of 1 or more')
    .min(1, 'Page must be a whole number of 1 or more')
    .max(10_000, 'Page must be a whole number of 1 or more')
    .default(1),
  limit: z.coerce
    .number({ error: claimLimitMessage })
    .int(claimLimitMessage)
    .min(1, claimLimitMessage)
    .max(CLAIM_SEARCH_MAX_LIMIT, claimLimitMessage)
    .default(CLAIM_SEARCH_PAGE_SIZE),
});
export type AllCompaniesQuery = z.output<typeof allCompaniesQuerySchema>;

/** A company as the claim search shows it: what its card needs, nothing more. */
export const claimSearchCompanySchema = companySchema.pick({
  id: true,
  name: true,
  city: true,
  state: true,
  phone: true,
  email: true,
  claimed: true,
  owned: true,
  rating: true,
  reviewCount: true,
});
export type ClaimSearchCompany = z.infer<typeof claimSearchCompanySchema>;

/** `GET /api/all-companies`: the page and the number of matches. */
export const allCompaniesResponseSchema = z.object({
  items: z.array(claimSearchCompanySchema),
  total: z.number().int(),
});
export type AllCompaniesResponse = z.infer<typeof allCompaniesResponseSchema>;
