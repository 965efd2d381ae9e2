import { z } from 'zod';
import { eventSchema } from './envelope.js';

/** pending until an admin approves or rejects it (rejected reviews are kept, never shown). */
export const reviewStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

/**
 * A listing's own fields as stored and shown: names, contacts, place, prices and vocabulary
 * (`services`, `vehicleTypes`: canonical slugs in events, labels in API answers; `priceRange`:
 * `$`..`$$$$`). The public company and the paid listing's payload are built on it.
 */
export const companyListingFields = {
  name: z.string(),
  description: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  /** Two-letter code, upper case. */
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  priceRange: z.string().nullable(),
  services: z.array(z.string()),
  vehicleTypes: z.array(z.string()),
  hourlyRateStart: z.number().int().nullable(),
};
/** The listing's fields as a schema, for the payloads that carry some of them. */
export const companyListingSchema = z.object(companyListingFields);

/**
 * What other services keep of a company (quotes' read-model of company contacts). `version` grows by
 * one with every write to the company: a consumer applies an event only when its version is higher
 * than the one it holds, so redelivered or reordered events never roll a company back.
 */
export const companySnapshotSchema = z.object({
  id: z.string(),
  ...companyListingSchema.pick({ name: true, email: true }).shape,
  businessEmail: z.string().nullable(),
  ...companyListingSchema.pick({ phone: true, city: true, state: true, zipCode: true, latitude: true, longitude: true }).shape,
  /** The owner's user id, null while nobody owns the listing. */
  userId: z.string().nullable(),
  /** When the listing was created: an owner's "first company" is the oldest. */
  createdAt: z.string(),
  version: z.number().int().min(1),
  /**
   * What a city-wide request is matched on (issue 21): the Verified Owner badge, the services and
   * vehicle types (slugs) and the rating. Optional: events written before them lack them.
   */
  verifiedOwner: z.boolean().optional(),
  services: z.array(z.string()).optional(),
  vehicleTypes: z.array(z.string()).optional(),
  rating: z.number().optional(),
  reviewCount: z.number().int().optional(),
});
export type CompanySnapshot = z.infer<typeof companySnapshotSchema>;

/** A company was listed (owner listing, admin create, populate). Key: the company id. */
export const companyCreatedV1 = eventSchema('company.created.v1', companySnapshotSchema.shape);
export type CompanyCreatedV1 = z.infer<typeof companyCreatedV1>;

/** Any field of a company changed (edit, suspend, claim, subscription, rating). Key: the company id. */
export const companyUpdatedV1 = eventSchema('company.updated.v1', companySnapshotSchema.shape);
export type CompanyUpdatedV1 = z.infer<typeof companyUpdatedV1>;

/** A company and its reviews were deleted for good. Key: the company id. */
export const companyDeletedV1 = eventSchema('company.deleted.v1', { id: z.string(), version: z.number().int().min(1) });
export type CompanyDeletedV1 = z.infer<typeof companyDeletedV1>;

/** The events a read-model of companies consumes (analytics', billing's, quotes', the search index). */
export const companyEvents = [companyCreatedV1, companyUpdatedV1, companyDeletedV1] as const;
export type CompanyEvent = CompanyCreatedV1 | CompanyUpdatedV1 | CompanyDeletedV1;

/** A review as events carry it. */
export const reviewEventDataSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  rating: z.number().int().min(1).max(5),
  reviewerName: z.string(),
  comment: z.string().nullable(),
  status: reviewStatusSchema,
  createdAt: z.string(),
});
export type ReviewEventData = z.infer<typeof reviewEventDataSchema>;

/** A visitor posted a review; it waits for moderation (status pending). Key: the company id. */
export const reviewSubmittedV1 = eventSchema('review.submitted.v1', reviewEventDataSchema.shape);
export type ReviewSubmittedV1 = z.infer<typeof reviewSubmittedV1>;

/** An admin approved a review: it now counts in the company's rating. Key: the company id. */
export const reviewApprovedV1 = eventSchema('review.approved.v1', reviewEventDataSchema.shape);
export type ReviewApprovedV1 = z.infer<typeof reviewApprovedV1>;

/** An admin rejected a review: stored as rejected, never shown. Key: the company id. */
export const reviewRejectedV1 = eventSchema('review.rejected.v1', reviewEventDataSchema.shape);
export type ReviewRejectedV1 = z.infer<typeof reviewRejectedV1>;

/** An admin deleted a review. Key: the company id. */
export const reviewDeletedV1 = eventSchema('review.deleted.v1', reviewEventDataSchema.shape);
export type ReviewDeletedV1 = z.infer<typeof reviewDeletedV1>;
