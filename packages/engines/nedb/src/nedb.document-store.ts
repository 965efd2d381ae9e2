import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import nedb from '@seald-io/nedb';
import {
  DuplicateKeyError,
  OutboxDocumentStore,
  type BaseDocument,
  type Collection,
  type EngineCollection,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type Logger,
  type StoredDocument,
  type Update,
} from '@limo/platform';
import { NedbGroupCommit } from './nedb.group-commit.js';
import { speedUpNedbIndexRemoval } from './nedb.index-removal.js';

/** Where the embedded store keeps its data. */
export interface NedbDocumentStoreOptions {
  /** Folder holding one `<collection>.db` file per collection; in memory when omitted (tests). */
  dir?: string;
  logger?: Logger;
}

type NedbQuery = Record<string, unknown>;
type Nedb = nedb.default<StoredDocument>;

// The package is CommonJS (`module.exports = Datastore`) while its typings declare a default export:
// under NodeNext the import is the class itself at run time.
const Datastore = nedb as unknown as typeof nedb.default;

// nedb's own update semantics, to build an upserted document exactly as its updates would.
const nedbModel = createRequire(import.meta.url)('@seald-io/nedb/lib/model.js') as {
  modify(doc: object, update: object): StoredDocument;
  serialize(doc: object): string;
};

const COMPACTION_INTERVAL_MS = 60_000;
const COLLECTION_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * The embedded DocumentStore: @seald-io/nedb, one append-only file per collection, compacted every
 * minute and on close. MongoDB filter semantics are kept where nedb differs (`$ne`/`$nin`/`$exists`
 * on arrays and missing fields, `null` matching a missing field, `$regex` strings); dates are stored
 * as `Date` (nedb writes `{"$$date": ms}`) and come back as `Date`, ISO strings stay strings.
 * Left as nedb has them: `$pull` on a missing field throws (MongoDB: no-op), field names (also in
 * event data) may not contain `.` or start with `$`, and values of different types sort in nedb's order.
 * One process owns a folder: nedb has no locking between processes. Writes to one file are group
 * committed (see {@link NedbGroupCommit}): each is acknowledged once it is in the file, and the
 * writes made while one append runs share the next.
 */
export class NedbDocumentStore extends OutboxDocumentStore {
  private readonly datastores: { db: Nedb; log: NedbGroupCommit | undefined }[] = [];

  private constructor(
    private readonly dir: string | undefined,
    private readonly logger?: Logger,
  ) {
    super();
  }

  /** Opens the store, creating `dir` if needed. */
  static async create(options: NedbDocumentStoreOptions = {}): Promise<NedbDocumentStore> {
    if (options.dir) await mkdir(options.dir, { recursive: true });
    speedUpNedbIndexRemoval();
    return new NedbDocumentStore(options.dir, options.logger);
  }

  /** Opens (loading its file) or returns the named collection, ensuring its indexes. */
  override async collection<T extends BaseDocument>(name: string, indexes: IndexSpec[] = []): Promise<Collection<T>> {
    if (!COLLECTION_NAME.test(name)) throw new Error(`Invalid collection name "${name}": use letters, digits, _ and -`);
    return super.collection<T>(name, indexes);
  }

  /** Always answers: the store is in this process. */
  async ping(): Promise<void> {}

  /** Stops compaction timers and compacts every file, so the next start loads quickly. */
  async close(): Promise<void> {
    await Promise.allSettled(this.opened.values());
    for (const { db, log } of this.datastores) {
      db.stopAutocompaction();
      if (this.dir) await db.compactDatafileAsync();
      await log?.durable();
      await log?.close();
    }
  }

  protected async openEngine(name: string): Promise<EngineCollection> {
    const db: Nedb = this.dir
      ? new Datastore<StoredDocument>({ filename: join(this.dir, `${name}.db`) })
      : new Datastore<StoredDocument>({ inMemoryOnly: true });
    const log = NedbGroupCommit.install(db, nedbModel);
    await db.loadDatabaseAsync();
    if (this.dir) db.setAutocompactionInterval(COMPACTION_INTERVAL_MS);
    this.datastores.push({ db, log });
    this.logger?.debug({ collection: name, dir: this.dir ?? 'memory' }, 'nedb collection opened');
    return new NedbCollection(name, db, log);
  }
}

