import type { QuoteRequestedV1, QuoteStatus } from '@limo/contracts';
import { literalPattern, type Collection, type DocumentStore, type Filter } from '@limo/platform';
import { leaseFree, MAIL_LEASE_MS, OWES_QUOTE_MAIL, QUOTE_MAIL_LEASE, takeLease } from '../domain/mail-lease.js';
import { quoteDeliveredEvent, type DeliveryOutcome, type QuoteDoc } from '../domain/quote.js';

/** What one taking of a quote's mails did: the company mail's end, the confirmation sent, a failed send's reason. */
export interface MailOutcome {
  /** How the company mail ended; absent when it was not owed or its send failed. */
  delivery?: DeliveryOutcome;
  /** The customer's confirmation was accepted by the transport. */
  confirmed: boolean;
  /** The reason of a failed send. */
  error?: string;
}

/** A page of quotes and the total they were cut from. */
export interface QuotePage {
  quotes: QuoteDoc[];
  total: number;
}

/** Quote requests, their mail state and their lead-tracking times. */
export class QuotesRepository {
  private constructor(
    readonly quotes: Collection<QuoteDoc>,
    private readonly leaseMs: number,
  ) {}

  /** Opens the collection with the indexes the queries below use. */
  static async create(store: DocumentStore, leaseMs = MAIL_LEASE_MS): Promise<QuotesRepository> {
    const quotes = await store.collection<QuoteDoc>('quote_requests', [
      { fields: { companyId: 1 } },
      { fields: { createdAt: 1 } },
      // Compound rather than on the state alone: a state has few values, and an index key shared by
      // thousands of documents makes every write to one of them slow (the embedded engine keeps one
      // array per key). MongoDB serves the sweep from these; nedb from the createdAt range.
      { fields: { delivery: 1, createdAt: 1 } },
      { fields: { confirmation: 1, createdAt: 1 } },
      // Only the quotes still in delivery's queue carry the field: counting them stays cheap.
      { fields: { awaitingMail: 1 }, sparse: true },
      { fields: { tripDate: 1 } },
    ]);
    return new QuotesRepository(quotes, leaseMs);
  }

  /** Stores the quote with the `quote.requested.v1` it owes; throws DuplicateKeyError if its id exists. */
  insert(quote: QuoteDoc, event: QuoteRequestedV1): Promise<QuoteDoc> {
    return this.quotes.insertOne(quote, { events: [event] });
  }

  /**
   * Per-company quotes whose trip date is in [`from`, `to`] and whose customer got no review reminder
   * yet, oldest trip first.
   */
  dueForReviewReminder(to: string, from: string, limit: number): Promise<QuoteDoc[]> {
    return this.quotes.find(
      { source: 'company', tripDate: { $gte: from, $lte: to }, reviewRemindedAt: { $exists: false } },
      { sort: { tripDate: 1, _id: 1 }, limit },
    );
  }

  /** Marks the quote's review reminder as sent; false when another worker did already. */
  async markReviewReminded(id: string, at: string): Promise<boolean> {
    return (await this.quotes.updateOne({ _id: id, reviewRemindedAt: { $exists: false } }, { $set: { reviewRemindedAt: at } })) !== null;
  }

  /** The quote, whichever company it belongs to (admin). */
  findById(id: string): Promise<QuoteDoc | null> {
    return this.quotes.findOne({ _id: id });
  }

  /** A company's quotes, newest first. */
  async pageOfCompany(companyId: string, page: number, limit: number): Promise<QuotePage> {
    const [quotes, total] = await Promise.all([
      this.quotes.find({ companyId }, { sort: { createdAt: -1, _id: -1 }, skip: (page - 1) * limit, limit }),
      this.quotes.count({ companyId }),
    ]);
    return { quotes, total };
  }

  /** Every quote, newest first, by status and a case-insensitive search over customer, company and places. */
  async search(options: { page: number; limit: number; status?: QuoteStatus; search?: string }): Promise<QuotePage> {
    const filter: Filter = {};
    if (options.status) filter.status = options.status;
    if (options.search) {
      const pattern = { $regex: literalPattern(options.search), $options: 'i' };
      filter.$or = ['customerName', 'customerEmail', 'companyName', 'pickupLocation', 'dropoffLocation', 'targetCity'].map((field) => ({
        [field]: pattern,
      }));
    }
    const [quotes, total] = await Promise.all([
      this.quotes.find(filter, { sort: { createdAt: -1, _id: -1 }, skip: (options.page - 1) * options.limit, limit: options.limit }),
      this.quotes.count(filter),
    ]);
    return { quotes, total };
  }

  /** Records the first time the owner saw these quotes; quotes seen before keep their time. */
  markViewed(ids: string[], at: string): Promise<number> {
    if (ids.length === 0) return Promise.resolve(0);
    return this.quotes.updateMany({ _id: { $in: ids }, firstViewedAt: null }, { $set: { firstViewedAt: at } });
  }

