import type { AuditEntry, AuditRecordedV1 } from '@limo/contracts';
import type { Collection, DocumentStore, Filter } from '@limo/platform';

/** One entry of the audit log: the `audit.recorded.v1` event's data under the event's id. */
export type AuditLogDoc = AuditRecordedV1['data'] & { _id: string };

export const toAuditEntry = ({ _id, ...rest }: AuditLogDoc): AuditEntry => ({ id: _id, ...rest });

/** The one audit log of every service's admin actions, fed by `audit.recorded.v1`. */
export class AuditLogRepository {
  private constructor(private readonly entries: Collection<AuditLogDoc>) {}

  static async create(store: DocumentStore): Promise<AuditLogRepository> {
    return new AuditLogRepository(
      await store.collection<AuditLogDoc>('audit_log', [{ fields: { at: -1 } }, { fields: { targetId: 1 } }, { fields: { action: 1 } }]),
    );
  }

  /** Keeps the entry once, however often its event is delivered. */
  async add(id: string, data: AuditRecordedV1['data']): Promise<void> {
    await this.entries.updateOne({ _id: id }, { $set: data }, { upsert: true });
  }

  /** A page of entries, newest first, with the total of every match. */
  async page(filter: Filter, page: number, limit: number): Promise<{ entries: AuditLogDoc[]; totalCount: number }> {
    const [entries, totalCount] = await Promise.all([
      this.entries.find(filter, { sort: { at: -1, _id: -1 }, skip: (page - 1) * limit, limit }),
      this.entries.count(filter),
    ]);
    return { entries, totalCount };
  }
}