/**
 * One nedb datastore behind the engine interface. Every call goes through nedb's queue, one at a
 * time; a write resolves once its group commit reached the file.
 */
class NedbCollection implements EngineCollection {
  constructor(
    readonly name: string,
    private readonly db: Nedb,
    private readonly log: NedbGroupCommit | undefined,
  ) {}

  async ensureIndex(spec: IndexSpec): Promise<void> {
    const fields = Object.keys(spec.fields);
    // nedb reads a compound index only for a query giving every one of its fields by equality, and
    // compares compound keys by sorting their field names on every comparison. A non-unique one
    // (declared for MongoDB's range scans, e.g. `{delivery, createdAt}` for the mail sweep) served
    // no query here and made every write to the collection maintain it: it is not built. Unique
    // ones are, for their constraint.
    if (fields.length > 1 && !spec.unique) return;
    await this.db.ensureIndexAsync({
      fieldName: fields.length === 1 ? fields[0] : fields,
      unique: spec.unique ?? false,
      sparse: spec.sparse ?? false,
    });
    await this.log?.durable();
  }

  async insertOne(doc: StoredDocument): Promise<void> {
    await this.guard(() => this.db.insertAsync(doc));
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<StoredDocument[]> {
    let cursor = this.db.findAsync(toNedbQuery(filter));
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return await cursor;
  }

  async count(filter: Filter): Promise<number> {
    return await this.db.countAsync(toNedbQuery(filter));
  }

  async findOneAndUpdate(filter: Filter, update: Update, options: { upsert: boolean }): Promise<StoredDocument | null> {
    const query = toNedbQuery(filter);
    const modifiers = toNedbUpdate(update);
    // Update-or-insert as two queued steps: when the insert clashes with a document inserted in
    // between (same key), the retried update applies to that one, as MongoDB's upsert retry does.
    for (let attempt = 0; ; attempt++) {
      const { affectedDocuments } = await this.guard(() =>
        this.db.updateAsync(query, modifiers, { multi: false, upsert: false, returnUpdatedDocs: true }),
      );
      if (affectedDocuments) return affectedDocuments;
      if (!options.upsert) return null;
      const { _id, ...seed } = equalityFields(filter);
      const identity = _id === undefined ? {} : { _id };
      const base = Object.keys(seed).length > 0 ? nedbModel.modify(identity, { $set: seed }) : identity;
      try {
        return await this.guard(() => this.db.insertAsync(nedbModel.modify(base, modifiers)));
      } catch (err) {
        if (!(err instanceof DuplicateKeyError) || attempt > 0) throw err;
      }
    }
  }

  async updateMany(filter: Filter, update: Update): Promise<number> {
    const { numAffected } = await this.guard(() => this.db.updateAsync(toNedbQuery(filter), toNedbUpdate(update), { multi: true }));
    return numAffected;
  }

  async deleteMany(filter: Filter): Promise<number> {
    const removed = await this.db.removeAsync(toNedbQuery(filter), { multi: true });
    await this.log?.durable();
    return removed;
  }

  /**
   * Runs a write and waits until it is in the file; turns nedb's unique violation into the port's
   * DuplicateKeyError.
   */
  private async guard<R>(write: () => Promise<R>): Promise<R> {
    try {
      const result = await write();
      await this.log?.durable();
      return result;
    } catch (err) {
      if ((err as { errorType?: string }).errorType === 'uniqueViolated') {
        throw new DuplicateKeyError(this.name, `key ${JSON.stringify((err as { key?: unknown }).key)}`);
      }
      throw err;
    }
  }
}

const isOperatorObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Date) &&
  Object.keys(value).length > 0 &&
  Object.keys(value).every((k) => k.startsWith('$'));