  /**
   * Sets the status; the first time it becomes contacted, `contactedAt` is recorded too. Returns the
   * quote after the write and whether this write was the first contact.
   */
  async setStatus(id: string, status: QuoteStatus, at: string): Promise<{ quote: QuoteDoc; firstContact: boolean } | null> {
    if (status === 'contacted') {
      const first = await this.quotes.updateOne({ _id: id, contactedAt: null }, { $set: { status, contactedAt: at, updatedAt: at } });
      if (first) return { quote: first, firstContact: true };
    }
    const quote = await this.quotes.updateOne({ _id: id }, { $set: { status, updatedAt: at } });
    return quote ? { quote, firstContact: false } : null;
  }

  /** The company's most recently contacted quotes, for its median response time. */
  recentlyContacted(companyId: string, limit: number): Promise<QuoteDoc[]> {
    return this.quotes.find({ companyId, contactedAt: { $gt: '' } }, { sort: { contactedAt: -1 }, limit });
  }

  /** The company's quotes delivered at or after `since` (lead tracking's window). */
  deliveredSince(companyId: string, since: string): Promise<QuoteDoc[]> {
    return this.quotes.find({ companyId, deliveredAt: { $gte: since } }, { sort: { deliveredAt: 1 } });
  }

  /** Deletes the quote if it belongs to `companyId`; false when there was none. */
  async deleteOwned(id: string, companyId: string): Promise<boolean> {
    return (await this.quotes.deleteOne({ _id: id, companyId })) !== null;
  }

  /**
   * Takes the one lease on the quote's mails if one is still owed and nobody holds the lease; returns
   * the quote, or null when everything was sent already or another worker is sending it.
   */
  claimMails(id: string, now = Date.now()): Promise<QuoteDoc | null> {
    return this.quotes.updateOne(
      { _id: id, $and: [OWES_QUOTE_MAIL, leaseFree(QUOTE_MAIL_LEASE, now)] },
      { ...takeLease(QUOTE_MAIL_LEASE, now, this.leaseMs), $unset: { awaitingMail: '' } },
    );
  }

  /**
   * Records what one taking of the quote's mails did and gives the lease back, in one write: the
   * company mail's end (with the `quote.delivered.v1` it owes when delivered), the confirmation, and
   * a failed send's reason, so the next retry takes the lease at once and sends only what is owed.
   * If the lease ran out meanwhile (a send slower than the lease) and another worker took it, what
   * was sent is still recorded, only where still owed, and that worker's lease is left alone.
   */
  async recordMails(quote: QuoteDoc, outcome: MailOutcome, at: string, eventId: string): Promise<void> {
    const delivered = outcome.delivery === 'delivered';
    const events = delivered ? { events: [quoteDeliveredEvent(quote, at, eventId)] } : undefined;
    const deliveryFields = outcome.delivery && { delivery: outcome.delivery, ...(delivered && { deliveredAt: at }) };
    const confirmationFields = outcome.confirmed && { confirmation: 'sent', confirmedAt: at };
    const held = await this.quotes.updateOne(
      { _id: quote._id, [QUOTE_MAIL_LEASE.lease]: quote.mailLeaseUntil },
      { $set: { mailLeaseUntil: 0, lastMailError: outcome.error?.slice(0, 500) ?? null, ...deliveryFields, ...confirmationFields } },
      events,
    );
    if (held) return;
    if (deliveryFields) await this.quotes.updateOne({ _id: quote._id, delivery: 'pending' }, { $set: deliveryFields }, events);
    if (confirmationFields) await this.quotes.updateOne({ _id: quote._id, confirmation: 'pending' }, { $set: confirmationFields });
  }

  /** Quotes whose mails were not yet taken to be sent once: delivery's queue (an index count). */
  awaitingMailCount(): Promise<number> {
    return this.quotes.count({ awaitingMail: true });
  }

  /** Drops every mail lease: only at start-up of the one process owning the data (a crash left them). */
  async releaseAllLeases(): Promise<void> {
    await this.quotes.updateMany({ mailLeaseUntil: { $gt: 0 } }, { $set: { mailLeaseUntil: 0 } });
  }

  /**
   * Quotes created in `window` that still owe a mail (their event gave up or was lost), fewest attempts
   * first: a mail that keeps failing moves behind the others instead of holding them up.
   */
  owingMail(window: { from: string; to: string }, limit: number): Promise<QuoteDoc[]> {
    return this.quotes.find(
      { ...OWES_QUOTE_MAIL, createdAt: { $gte: window.from, $lt: window.to } },
      { sort: { [QUOTE_MAIL_LEASE.attempts]: 1, createdAt: 1 }, limit },
    );
  }
}
