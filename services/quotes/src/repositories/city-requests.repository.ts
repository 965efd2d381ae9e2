import type { CityQuoteRequestedV1 } from '@limo/contracts';
import type { Collection, DocumentStore } from '@limo/platform';
import { MAIL_LEASE_MS, type QuoteDetails } from './quotes.repository.js';

/** A city-wide quote request: the city, the companies found for it, and its fan-out and confirmation state. */
export interface CityRequestDoc extends QuoteDetails {
  _id: string;
  targetCity: string;
  resolvedCity: CityQuoteRequestedV1['data']['resolvedCity'];
  companyIds: string[];
  companiesNotified: number;
  createdAt: string;
  /** 'pending' until one quote per company has been stored. */
  fanOut: 'pending' | 'done';
  confirmation: 'pending' | 'sent';
  confirmedAt: string | null;
  confirmationAttempts: number;
  confirmationLeaseUntil: number;
}

/** City-wide quote requests. */
export class CityRequestsRepository {
  private constructor(
    readonly requests: Collection<CityRequestDoc>,
    private readonly leaseMs: number,
  ) {}

  /** Opens the collection with the indexes the queries below use. */
  static async create(store: DocumentStore, leaseMs = MAIL_LEASE_MS): Promise<CityRequestsRepository> {
    // Compound for the reason given in QuotesRepository.create.
    const requests = await store.collection<CityRequestDoc>('city_quote_requests', [
      { fields: { createdAt: 1 } },
      { fields: { fanOut: 1, createdAt: 1 } },
      { fields: { confirmation: 1, createdAt: 1 } },
    ]);
    return new CityRequestsRepository(requests, leaseMs);
  }

  /** Stores the request with the `city-quote.requested.v1` it owes (which fans it out into quotes). */
  insert(request: CityRequestDoc, event: CityQuoteRequestedV1): Promise<CityRequestDoc> {
    return this.requests.insertOne(request, { events: [event] });
  }

  /** The request, or null. */
  findById(id: string): Promise<CityRequestDoc | null> {
    return this.requests.findOne({ _id: id });
  }

  /** Records that every company's quote is stored. */
  async markFannedOut(id: string): Promise<void> {
    await this.requests.updateOne({ _id: id }, { $set: { fanOut: 'done' } });
  }

  /** Takes the lease on the customer's confirmation if it is still owed and nobody holds it. */
  claimConfirmation(id: string, now = Date.now()): Promise<CityRequestDoc | null> {
    return this.requests.updateOne(
      { _id: id, confirmation: 'pending', confirmationLeaseUntil: { $lt: now } },
      { $set: { confirmationLeaseUntil: now + this.leaseMs }, $inc: { confirmationAttempts: 1 } },
    );
  }

  /** Gives the confirmation lease back after a failed send. */
  async releaseConfirmation(id: string): Promise<void> {
    await this.requests.updateOne({ _id: id }, { $set: { confirmationLeaseUntil: 0 } });
  }

  /** Records the customer's confirmation as sent. */
  async markConfirmed(id: string, at: string): Promise<void> {
    await this.requests.updateOne({ _id: id }, { $set: { confirmation: 'sent', confirmedAt: at } });
  }

  /** Requests created in `window` with fan-out or confirmation still owed, fewest confirmation attempts first. */
  /** Drops every confirmation lease: only at start-up of the one process owning the data (a crash left them). */
  async releaseAllLeases(): Promise<void> {
    await this.requests.updateMany({ confirmationLeaseUntil: { $gt: 0 } }, { $set: { confirmationLeaseUntil: 0 } });
  }

  owing(work: 'fanOut' | 'confirmation', window: { from: string; to: string }, limit: number): Promise<CityRequestDoc[]> {
    return this.requests.find(
      { [work]: 'pending', createdAt: { $gte: window.from, $lt: window.to } },
      { sort: { confirmationAttempts: 1, createdAt: 1 }, limit },
    );
  }
}
