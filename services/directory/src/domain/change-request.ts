import type { ChangeRequest } from '@limo/contracts';
import { toChangesView, type EditableChange } from './company-view.js';

/** pending until an admin approves (changes applied) or rejects it. */
export type ChangeRequestStatus = 'pending' | 'approved' | 'rejected';

/** An unverified owner's edit waiting for an admin. Values are stored as the company stores them (slugs). */
export interface ChangeRequestDoc {
  _id: string;
  companyId: string;
  companyName: string;
  userId: string;
  requestedBy: string;
  changes: EditableChange;
  previous: EditableChange;
  status: ChangeRequestStatus;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

/** A stored change request as the API shows it (labels for vocabulary fields). */
export const toChangeRequest = (doc: ChangeRequestDoc): ChangeRequest => ({
  id: doc._id,
  companyId: doc.companyId,
  companyName: doc.companyName,
  userId: doc.userId,
  requestedBy: doc.requestedBy,
  changes: toChangesView(doc.changes),
  previous: toChangesView(doc.previous),
  status: doc.status,
  createdAt: doc.createdAt,
  decidedAt: doc.decidedAt,
  decidedBy: doc.decidedBy,
});
