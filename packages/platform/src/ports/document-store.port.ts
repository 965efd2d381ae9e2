import type { EventEnvelope } from './event-bus.port.js';

/** Every stored document has a string `_id` chosen by the service (uuid). */
export interface BaseDocument {
  _id: string;
}

type Scalar = string | number | boolean | null | Date;
export interface FieldOperators {
  $eq?: unknown;
  $ne?: unknown;
  $in?: unknown[];
  $nin?: unknown[];
  $gt?: Scalar;
  $gte?: Scalar;
  $lt?: Scalar;
  $lte?: Scalar;
  $regex?: string;
  /** Regex flags for `$regex`, only `i` is portable. */
  $options?: string;
  $exists?: boolean;
}
/** The MongoDB filter subset every adapter supports. Dotted paths reach into sub-documents. */
export type Filter = {
  [field: string]: Scalar | FieldOperators | Filter[] | undefined;
} & { $and?: Filter[]; $or?: Filter[] };

/** `text` as a regular expression source matching it literally (for a case-insensitive `$regex`). */
export function literalPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

export interface Update {
  $set?: Record<string, unknown>;
  $unset?: Record<string, true | 1 | ''>;
  $inc?: Record<string, number>;
  $push?: Record<string, unknown>;
  $pull?: Record<string, unknown>;
}

export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
}

export interface IndexSpec {
  fields: Record<string, 1 | -1>;
  unique?: boolean;
  /** Leaves out documents without the field: an index over a marker that few documents carry stays small. */
  sparse?: boolean;
}

export interface WriteOptions {
  /** Events owed by this write: stored in the same document write, published later by the outbox relay. */
  events?: EventEnvelope[];
}

/** Raised on a unique-index violation. */
export class DuplicateKeyError extends Error {
  readonly code = 'DUPLICATE_KEY';
  constructor(
    readonly collection: string,
    readonly detail?: string,
  ) {
    super(`Duplicate key in ${collection}${detail ? `: ${detail}` : ''}`);
  }
}

export interface Collection<T extends BaseDocument> {
  readonly name: string;
  /** Inserts one document; throws DuplicateKeyError on a unique-index clash (nothing written). */
  insertOne(doc: T, options?: WriteOptions): Promise<T>;
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter: Filter): Promise<number>;
  /**
   * Applies the update to the first matching document atomically and returns it as it is after the
   * update, or null if none matched. With `upsert`, inserts `{...equality fields of filter, ...$set}`
   * when none matched.
   */
  updateOne(filter: Filter, update: Update, options?: WriteOptions & { upsert?: boolean }): Promise<T | null>;
  /** Updates every matching document; returns how many matched. Owes no events. */
  updateMany(filter: Filter, update: Update): Promise<number>;
  /**
   * Deletes the first matching document; returns it, or null. With events, the document is first
   * marked deleted with its outbox (hidden from every read at once) and removed after the relay
   * published them.
   */
  deleteOne(filter: Filter, options?: WriteOptions): Promise<T | null>;
  /** Deletes every matching document; returns how many. Owes no events. */
  deleteMany(filter: Filter): Promise<number>;
}

/** A service's own database. Collections and their indexes are declared at start-up. */
export interface DocumentStore {
  collection<T extends BaseDocument>(name: string, indexes?: IndexSpec[]): Promise<Collection<T>>;
  /** Every collection created so far (the outbox relay scans these). */
  collections(): Collection<BaseDocument>[];
  /**
   * Calls `listener` after every write that stored events (once the write committed), so the outbox
   * relay publishes them at once instead of at its next poll. Returns the function that stops it.
   */
  onEventsWritten(listener: () => void): () => void;
  ping(): Promise<void>;
  close(): Promise<void>;
}
