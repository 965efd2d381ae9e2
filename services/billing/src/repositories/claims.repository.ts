import type { BusinessClaim, BusinessRole, ClaimStatus } from '@limo/contracts';
import { claimState, transition, type ClaimEvent } from '../domain/lifecycle.js';
import { DuplicateKeyError, type BaseDocument, type Collection, type DocumentStore, type EventEnvelope, type Filter } from '@limo/platform';

/** A business claim (owner-admin §3), with the subscription its payment started. */
export interface ClaimDoc {
  _id: string;
  companyId: string;
  userId: string | null;
  companyName: string;
  claimerName: string;
  claimerEmail: string;
  claimerPhone: string;
  businessRole: BusinessRole;
  /** Unique: one claim per payment, however often the success is reported. */
  stripePaymentIntentId: string;
  subscriptionId: string | null;
  paymentAmount: number;
  status: ClaimStatus;
  adminNotes: string | null;
  verificationDocuments: string[];
  approvedAt: string | null;
  approvedBy: string | null;
  rejectedAt: string | null;
  rejectedBy: string | null;
  refundStatus: BusinessClaim['refundStatus'];
  refundId: string | null;
  /** Set when a signed-out payer named another account's e-mail: the claim is kept unlinked for the admin. */
  accountReview?: 'email-of-another-account' | null;
  /**
   * Set when the admin approved before identity linked the claimer's account: `claim.approved.v1`
   * names the owner, so it is published with the link (`linkUser`).
   */
  approvalOwed?: { businessVerified: boolean } | null;
  createdAt: string;
  updatedAt: string;
}

