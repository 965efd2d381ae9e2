import type { ClaimerDetails, LedgerStatus, PaymentProvider, PaymentPurpose, PlanId } from '@limo/contracts';
import { literalPattern, type Collection, type DocumentStore, type EventEnvelope, type Filter } from '@limo/platform';
import { allows, isPaid, paymentState, transition, type PaymentEvent, type PaymentState } from '../domain/lifecycle.js';

/** A refund given back on a payment. */
export interface PaymentRefund {
  refundId: string;
  /** Cents. */
  amount: number;
  at: string;
  reason: string | null;
}

/**
 * One checkout: the first invoice's PaymentIntent, bound by the server to its plan, amount, payer and
 * company, and after success to the claim or listing it paid for. Every payment has one: the ledger
 * lists them all.
 */
export interface PaymentDoc {
  /** The PaymentIntent id. */
  _id: string;
  provider: PaymentProvider;
  purpose: PaymentPurpose;
  plan: PlanId;
  /** Cents, from the plan table. */
  amount: number;
  currency: string;
  /** The company claimed, or the paid listing's id (null for a visitor's listing until it is registered). */
  companyId: string | null;
  /** The signed-in payer, if any. */
  userId: string | null;
  /** Who paid: the signed-in payer's e-mail, else the claimer's (or the listing flow's) e-mail. */
  payerEmail?: string | null;
  /** `user:<id>` or `email:<address>`: one open intent per payer and company is reused. */
  payerKey?: string | null;
  /** The idempotency key of the checkout: asked again, the provider answers the same intent. */
  checkoutId?: string;
  customerId: string;
  subscriptionId: string;
  /** The lifecycle's state (`open`: a record from before it, read as `created`). */
  status: PaymentState | 'open';
  lastError: string | null;
  /** What the listing flow sent (metadata.email / companyName). */
  listingEmail: string | null;
  listingName: string | null;
  /** True when the payment upgrades the payer's own existing (free) company `companyId`. */
  upgrade?: boolean;
  /** A claim checkout's claimer (the e-mail is the signed-in payer's, if any). */
  claimerDetails?: ClaimerDetails | null;
  /** The claim made from this payment. */
  claimId?: string | null;
  refunds?: PaymentRefund[];
  /** SHA-256 (hex) of the PaymentIntent's client secret: a signed-out payer proves the payment with it. */
  clientSecretHash?: string;
  createdAt: string;
  succeededAt: string | null;
}

/** What a payer's open checkout is found by: the company paid for, or the name of a listing not created yet. */
export type CheckoutSubject = { companyId: string } | { companyId: null; listingName: string };

/** What the ledger filters on. */
/** The stored payment states each ledger status stands for. */
const LEDGER_STATUSES: Record<LedgerStatus, string[]> = {
  succeeded: ['succeeded', 'used'],
  refunded: ['refunded'],
  failed: ['failed'],
  open: ['created', 'open', 'requires_action'],
};

/** The ledger's search: its text, and the ids it matched in the read-models, claims and listings. */
export interface LedgerSearch {
  text: string;
  userIds: string[];
  companyIds: string[];
  paymentIds: string[];
}

export interface PaymentListFilter {
  companyId?: string;
  userId?: string;
  status?: PaymentState;
  purpose?: PaymentPurpose;
}

const MAX_ATTEMPTS = 8;

/** Payments; every status write goes through the lifecycle table. */
export class PaymentsRepository {
  private constructor(readonly payments: Collection<PaymentDoc>) {}

  static async create(store: DocumentStore): Promise<PaymentsRepository> {
    return new PaymentsRepository(
      await store.collection<PaymentDoc>('payments', [
        { fields: { subscriptionId: 1 } },
        { fields: { companyId: 1 } },
        { fields: { payerKey: 1 } },
        { fields: { createdAt: -1 } },
      ]),
    );
  }

  insert(doc: PaymentDoc): Promise<PaymentDoc> {
    return this.payments.insertOne(doc);
  }

  findById(id: string): Promise<PaymentDoc | null> {
    return this.payments.findOne({ _id: id });
  }

  /** One payment (the ledger's detail), with its status read through the lifecycle. */
  async byId(id: string): Promise<PaymentDoc | null> {
    const doc = await this.findById(id);
    return doc && { ...doc, status: paymentState(doc.status) };
  }

  /** Payments, newest first (the admin ledger and the payer's history). */
  async list(filter: PaymentListFilter = {}): Promise<PaymentDoc[]> {
    const { status, ...rest } = filter;
    const query: Filter = { ...rest };
    if (status) query.status = status === 'created' ? { $in: ['created', 'open'] } : status;
    const docs = await this.payments.find(query, { sort: { createdAt: -1, _id: 1 } });
    return docs.map((d) => ({ ...d, status: paymentState(d.status) }));
  }

