import type { ClaimerDetails, PaymentProvider, PaymentPurpose, PlanId } from '@limo/contracts';
import type { Collection, DocumentStore, EventEnvelope } from '@limo/platform';

/** One checkout: the first invoice's PaymentIntent, bound to its plan, amount and company by the server. */
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
  customerId: string;
  subscriptionId: string;
  status: 'open' | 'succeeded' | 'failed';
  lastError: string | null;
  /** What the listing flow sent (metadata.email / companyName). */
  listingEmail: string | null;
  listingName: string | null;
  /** A claim checkout's claimer, when sent with it (the e-mail is the signed-in payer's, if any). */
  claimerDetails?: ClaimerDetails | null;
  /** SHA-256 (hex) of the PaymentIntent's client secret: a signed-out payer proves the payment with it. */
  clientSecretHash?: string;
  createdAt: string;
  succeededAt: string | null;
}

export class PaymentsRepository {
  private constructor(readonly payments: Collection<PaymentDoc>) {}

  static async create(store: DocumentStore): Promise<PaymentsRepository> {
    return new PaymentsRepository(
      await store.collection<PaymentDoc>('payments', [{ fields: { subscriptionId: 1 } }, { fields: { companyId: 1 } }]),
    );
  }

  insert(doc: PaymentDoc): Promise<PaymentDoc> {
    return this.payments.insertOne(doc);
  }

  findById(id: string): Promise<PaymentDoc | null> {
    return this.payments.findOne({ _id: id });
  }

  /**
   * Records the success once, with `payment.succeeded.v1`: the first caller (webhook or the
   * payment-success page) wins, later ones change nothing. Returns true for the first.
   */
  async markSucceeded(id: string, at: string, event: EventEnvelope): Promise<boolean> {
    const written = await this.payments.updateOne(
      { _id: id, status: { $ne: 'succeeded' } },
      { $set: { status: 'succeeded', succeededAt: at, lastError: null } },
      { events: [event] },
    );
    return written !== null;
  }

  /** Records a decline unless the payment already succeeded. */
  async markFailed(id: string, message: string | null): Promise<void> {
    await this.payments.updateOne({ _id: id, status: { $ne: 'succeeded' } }, { $set: { status: 'failed', lastError: message } });
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
}
