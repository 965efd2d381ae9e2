import { z } from 'zod';

/** What an owner's edit changes, as stored in a change request (labels for vocabulary fields). */
export const companyChangesSchema = z.object({
  name: z.string().optional(),
  description: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  businessEmail: z.string().nullable().optional(),
  website: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  zipCode: z.string().nullable().optional(),
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
  priceRange: z.string().nullable().optional(),
  services: z.array(z.string()).optional(),
  vehicleTypes: z.array(z.string()).optional(),
  hourlyRateStart: z.number().int().nullable().optional(),
  imageUrl: z.string().nullable().optional(),
  seoKeywords: z.string().nullable().optional(),
  seoTags: z.string().nullable().optional(),
});
export type CompanyChanges = z.infer<typeof companyChangesSchema>;

/** pending until an admin approves (changes applied) or rejects it. */
export const changeRequestStatusSchema = z.enum(['pending', 'approved', 'rejected']);

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
    .enum(['pending', 'approved', 'rejected', 'all'], { error: 'Status must be pending, approved, rejected or all' })
    .default('pending'),
});
