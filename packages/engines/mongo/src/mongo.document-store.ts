import type mongoose from 'mongoose';
import type { Connection } from 'mongoose';
import {
  DuplicateKeyError,
  OutboxDocumentStore,
  type EngineCollection,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type Logger,
  type StoredDocument,
  type Update,
} from '@limo/platform';
import { connectMongo, unreachable } from './connection.js';

/** How to reach MongoDB. */
export interface MongoDocumentStoreOptions {
  /** `mongodb://[user:password@]host[:port][,host…]/<database>[?options]`; the database is the service's own. */
  uri: string;
  logger?: Logger;
}

type DriverCollection = mongoose.mongo.Collection<StoredDocument>;
type DriverFilter = mongoose.mongo.Filter<StoredDocument>;
type DriverUpdate = mongoose.mongo.UpdateFilter<StoredDocument>;

/**
 * The distributed DocumentStore: MongoDB through a dedicated mongoose connection, using the driver's
 * collections directly (no schemas) so filters and updates mean exactly what MongoDB says.
 */
export class MongoDocumentStore extends OutboxDocumentStore {
  private constructor(
    private readonly connection: Connection,
    private readonly db: mongoose.mongo.Db,
    private readonly uri: string,
    private readonly logger?: Logger,
  ) {
    super();
  }

  /** Connects and checks the server answers; throws `MongoDB unreachable at <uri>: <reason>` otherwise. */
  static create(options: MongoDocumentStoreOptions): Promise<MongoDocumentStore> {
    return connectMongo(options.uri, (connection, db) => new MongoDocumentStore(connection, db, options.uri, options.logger));
  }

  /** Sends `ping` to the server. */
  async ping(): Promise<void> {
    try {
      await this.db.command({ ping: 1 });
    } catch (err) {
      throw unreachable(this.uri, err);
    }
  }

  /** Closes the connection. */
  async close(): Promise<void> {
    await this.connection.close();
  }

  protected async openEngine(name: string): Promise<EngineCollection> {
    this.logger?.debug({ collection: name }, 'mongodb collection opened');
    return new MongoCollection(this.db.collection<StoredDocument>(name));
  }
}

/** One MongoDB collection behind the engine interface; filters and updates pass through unchanged. */
class MongoCollection implements EngineCollection {
  constructor(private readonly driver: DriverCollection) {}

  get name(): string {
    return this.driver.collectionName;
  }

  async ensureIndex(spec: IndexSpec): Promise<void> {
    await this.driver.createIndex(spec.fields, { unique: spec.unique ?? false, sparse: spec.sparse ?? false });
  }

  async insertOne(doc: StoredDocument): Promise<void> {
    // The driver adds fields to the object it inserts; the caller's object stays untouched.
    await this.guard(() => this.driver.insertOne({ ...doc }));
  }

  find(filter: Filter, options: FindOptions = {}): Promise<StoredDocument[]> {
    return this.driver.find(filter as DriverFilter, { sort: options.sort, skip: options.skip, limit: options.limit }).toArray();
  }

  count(filter: Filter): Promise<number> {
    return this.driver.countDocuments(filter);
  }

  findOneAndUpdate(filter: Filter, update: Update, options: { upsert: boolean }): Promise<StoredDocument | null> {
    return this.guard(
      () =>
        this.driver.findOneAndUpdate(filter as DriverFilter, update as DriverUpdate, {
          upsert: options.upsert,
          returnDocument: 'after',
          includeResultMetadata: false,
        }) as Promise<StoredDocument | null>,
    );
  }

  async updateMany(filter: Filter, update: Update): Promise<number> {
    const result = await this.guard(() => this.driver.updateMany(filter as DriverFilter, update as DriverUpdate));
    return result.matchedCount;
  }

  async deleteMany(filter: Filter): Promise<number> {
    const result = await this.driver.deleteMany(filter);
    return result.deletedCount;
  }

  /** Turns the server's duplicate-key error (code 11000) into the port's DuplicateKeyError. */
  private async guard<R>(write: () => Promise<R>): Promise<R> {
    try {
      return await write();
    } catch (err) {
      const { code, keyValue } = err as { code?: number; keyValue?: unknown };
      if (code === 11000) {
        throw new DuplicateKeyError(this.name, keyValue ? `key ${JSON.stringify(keyValue)}` : (err as Error).message);
      }
      throw err;
    }
  }
}
