import type { CompanySnapshot, ResponseTime } from '@limo/contracts';
import { applyVersioned, DuplicateKeyError, type Collection, type DocumentStore } from '@limo/platform';

/** Analytics' read-model of a company: its name for the dashboards, its owner, its lead response time. */
export interface CompanyDoc {
  /** The company id. */
  _id: string;
  name: string;
  /** The owning account, null while nobody owns the listing. */
  userId: string | null;
  /** Directory's version this document reflects (0 while only a claim or a response time was seen). */
  version: number;
  active: boolean;
  /** From quotes' `company.response-time.v1`. */
  responseTime: ResponseTime | null;
}

const blank = (id: string): CompanyDoc => ({ _id: id, name: '', userId: null, version: 0, active: true, responseTime: null });

/** Company names, owners and response times, fed by directory's, billing's and quotes' events. */
export class CompaniesRepository {
  private constructor(private readonly companies: Collection<CompanyDoc>) {}

  /** Opens the collection. */
  static async create(store: DocumentStore): Promise<CompaniesRepository> {
    return new CompaniesRepository(await store.collection<CompanyDoc>('companies', [{ fields: { userId: 1 } }]));
  }

  /** The company, deleted or not, or null when no event named it. */
  find(id: string): Promise<CompanyDoc | null> {
    return this.companies.findOne({ _id: id });
  }

  /** Ids of up to `limit` listed companies (demo traffic). */
  async someIds(limit: number): Promise<string[]> {
    return (await this.companies.find({ active: true, version: { $gte: 1 } }, { limit })).map((c) => c._id);
  }

  /** Names of the given companies (those known). */
  async names(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const docs = await this.companies.find({ _id: { $in: ids } });
    return new Map(docs.filter((d) => d.name).map((d) => [d._id, d.name]));
  }

  /** Applies a created/updated snapshot unless the stored version is the same or newer. */
  async applySnapshot(snapshot: CompanySnapshot): Promise<void> {
    await this.applyVersioned(snapshot.id, snapshot.version, {
      name: snapshot.name,
      userId: snapshot.userId,
      version: snapshot.version,
      active: true,
    });
  }

  /** Marks the company deleted at `version`. */
  async applyDeleted(id: string, version: number): Promise<void> {
    await this.applyVersioned(id, version, { version, active: false });
  }

  /** A claim was approved: `userId` owns the company (directory's next snapshot says the same). */
  async applyClaim(companyId: string, userId: string): Promise<void> {
    await this.upsert(companyId, { userId });
  }

  /** Keeps the newest response time of the company. */
  async applyResponseTime(companyId: string, responseTime: ResponseTime): Promise<void> {
    const current = await this.find(companyId);
    if (current?.responseTime && current.responseTime.computedAt >= responseTime.computedAt) return;
    await this.upsert(companyId, { responseTime });
  }

  private async upsert(id: string, fields: Partial<CompanyDoc>): Promise<void> {
    try {
      if (await this.companies.updateOne({ _id: id }, { $set: fields })) return;
      await this.companies.insertOne({ ...blank(id), ...fields });
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      await this.companies.updateOne({ _id: id }, { $set: fields });
    }
  }

  private applyVersioned(id: string, version: number, fields: Partial<CompanyDoc>): Promise<void> {
    return applyVersioned(this.companies, { version, whenNew: { ...blank(id), ...fields }, fields: () => fields });
  }
}
