import type { AuditRecordedV1 } from '@limo/contracts';
import type { EventHandler } from '@limo/platform';
import type { AuditLogRepository } from '../repositories/audit-log.repository.js';

/** Every service's admin actions land in the one audit log (an entry per event id). */
export const onAuditRecorded =
  (log: AuditLogRepository): EventHandler<AuditRecordedV1> =>
  async ({ id, data }) => {
    await log.add(id, data);
  };