/** The claim as the admin screen reads it. */
export function toBusinessClaim(doc: ClaimDoc): BusinessClaim {
  return {
    id: doc._id,
    companyId: doc.companyId,
    userId: doc.userId,
    companyName: doc.companyName,
    claimerName: doc.claimerName,
    claimerEmail: doc.claimerEmail,
    claimerPhone: doc.claimerPhone,
    businessRole: doc.businessRole,
    stripePaymentIntentId: doc.stripePaymentIntentId,
    paymentAmount: doc.paymentAmount,
    status: doc.status,
    adminNotes: doc.adminNotes,
    verificationDocuments: doc.verificationDocuments,
    approvedAt: doc.approvedAt,
    approvedBy: doc.approvedBy,
    rejectedAt: doc.rejectedAt,
    refundStatus: doc.refundStatus,
    accountReview: doc.accountReview ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** Marks the one approved claim of a company: its `_id` is the company id, so a second approval is refused by the store. */
interface ApprovalDoc {
  _id: string;
  claimId: string;
  at: string;
}

/**
 * Marks the one open (pending or approved) claim of a company: its `_id` is the company id, held by
 * the payment whose claim it is, so two payments racing for one company make one claim.
 */
interface OpenClaimDoc {
  _id: string;
  paymentIntentId: string;
  at: string;
}

/**
 * Takes a company's one slot (its `_id` is the company id, so the store refuses a second): true when
 * it was free or is already held as `slot` holds it (a retry), false when another holds it.
 */
async function takeSlot<T extends BaseDocument>(slots: Collection<T>, slot: T, sameHolder: (held: T) => boolean): Promise<boolean> {
  try {
    await slots.insertOne(slot);
    return true;
  } catch (err) {
    if (!(err instanceof DuplicateKeyError)) throw err;
    const held = await slots.findOne({ _id: slot._id });
    return held !== null && sameHolder(held);
  }
}

export class ClaimsRepository {
  private constructor(
    readonly claims: Collection<ClaimDoc>,
    private readonly approvals: Collection<ApprovalDoc>,
    private readonly openSlots: Collection<OpenClaimDoc>,
  ) {}

  static async create(store: DocumentStore): Promise<ClaimsRepository> {
    const claims = await store.collection<ClaimDoc>('claims', [
      { fields: { stripePaymentIntentId: 1 }, unique: true },
      { fields: { companyId: 1 } },
      { fields: { status: 1 } },
    ]);
    return new ClaimsRepository(
      claims,
      await store.collection<ApprovalDoc>('claim_approvals'),
      await store.collection<OpenClaimDoc>('claim_open_slots'),
    );
  }

  /**
   * Inserts the claim with the events it owes, or returns the claim already made for that payment
   * (`created` false): exactly one claim per PaymentIntent, whoever calls first.
   */
  async insertOnce(doc: ClaimDoc, events: EventEnvelope[]): Promise<{ claim: ClaimDoc; created: boolean }> {
    try {
      return { claim: await this.claims.insertOne(doc, { events }), created: true };
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      const existing = await this.findByPaymentIntent(doc.stripePaymentIntentId);
      if (!existing) throw err;
      return { claim: existing, created: false };
    }
  }

  findById(id: string): Promise<ClaimDoc | null> {
    return this.claims.findOne({ _id: id });
  }

  findByPaymentIntent(paymentIntentId: string): Promise<ClaimDoc | null> {
    return this.claims.findOne({ stripePaymentIntentId: paymentIntentId });
  }

  /** The company's pending or approved claim, if any (either blocks a new checkout). */
  async openClaimFor(companyId: string): Promise<ClaimDoc | null> {
    const [claim] = await this.claims.find({ companyId, status: { $in: ['pending', 'approved'] } }, { limit: 1 });
    return claim ?? null;
  }

  /** Pending first, then newest first. */
  async list(status: ClaimStatus | 'all'): Promise<ClaimDoc[]> {
    const filter: Filter = status === 'all' ? {} : { status };
    const docs = await this.claims.find(filter, { sort: { createdAt: -1, _id: 1 } });
    return [...docs.filter((d) => d.status === 'pending'), ...docs.filter((d) => d.status !== 'pending')];
  }

  /**
   * Takes the company's one open-claim slot for the payment; false when another payment's claim holds
   * it. Taking it again for the same payment is true (a retried success).
   */
  reserveOpenClaim(companyId: string, paymentIntentId: string): Promise<boolean> {
    return takeSlot(
      this.openSlots,
      { _id: companyId, paymentIntentId, at: new Date().toISOString() },
      (held) => held.paymentIntentId === paymentIntentId,
    );
  }

  /** Frees the company's open-claim slot held by that payment (its claim was rejected). */
  async releaseOpenClaim(companyId: string, paymentIntentId: string): Promise<void> {
    await this.openSlots.deleteOne({ _id: companyId, paymentIntentId });
  }

  /** Takes the company's one approval slot for the claim; false when another claim holds it. */
  reserveApproval(companyId: string, claimId: string): Promise<boolean> {
    return takeSlot(this.approvals, { _id: companyId, claimId, at: new Date().toISOString() }, (held) => held.claimId === claimId);
  }

  /** Gives the slot back (the approval did not happen). */
  async releaseApproval(companyId: string, claimId: string): Promise<void> {
    await this.approvals.deleteOne({ _id: companyId, claimId });
  }

  /**
   * Moves a pending claim to its decision (the lifecycle's `approve` / `reject`) with the events owed;
   * null when it was no longer pending, or no longer had the account `userId` the decision was made on.
   */
  decide(
    id: string,
    event: Extract<ClaimEvent, 'approve' | 'reject'>,
    set: Partial<ClaimDoc>,
    events: EventEnvelope[],
    userId?: string | null,
  ): Promise<ClaimDoc | null> {
    const status = transition('claim', 'pending', event);
    if (status === 'refunded') throw new Error('a decision never refunds');
    return this.claims.updateOne(
      { _id: id, status: 'pending', ...(userId !== undefined && { userId }) },
      { $set: { ...set, status, updatedAt: new Date().toISOString() } },
      { events },
    );
  }

  /** Records the claimer's account on a claim, whatever its state. */
  setUser(id: string, userId: string): Promise<ClaimDoc | null> {
    return this.claims.updateOne({ _id: id }, { $set: { userId, updatedAt: new Date().toISOString() } });
  }

  /**
   * Records the claimer's account (identity found or created it) on the claim as it was read, with
   * the events owed (the approval's, when the admin approved first); null when the claim changed
   * meanwhile (decided, or linked by a redelivery), so the caller reads it again.
   */
  linkUser(seen: ClaimDoc, userId: string, events: EventEnvelope[]): Promise<ClaimDoc | null> {
    return this.claims.updateOne(
      { _id: seen._id, userId: null, status: seen.status },
      { $set: { userId, approvalOwed: null, updatedAt: new Date().toISOString() } },
      { events },
    );
  }

  /** Records the refund of a decided claim; `refunded` is the lifecycle's `refund` (refused for a pending claim). */
  async setRefund(id: string, refundStatus: ClaimDoc['refundStatus'], refundId: string | null): Promise<ClaimDoc | null> {
    const current = await this.findById(id);
    if (!current) return null;
    if (refundStatus === 'refunded') transition('claim', claimState(current), 'refund');
    return this.claims.updateOne({ _id: id }, { $set: { refundStatus, refundId, updatedAt: new Date().toISOString() } });
  }
}
