import { LOST_RACE, retryOptimistic, type Collection, type DocumentStore, type Filter, type FindOptions } from '@limo/platform';
import { companyDeletedEvent, companyEvent, type CompanyChange, type CompanyDoc } from '../domain/company.js';

/** Drops keys whose value is undefined (a $set must not carry them). */
function defined<T extends object>(change: T): Partial<T> {
  return Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Optimistic write attempts (with jittered backoff) before answering 409, and its message. */
const RETRY = { attempts: 12, conflictMessage: 'This company is being changed by someone else right now. Please try again in a moment.' };

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
    return retryOptimistic(async () => {
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
    }, RETRY);
  }

  /**
   * Deletes the company owing `company.deleted.v1`, at the version it was read at (re-read and
   * retried when a write got in between, so the deletion's event is always newer than the last
   * update's and no read-model keeps the company); returns it, or null if it did not exist.
   */
  async delete(id: string): Promise<CompanyDoc | null> {
    return retryOptimistic(async () => {
      const current = await this.findById(id);
      if (!current) return null;
      const event = companyDeletedEvent(current, new Date().toISOString());
      const deleted = await this.companies.deleteOne({ _id: id, version: current.version }, { events: [event] });
      if (!deleted) return (await this.findById(id)) ? LOST_RACE : null;
      await this.onChange();
      return deleted;
    }, RETRY);
  }
}
