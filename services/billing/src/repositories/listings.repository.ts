import type { ListingCompany, ListingRegisteredV1 } from '@limo/contracts';
import type { Collection, DocumentStore } from '@limo/platform';
import { newEvent } from '../domain/events.js';

/** A paid listing (owner-admin §2.5) until and after its payment: the directory learns of it once paid. */
export interface ListingDoc {
  /** The company id the directory will use. */
  _id: string;
  userId: string;
  company: ListingCompany;
  status: 'unpaid' | 'paid';
  paymentIntentId: string | null;
  subscriptionId: string | null;
  createdAt: string;
  paidAt: string | null;
}

export class ListingsRepository {
  private constructor(readonly listings: Collection<ListingDoc>) {}

  static async create(store: DocumentStore): Promise<ListingsRepository> {
    return new ListingsRepository(
      await store.collection<ListingDoc>('listings', [{ fields: { userId: 1 } }, { fields: { paymentIntentId: 1 } }]),
    );
  }

  insert(doc: ListingDoc): Promise<ListingDoc> {
    return this.listings.insertOne(doc);
  }

  findById(id: string): Promise<ListingDoc | null> {
    return this.listings.findOne({ _id: id });
  }

  findByPaymentIntent(paymentIntentId: string): Promise<ListingDoc | null> {
    return this.listings.findOne({ paymentIntentId });
  }

  /**
   * Marks the listing paid by that payment, once, with `listing.registered.v1` (the directory
   * creates the company). Returns the listing after the write, or null when it was already paid.
   */
  async markPaid(id: string, paymentIntentId: string, subscriptionId: string | null, at: string): Promise<ListingDoc | null> {
    const current = await this.findById(id);
    if (!current || current.status === 'paid') return null;
    const data: ListingRegisteredV1['data'] = {
      companyId: id,
      userId: current.userId,
      company: current.company,
      isPaid: true,
      paymentIntentId,
      subscriptionId,
      registeredAt: at,
    };
    return this.listings.updateOne(
      { _id: id, status: 'unpaid' },
      { $set: { status: 'paid', paymentIntentId, subscriptionId, paidAt: at } },
      { events: [newEvent('listing.registered.v1', id, data, at)] },
    );
  }
}