/**
 * Translates a port filter to a nedb query with MongoDB's meaning. Plain conditions stay top-level
 * (nedb only uses an index for those); the rest go into `$and`.
 */
function toNedbQuery(filter: Filter): NedbQuery {
  const query: NedbQuery = {};
  const and: NedbQuery[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (key === '$and') {
      and.push(...(value as Filter[]).map(toNedbQuery));
    } else if (key === '$or') {
      and.push({ $or: (value as Filter[]).map(toNedbQuery) });
    } else if (key.startsWith('$')) {
      throw new Error(`Unsupported filter operator ${key}`);
    } else {
      for (const condition of fieldConditions(key, value)) {
        const [field, ...others] = Object.keys(condition);
        if (field === key && others.length === 0 && !(key in query)) query[key] = condition[key];
        else and.push(condition);
      }
    }
  }
  if (and.length > 0) query.$and = and;
  return query;
}

function fieldConditions(path: string, value: unknown): NedbQuery[] {
  if (!isOperatorObject(value)) return [equals(path, value)];
  const conditions: NedbQuery[] = [];
  for (const [op, operand] of Object.entries(value)) {
    switch (op) {
      case '$eq':
        conditions.push(equals(path, operand));
        break;
      // nedb's own $ne/$nin match an array holding any other element, and $ne/$nin on a missing
      // field; negating the positive form gives MongoDB's "no element equals" meaning.
      case '$ne':
        conditions.push({ $not: equals(path, operand) });
        break;
      case '$in':
        conditions.push(within(path, operand as unknown[]));
        break;
      case '$nin':
        conditions.push({ $not: within(path, operand as unknown[]) });
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        conditions.push({ [path]: { [op]: operand } });
        break;
      case '$regex':
        conditions.push({ [path]: { $regex: toRegExp(operand as string, value.$options as string | undefined) } });
        break;
      case '$options':
        break;
      // nedb tests $exists element by element on arrays, so an empty array would not "exist".
      case '$exists':
        conditions.push(operand ? { $not: { [path]: { $exists: false } } } : { [path]: { $exists: false } });
        break;
      default:
        throw new Error(`Unsupported filter operator ${op} on ${path}`);
    }
  }
  return conditions;
}

/** Equality as MongoDB means it: `null` also matches a missing field. */
function equals(path: string, value: unknown): NedbQuery {
  return value === null ? { $or: [{ [path]: null }, { [path]: { $exists: false } }] } : { [path]: value };
}

function within(path: string, values: unknown[]): NedbQuery {
  if (!values.includes(null)) return { [path]: { $in: values } };
  return { $or: [{ [path]: { $in: values.filter((v) => v !== null) } }, equals(path, null)] };
}

function toRegExp(source: string, options = ''): RegExp {
  if (/[^ims]/.test(options)) throw new Error(`Unsupported $regex option in "${options}": use i, m or s`);
  return new RegExp(source, options);
}

/** `$pull` conditions on sub-documents are filters too; the other modifiers are nedb's as they are. */
function toNedbUpdate(update: Update): Update {
  if (!update.$pull) return update;
  const $pull = Object.fromEntries(
    Object.entries(update.$pull).map(([field, condition]) => [
      field,
      typeof condition === 'object' &&
      condition !== null &&
      !Array.isArray(condition) &&
      !(condition instanceof Date) &&
      !isOperatorObject(condition)
        ? toNedbQuery(condition as Filter)
        : condition,
    ]),
  );
  return { ...update, $pull };
}

/** The fields an upsert copies from its filter: plain equalities and `$eq`, also inside `$and`. */
function equalityFields(filter: Filter): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and') Object.assign(fields, ...(value as Filter[]).map(equalityFields));
    else if (key.startsWith('$') || value === undefined) continue;
    else if (!isOperatorObject(value)) fields[key] = value;
    else if ('$eq' in value) fields[key] = value.$eq;
  }
  return fields;
}
