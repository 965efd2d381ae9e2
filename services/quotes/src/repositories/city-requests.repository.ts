import type { CityQuoteRequestedV1 } from '@limo/contracts';
import type { Collection, DocumentStore } from '@limo/platform';
import type { CityRequestDoc } from '../domain/city-request.js';
import { CITY_CONFIRMATION_LEASE, leaseFree, MAIL_LEASE_MS, takeLease } from '../domain/mail-lease.js';

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
      { _id: id, confirmation: 'pending', ...leaseFree(CITY_CONFIRMATION_LEASE, now) },
      takeLease(CITY_CONFIRMATION_LEASE, now, this.leaseMs),
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

  /** Drops every confirmation lease: only at start-up of the one process owning the data (a crash left them). */
  async releaseAllLeases(): Promise<void> {
    await this.requests.updateMany({ confirmationLeaseUntil: { $gt: 0 } }, { $set: { confirmationLeaseUntil: 0 } });
  }

  /** Requests created in `window` with fan-out or confirmation still owed, fewest confirmation attempts first. */
  owing(work: 'fanOut' | 'confirmation', window: { from: string; to: string }, limit: number): Promise<CityRequestDoc[]> {
    return this.requests.find(
      { [work]: 'pending', createdAt: { $gte: window.from, $lt: window.to } },
      { sort: { confirmationAttempts: 1, createdAt: 1 }, limit },
    );
  }
}