  /**
   * One page of the admin ledger, newest first, filtered in the query: the ledger status (`succeeded`
   * is paid, used or not; `open` is not paid yet) and a search over the payer's e-mails and the
   * payers, companies and payments the caller found matching elsewhere.
   */
  async ledgerPage(
    query: { status?: LedgerStatus; search?: LedgerSearch; refundedIds?: string[] },
    page: number,
    limit: number,
  ): Promise<{ payments: PaymentDoc[]; total: number }> {
    const and: Filter[] = [];
    // A refund recorded on the payment (the ledger's, or its claim's) makes it refunded whatever its own status says.
    const refundedIds = query.refundedIds ?? [];
    if (query.status === 'refunded') and.push({ $or: [{ status: { $in: LEDGER_STATUSES.refunded } }, { _id: { $in: refundedIds } }] });
    else if (query.status) and.push({ status: { $in: LEDGER_STATUSES[query.status] } }, { _id: { $nin: refundedIds } });
    const search = query.search;
    if (search) {
      const text = { $regex: literalPattern(search.text), $options: 'i' };
      and.push({
        $or: [
          { payerEmail: text },
          { listingEmail: text },
          { 'claimerDetails.email': text },
          { listingName: text },
          { userId: { $in: search.userIds } },
          { companyId: { $in: search.companyIds } },
          { _id: { $in: search.paymentIds } },
        ],
      });
    }
    const filter: Filter = and.length > 0 ? { $and: and } : {};
    const [payments, total] = await Promise.all([
      this.payments.find(filter, { sort: { createdAt: -1, _id: 1 }, skip: (page - 1) * limit, limit }),
      this.payments.count(filter),
    ]);
    return { payments, total };
  }

  /** The payer's payment for that company (or new listing) and purpose that was not paid yet (reused, never a second one). */
  async findOpen(payerKey: string, subject: CheckoutSubject, purpose: PaymentPurpose): Promise<PaymentDoc | null> {
    const [open] = await this.payments.find(
      { payerKey, ...subject, purpose, status: { $in: ['created', 'open', 'requires_action', 'failed'] } },
      { sort: { createdAt: -1, _id: 1 }, limit: 1 },
    );
    return open ?? null;
  }

  /** Records the claimer the payer sent last (a reused intent). */
  async setClaimerDetails(id: string, claimerDetails: ClaimerDetails): Promise<void> {
    await this.payments.updateOne({ _id: id }, { $set: { claimerDetails } });
  }

  /**
   * Records the success once, with `payment.succeeded.v1`: the first caller (webhook or the
   * payment-success page) wins, later ones change nothing. Returns true for the first.
   */
  async markSucceeded(id: string, at: string, event: EventEnvelope): Promise<boolean> {
    const current = await this.findById(id);
    if (!current || isPaid(current.status) || !allows('payment', paymentState(current.status), 'succeed')) return false;
    return (await this.move(id, 'succeed', { succeededAt: at, lastError: null }, [event])) !== null;
  }

  /** Records a decline, unless the table refuses it (a payment that succeeded stays so). */
  async markFailed(id: string, message: string | null): Promise<void> {
    const current = await this.findById(id);
    if (!current || !allows('payment', paymentState(current.status), 'fail')) return;
    await this.move(id, 'fail', { lastError: message });
  }

  /** The payer's bank asks for authentication (3-D Secure), unless the table refuses it (already paid). */
  async markRequiresAction(id: string): Promise<void> {
    const current = await this.findById(id);
    if (!current || !allows('payment', paymentState(current.status), 'require_action')) return;
    await this.move(id, 'require_action', {});
  }

  /** The payment paid for this claim or listing (once; repeated for the same one, a no-op). */
  async markUsed(id: string, set: { claimId?: string; companyId?: string }): Promise<PaymentDoc | null> {
    return this.move(id, 'use', set);
  }

  /** Records a refund (the money went back to the payer). */
  async markRefunded(id: string, refund: PaymentRefund): Promise<PaymentDoc | null> {
    const current = await this.findById(id);
    if (current?.refunds?.some((r) => r.refundId === refund.refundId)) return current;
    return this.move(id, 'refund', { refunds: [...(current?.refunds ?? []), refund] });
  }

  /**
   * Binds a visitor's listing payment to the listing and its owner, once: false when it was already
   * bound (to this or another listing), with nothing written.
   */
  async bindListing(id: string, companyId: string, userId: string): Promise<boolean> {
    return (
      (await this.payments.updateOne({ _id: id, purpose: 'business_listing', companyId: null }, { $set: { companyId, userId } })) !== null
    );
  }

  /**
   * Moves a payment along the lifecycle with optimistic concurrency on its status; throws the
   * table's LifecycleConflict for a refused move. Null when the payment does not exist.
   */
  private async move(id: string, event: PaymentEvent, set: Partial<PaymentDoc>, events: EventEnvelope[] = []): Promise<PaymentDoc | null> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.findById(id);
      if (!current) return null;
      const status = transition('payment', paymentState(current.status), event);
      const written = await this.payments.updateOne({ _id: id, status: current.status }, { $set: { ...set, status } }, { events });
      if (written) return written;
    }
    throw new Error(`payment ${id}: too many concurrent writes`);
  }
}
