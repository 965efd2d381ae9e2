import type { CompanySnapshot, Role, UserRegisteredV1, UserRemovedV1 } from '@limo/contracts';
import { applyVersioned, type Collection, type DocumentStore } from '@limo/platform';

/** Billing's copy of a company, from directory's events: enough to check a checkout and name the claim. */
export interface CompanyRefDoc {
  _id: string;
  name: string;
  /** The owner, null while nobody owns the listing. */
  userId: string | null;
  version: number;
  active: boolean;
}

/**
 * Billing's copy of an account, from identity's `user.registered.v1`: subscriber rows and user
 * counts. `removed` (from `user.removed.v1`) keeps it as a tombstone, so a registration event
 * handled after the removal (another topic: no order between them) does not bring it back.
 */
export interface UserRefDoc {
  _id: string;
  username: string;
  email: string;
  role: Role;
  createdAt: string;
  removed?: true;
}

/** The accounts that exist (not removed): every query of billing's user copies starts from it. */
export const LIVE_USERS = { removed: { $ne: true } } as const;

/** The read-models billing keeps of other services' data. */
export class ReadModels {
  private constructor(
    readonly companies: Collection<CompanyRefDoc>,
    readonly users: Collection<UserRefDoc>,
  ) {}

  static async create(store: DocumentStore): Promise<ReadModels> {
    return new ReadModels(
      await store.collection<CompanyRefDoc>('company_refs'),
      await store.collection<UserRefDoc>('user_refs', [{ fields: { role: 1 } }, { fields: { email: 1 } }]),
    );
  }

  /** A company that exists (not deleted), or null. */
  findCompany(id: string): Promise<CompanyRefDoc | null> {
    return this.companies.findOne({ _id: id, active: true });
  }

  /** Applies a company snapshot unless the stored version is the same or newer. */
  applyCompany(snapshot: CompanySnapshot): Promise<void> {
    return this.applyVersioned({ _id: snapshot.id, name: snapshot.name, userId: snapshot.userId, version: snapshot.version, active: true });
  }

  /** Marks a company deleted at `version` (kept as a tombstone so no older event revives it). */
  applyCompanyDeleted(id: string, version: number): Promise<void> {
    return this.applyVersioned({ _id: id, name: '', userId: null, version, active: false });
  }

  private applyVersioned(doc: CompanyRefDoc): Promise<void> {
    const { _id, ...fields } = doc;
    return applyVersioned(this.companies, { version: doc.version, whenNew: doc, fields: () => fields, attempts: 5 });
  }

  /** Marks an account removed (an upsert: before or after its registration, redelivered or not). */
  async removeUser(data: UserRemovedV1['data']): Promise<void> {
    await this.users.updateOne({ _id: data.userId }, { $set: { removed: true } }, { upsert: true });
  }

  /** Records an account (an upsert: a redelivery writes the same thing; a removed one stays removed). */
  async applyUser(data: UserRegisteredV1['data']): Promise<void> {
    await this.users.updateOne(
      { _id: data.userId },
      { $set: { username: data.username, email: data.email.toLowerCase(), role: data.role, createdAt: data.createdAt } },
      { upsert: true },
    );
  }
}
