import { z } from 'zod';
import { eventSchema } from './envelope.js';

/**
 * An admin acted on money, a claim, a listing or a change request. Every service publishes its own
 * (packages/platform `AuditTrail`); the directory keeps the one log `GET /api/admin/audit-log` lists.
 * Key: the target's id.
 */
export const auditRecordedV1 = eventSchema(
  'audit.recorded.v1',
  z.object({
    service: z.string(),
    actorId: z.string().nullable(),
    actorName: z.string().nullable(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    details: z.record(z.string(), z.unknown()),
    at: z.string(),
  }),
);
export type AuditRecordedV1 = z.infer<typeof auditRecordedV1>;
