import { z } from 'zod';
import { companyListingFields } from '../../events/directory.events.js';
import { companySchema } from './companies.js';
import { profileResponseFields } from './profile.js';

const { name, description, phone, email, ...listingPlaceAndOffer } = companyListingFields;
const { imageUrl, seoKeywords, seoTags } = companySchema.shape;
const { hours, serviceArea, fleet } = profileResponseFields;

/**
 * What an owner's edit changes, as stored in a change request (labels for vocabulary fields): the
 * company's own fields as {@link companySchema} has them, and its business e-mail, each optional.
 */
export const companyChangesSchema = z
  .object({
    name,
    description,
    phone,
    email,
    businessEmail: z.string().nullable(),
    ...listingPlaceAndOffer,
    imageUrl,
    seoKeywords,
    seoTags,
    hours,
    serviceArea,
    fleet,
  })
  .partial();
export type CompanyChanges = z.infer<typeof companyChangesSchema>;

/**
 * pending until an admin approves (changes applied) or rejects it; closed when the business became
 * verified meanwhile (its owner edits directly from then on; `note` tells them).
 */
export const changeRequestStatusSchema = z.enum(['pending', 'approved', 'rejected', 'closed']);

/** An unverified owner's edit, waiting for an admin (DESIGN: the "Request Changes" form gets a backend). */
export const changeRequestSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  userId: z.string(),
  requestedBy: z.string(),
  /** The fields the owner changed, with their new values. */
  changes: companyChangesSchema,
  /** The same fields' values when the request was made. */
  previous: companyChangesSchema,
  /** The same fields' live values (admin queue only; null when the company no longer exists). */
  current: companyChangesSchema.nullable().optional(),
  /** True when one of the fields changed on the listing since the request: approving it answers 409. */
  stale: z.boolean().optional(),
  /** The company's version the request was based on (null for requests made before versions were kept). */
  baseVersion: z.number().int().nullable(),
  /** Why it was closed or rejected, as the owner is told. */
  note: z.string().nullable(),
  status: changeRequestStatusSchema,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

/** `PUT /api/companies/{id}` by an owner whose business is not verified yet: 202 with this. */
export const changeRequestCreatedSchema = z.object({
  message: z.string(),
  changeRequest: changeRequestSchema,
});

/** `GET /api/admin/change-requests?status=`: pending by default. */
export const changeRequestListQuerySchema = z.object({
  status: z
    .enum(['pending', 'approved', 'rejected', 'closed', 'all'], { error: 'Status must be pending, approved, rejected, closed or all' })
    .default('pending'),
});

/** The 409 of approving a request whose fields changed on the listing since it was made. */
export const CHANGE_REQUEST_STALE_MESSAGE = 'The listing changed since this request; review it again';
