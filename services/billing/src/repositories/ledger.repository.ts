import { DuplicateKeyError, type Collection, type DocumentStore } from '@limo/platform';
import type { CardView } from '../payments/payments.port.js';

/** One successful charge (the checkout's or a renewal's), recorded when its receipt is mailed. */
export interface ReceiptDoc {
  /** The PaymentIntent that paid (the invoice id when the provider did not name it). */
  _id: string;
  receiptNumber: string;
  subscriptionId: string;
  /** Cents. */
  amount: number;
  currency: string;
  paidAt: string;
  card: CardView | null;
  description: string;
  email: string | null;
  renewal: boolean;
}

/** An admin's refund of a payment (a rejected claim's refund stays on the claim). */
export interface RefundDoc {
  /** The PaymentIntent refunded: one refund per payment. */
  _id: string;
  refundId: string | null;
  status: 'pending' | 'refunded' | 'failed';
  /** Cents. */
  amount: number;
  reason: string | null;
  by: string;
  at: string;
}

/** The receipts and refunds the owner's Billing tab and the admin ledger read. */
export class LedgerRepository {
  private constructor(
    readonly receipts: Collection<ReceiptDoc>,
    readonly refunds: Collection<RefundDoc>,
  ) {}

  static async create(store: DocumentStore): Promise<LedgerRepository> {
    return new LedgerRepository(
      await store.collection<ReceiptDoc>('receipts', [{ fields: { subscriptionId: 1 } }]),
      await store.collection<RefundDoc>('refunds'),
    );
  }

  /** Records a receipt once (a redelivered event writes the same thing). */
  async recordReceipt(doc: ReceiptDoc): Promise<void> {
    const { _id, ...fields } = doc;
    await this.receipts.updateOne({ _id }, { $set: fields }, { upsert: true });
  }

  receiptsOf(subscriptionIds: string[]): Promise<ReceiptDoc[]> {
    return this.receipts.find({ subscriptionId: { $in: subscriptionIds } }, { sort: { paidAt: -1, _id: 1 } });
  }

  refundsOf(paymentIntentIds: string[]): Promise<RefundDoc[]> {
    return this.refunds.find({ _id: { $in: paymentIntentIds } });
  }

  findRefund(paymentIntentId: string): Promise<RefundDoc | null> {
    return this.refunds.findOne({ _id: paymentIntentId });
  }

  /** Starts the refund of a payment; false when one was already started (nothing written). */
  async startRefund(doc: RefundDoc): Promise<boolean> {
    const existing = await this.refunds.findOne({ _id: doc._id });
    if (existing && existing.status !== 'failed') return false;
    const { _id, ...fields } = doc;
    if (existing) return (await this.refunds.updateOne({ _id, status: 'failed' }, { $set: fields })) !== null;
    try {
      await this.refunds.insertOne(doc);
      return true;
    } catch (err) {
      if (err instanceof DuplicateKeyError) return false;
      throw err;
    }
  }

  async finishRefund(paymentIntentId: string, status: 'refunded' | 'failed', refundId: string | null): Promise<RefundDoc | null> {
    return this.refunds.updateOne({ _id: paymentIntentId }, { $set: { status, refundId } });
  }
}

/** The number a receipt carries: short, stable, derived from the payment. */
export function receiptNumberOf(id: string): string {
  return `LD-${id
    .replace(/^(pi|in)_/, '')
    .slice(-10)
    .toUpperCase()}`;
}
