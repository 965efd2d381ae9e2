import type { ChangeRequest } from '@limo/contracts';
import { currentValues, toChangesView, valueOf, type EditableChange, type EditableField } from './company-view.js';
import type { CompanyDoc } from './company.js';

/** pending until an admin approves (changes applied) or rejects it, or the business became verified (closed). */
type ChangeRequestStatus = 'pending' | 'approved' | 'rejected' | 'closed';

/** An unverified owner's edit waiting for an admin. Values are stored as the company stores them (slugs). */
export interface ChangeRequestDoc {
  _id: string;
  companyId: string;
  companyName: string;
  userId: string;
  requestedBy: string;
  changes: EditableChange;
  previous: EditableChange;
  /** The company's version the request was based on (absent on requests made before it was kept). */
  baseVersion?: number | null;
  /** The requester's e-mail, for the decision notice (absent on older requests). */
  ownerEmail?: string | null;
  /** Why it was rejected or closed, as the owner was told. */
  note?: string | null;
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
  baseVersion: doc.baseVersion ?? null,
  note: doc.note ?? null,
  status: doc.status,
  createdAt: doc.createdAt,
  decidedAt: doc.decidedAt,
  decidedBy: doc.decidedBy,
});

/**
 * Whether a field of the request changed on the listing since the request was made (the listing's
 * value is neither the one the owner saw nor the one they asked for): approving it would overwrite a
 * newer edit. A listing that already holds the requested values is not stale: an approval that
 * stopped after writing the changes and before recording its decision can be given again.
 */
export function isStale(doc: ChangeRequestDoc, company: CompanyDoc): boolean {
  if (doc.baseVersion !== undefined && doc.baseVersion !== null && company.version === doc.baseVersion) return false;
  return (Object.keys(doc.changes) as EditableField[]).some((field) => {
    const live = JSON.stringify(valueOf(company, field));
    return live !== JSON.stringify(doc.previous[field] ?? null) && live !== JSON.stringify(doc.changes[field] ?? null);
  });
}

/** The request for the admin queue: with the listing's live values beside the requested ones. */
export const toQueuedChangeRequest = (doc: ChangeRequestDoc, company: CompanyDoc | null): ChangeRequest => ({
  ...toChangeRequest(doc),
  current: company ? toChangesView(currentValues(company, doc.changes)) : null,
  stale: company ? doc.status === 'pending' && isStale(doc, company) : false,
});
