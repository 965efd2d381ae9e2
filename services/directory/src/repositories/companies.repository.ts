import { randomUUID } from 'node:crypto';
import type { CompanySnapshot } from '@limo/contracts';
import {
  LOST_RACE,
  retryOptimistic,
  type Collection,
  type DocumentStore,
  type EventEnvelope,
  type Filter,
  type FindOptions,
} from '@limo/platform';

/** Who set `verified`, so the audit can tell a backed flag from a stray one. */
export interface Verification {
  source: 'admin' | 'claim';
  /** The admin's user id (admin), the claim id (claim). */
  by: string | null;
  at: string;
}

/** The company's premium subscription, as billing's events told it. */
export interface SubscriptionState {
  subscriptionId: string;
  status: 'active' | 'canceled';
  startedAt: string;
  endDate: string | null;
}

/** A company as the directory stores it. Vocabulary fields hold slugs. */
export interface CompanyDoc {
  _id: string;
  /** The owner's user id; null while nobody owns the listing. */
  userId: string | null;
  name: string;
  description: string | null;
  phone: string | null;
  email: string | null;
  businessEmail: string | null;
  website: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  latitude: number | null;
  longitude: number | null;
  priceRange: string | null;
  services: string[];
  vehicleTypes: string[];
  hourlyRateStart: number | null;
  featured: boolean;
  verified: boolean;
  verification: Verification | null;
  suspendedAt: string | null;
  suspendedBy: string | null;
  claimed: boolean;
  claimedAt: string | null;
  claimId: string | null;
  businessVerified: boolean;
  subscription: SubscriptionState | null;
  imageUrl: string | null;
  seoKeywords: string | null;
  seoTags: string | null;
  stripePaymentIntentId: string | null;
  /** Average of approved reviews, one decimal; kept by the ratings consumer. */
  rating: number;
  reviewCount: number;
  createdAt: string;
  updatedAt: string;
  /** Grows by one with every write; carried by company events for ordering. */
  version: number;
}

/** The fields a write may change (everything but identity and bookkeeping). */
export type CompanyChange = Partial<Omit<CompanyDoc, '_id' | 'createdAt' | 'updatedAt' | 'version'>>;

/** What company events carry (contracts: companySnapshotSchema). */
export const toSnapshot = (c: CompanyDoc): CompanySnapshot => ({
  id: c._id,
  name: c.name,
  email: c.email,
  businessEmail: c.businessEmail,
  phone: c.phone,
  city: c.city,
  state: c.state,
  zipCode: c.zipCode,
  latitude: c.latitude,
  longitude: c.longitude,
  userId: c.userId,
  createdAt: c.createdAt,
  version: c.version,
});

const companyEvent = (type: 'company.created.v1' | 'company.updated.v1', c: CompanyDoc, at: string): EventEnvelope<CompanySnapshot> => ({
  id: randomUUID(),
  type,
  occurredAt: at,
  key: c._id,
  data: toSnapshot(c),
});

/** Drops keys whose value is undefined (a $set must not carry them). */
function defined<T extends object>(change: T): Partial<T> {
  return Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Optimistic write attempts (with jittered backoff) before answering 409. */
const MAX_ATTEMPTS = 12;

/**
 * Companies and the events they owe: every write stores its `company.*` event in the same document
 * write (outbox) and calls `onChange` (search cache invalidation) once it is done.
 */
export class CompaniesRepository {
  private constructor(
    readonly companies: Collection<CompanyDoc>,
    private readonly onChange: () => Promise<void>,
  ) {}

  static async create(store: DocumentStore, onChange: () => Promise<void> = async () => {}): Promise<CompaniesRepository> {
    const companies = await store.collection<CompanyDoc>('companies', [
      { fields: { userId: 1 } },
      { fields: { state: 1 } },
      { fields: { createdAt: -1 } },
      { fields: { verified: 1 } },
    ]);
    return new CompaniesRepository(companies, onChange);
  }

  findById(id: string): Promise<CompanyDoc | null> {
    return this.companies.findOne({ _id: id });
  }

  find(filter: Filter, options?: FindOptions): Promise<CompanyDoc[]> {
    return this.companies.find(filter, options);
  }

  count(filter: Filter = {}): Promise<number> {
    return this.companies.count(filter);
  }

  /** The companies with these ids, in the order of `ids` (unknown ids skipped). */
  async findByIds(ids: string[]): Promise<CompanyDoc[]> {
    if (ids.length === 0) return [];
    const docs = await this.companies.find({ _id: { $in: ids } });
    const byId = new Map(docs.map((d) => [d._id, d]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Inserts a company (version 1) owing `company.created.v1`; throws DuplicateKeyError for a taken id. */
  async insert(doc: Omit<CompanyDoc, 'version'>): Promise<CompanyDoc> {
    const full: CompanyDoc = { ...doc, version: 1 };
    await this.companies.insertOne(full, { events: [companyEvent('company.created.v1', full, full.createdAt)] });
    await this.onChange();
    return full;
  }

  /**
   * Applies `build(current)` to the company with optimistic concurrency (re-read and retried when
   * another write got in between), owing `company.updated.v1`. `build` returning null or no field
   * leaves the company as it is. Returns the company after the write, or null if it does not exist.
   */
  async update(id: string, build: (current: CompanyDoc) => CompanyChange | null): Promise<CompanyDoc | null> {
    return retryOptimistic(
      async () => {
        const current = await this.findById(id);
        if (!current) return null;
        const built = build(current);
        const change = built ? defined(built) : {};
        if (Object.keys(change).length === 0) return current;
        const now = new Date().toISOString();
        const next: CompanyDoc = { ...current, ...change, updatedAt: now, version: current.version + 1 };
        const written = await this.companies.updateOne(
          { _id: id, version: current.version },
          { $set: { ...change, updatedAt: now, version: next.version } },
          { events: [companyEvent('company.updated.v1', next, now)] },
        );
        if (!written) return LOST_RACE;
        await this.onChange();
        return written;
      },
      { attempts: MAX_ATTEMPTS, conflictMessage: 'This company is being changed by someone else right now. Please try again in a moment.' },
    );
  }

  /** Deletes the company owing `company.deleted.v1`; returns it, or null if it did not exist. */
  async delete(id: string): Promise<CompanyDoc | null> {
    const current = await this.findById(id);
    if (!current) return null;
    const now = new Date().toISOString();
    const event: EventEnvelope = {
      id: randomUUID(),
      type: 'company.deleted.v1',
      occurredAt: now,
      key: id,
      data: { id, version: current.version + 1 },
    };
    const deleted = await this.companies.deleteOne({ _id: id }, { events: [event] });
    if (deleted) await this.onChange();
    return deleted;
  }
}
