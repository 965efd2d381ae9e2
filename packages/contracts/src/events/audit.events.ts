import { z } from 'zod';
import { eventSchema } from './envelope.js';

/** What an admin did, as the event carries it and the audit log lists it. */
export const auditFields = {
  /** The service that recorded it (directory, billing, …). */
  service: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  /** E.g. `change-request.approved`, `listing.verified`, `claim.rejected`, `payment.refunded`. */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  details: z.record(z.string(), z.unknown()),
};

/**
 * An admin acted on money, a claim, a listing or a change request. Every service publishes its own
 * (packages/platform `AuditTrail`); the directory keeps the one log `GET /api/admin/audit-log` lists.
 * Key: the target's id.
 */
export const auditRecordedV1 = eventSchema('audit.recorded.v1', { ...auditFields, at: z.string() });
export type AuditRecordedV1 = z.infer<typeof auditRecordedV1>;
