import { z } from 'zod';
import { auditFields } from '../../events/audit.events.js';
import { companyListingSchema } from '../../events/directory.events.js';
import { pageParam, reasonField } from './fields.js';

// ---------------------------------------------------------------------------------------------
// Verification queue and audit log (issue 17)
// ---------------------------------------------------------------------------------------------

/** One owned listing waiting for an admin's verification (`GET /api/admin/listing-verifications`). */
export const listingVerificationSchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  ...companyListingSchema.pick({ city: true, state: true, phone: true, email: true, website: true }).shape,
  ownerId: z.string(),
  /** The owner's account e-mail, where the directory knows it. */
  ownerEmail: z.string().nullable(),
  /** Paid ($75/year listing or claim) or free. */
  plan: z.enum(['paid', 'free']),
  createdAt: z.string(),
});
export type ListingVerification = z.infer<typeof listingVerificationSchema>;

/** `POST /api/admin/listing-verifications/{companyId}/reject`: the reason is told to the owner. */
export const listingRejectBodySchema = z.object({
  reason: reasonField,
});

export const companyIdParamsSchema = z.object({ companyId: z.string().min(1).max(64) });

/** One admin action as the audit log keeps it. */
export const auditEntrySchema = z.object({ id: z.string(), at: z.string(), ...auditFields });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const filterParam = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || undefined);

/** `GET /api/admin/audit-log?page&limit&targetId&targetType&action` (newest first). */
export const auditLogQuerySchema = z.object({
  page: pageParam(100_000, 1, 'Page'),
  limit: pageParam(200, 50, 'Limit'),
  targetId: filterParam,
  targetType: filterParam,
  action: filterParam,
});

export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  totalCount: z.number().int(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
