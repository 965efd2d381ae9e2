import { randomUUID } from 'node:crypto';
import type { Collection, DocumentStore, Filter } from '@limo/platform';
import type { ChangeRequestDoc } from '../domain/change-request.js';

/** Owners' change requests, waiting for or decided by an admin. */
export class ChangeRequestsRepository {
  private constructor(readonly requests: Collection<ChangeRequestDoc>) {}

  static async create(store: DocumentStore): Promise<ChangeRequestsRepository> {
    const requests = await store.collection<ChangeRequestDoc>('change_requests', [{ fields: { status: 1 } }, { fields: { companyId: 1 } }]);
    return new ChangeRequestsRepository(requests);
  }

  findById(id: string): Promise<ChangeRequestDoc | null> {
    return this.requests.findOne({ _id: id });
  }

  /** Oldest first: admins work through the queue in order. */
  list(filter: Filter): Promise<ChangeRequestDoc[]> {
    return this.requests.find(filter, { sort: { createdAt: 1, _id: 1 } });
  }

  async insert(
    input: Omit<ChangeRequestDoc, '_id' | 'status' | 'createdAt' | 'decidedAt' | 'decidedBy' | 'note'>,
  ): Promise<ChangeRequestDoc> {
    const doc: ChangeRequestDoc = {
      _id: randomUUID(),
      ...input,
      note: null,
      status: 'pending',
      createdAt: new Date().toISOString(),
      decidedAt: null,
      decidedBy: null,
    };
    return this.requests.insertOne(doc);
  }

  /** Moves a pending request to approved, rejected or closed; null if it is not pending (any more). */
  decide(
    id: string,
    status: 'approved' | 'rejected' | 'closed',
    decidedBy: string | null,
    note: string | null = null,
  ): Promise<ChangeRequestDoc | null> {
    return this.requests.updateOne(
      { _id: id, status: 'pending' },
      { $set: { status, decidedAt: new Date().toISOString(), decidedBy, note } },
    );
  }

  deleteForCompany(companyId: string): Promise<number> {
    return this.requests.deleteMany({ companyId });
  }
}
