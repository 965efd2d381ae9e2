import type { BaseDocument, Collection, Filter, FindOptions, IndexSpec, Update, WriteOptions } from '../ports/document-store.port.js';
import type { EventEnvelope } from '../ports/event-bus.port.js';
import { stampTrace } from '../tracing/tracing.js';

/**
 * A document as an engine stores it: the caller's fields plus the outbox bookkeeping, which callers
 * never see.
 * - `_outbox`: events owed by writes to this document, oldest first, until the relay published them.
 * - `_pending`: `true` while the relay has work on the document (events, or a deletion to finish);
 *   the relay finds its work through a sparse index on this one field instead of scanning.
 * - `_deletedAt`: set by a delete; the document is invisible from then on and removed by the relay
 *   once its outbox is empty. It keeps its unique keys until then, so re-inserting the same key right
 *   after a delete that owed events fails with DuplicateKeyError until the relay has run.
 */
export type StoredDocument = BaseDocument & {
  _outbox?: EventEnvelope[];
  _pending?: true;
  _deletedAt?: Date;
  [field: string]: unknown;
};

/**
 * One collection as the engine sees it, with plain MongoDB semantics and no outbox logic: each
 * adapter implements this much, and {@link OutboxCollection} builds the port on top of it once.
 */
export interface EngineCollection {
  readonly name: string;
  ensureIndex(spec: IndexSpec): Promise<void>;
  /** Throws DuplicateKeyError on a unique-index clash, with nothing written. */
  insertOne(doc: StoredDocument): Promise<void>;
  find(filter: Filter, options?: FindOptions): Promise<StoredDocument[]>;
  count(filter: Filter): Promise<number>;
  /** Atomically updates the first match and returns it after the update (or the upserted one), else null. */
  findOneAndUpdate(filter: Filter, update: Update, options: { upsert: boolean }): Promise<StoredDocument | null>;
  /** Returns how many documents matched. */
  updateMany(filter: Filter, update: Update): Promise<number>;
  /** Returns how many documents were removed. */
  deleteMany(filter: Filter): Promise<number>;
}

/** Pending outbox work on one document, as the relay sees it. */
export interface PendingDocument {
  id: string;
  events: EventEnvelope[];
  deleted: boolean;
}

const PENDING_INDEX: IndexSpec = { fields: { _pending: 1 }, sparse: true };

/**
 * Tells whoever listens (the store's outbox relay) that a write stored events to publish. Listeners
 * run after the write committed; one that throws is ignored, as the events are stored and the
 * relay's next poll publishes them anyway.
 */
export class OutboxSignal {
  private readonly listeners = new Set<() => void>();

  /** Calls `listener` after every write that owes events, until the returned function is called. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called by {@link OutboxCollection} after a write that stored events. */
  written(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch {
        // The events are stored: the relay's next poll publishes them.
      }
    }
  }
}

/** Filter for documents callers may see: soft-deleted ones are gone for them. */
const visible = (filter: Filter): Filter => ({ ...filter, _deletedAt: { $exists: false } });

/** A soft-deleted document whose outbox is empty: nothing left to publish, safe to remove. */
const finished = (filter: Filter): Filter => ({
  ...filter,
  _deletedAt: { $exists: true },
  '_outbox.0': { $exists: false },
});

function withoutBookkeeping(doc: StoredDocument): BaseDocument {
  const { _outbox, _pending, _deletedAt, ...rest } = doc;
  return rest;
}

/** Adds the events and the pending flag to an update, so both land in the same document write. */
function owing(update: Update, events: EventEnvelope[]): Update {
  if (events.length === 0) return update;
  return {
    ...update,
    $set: { ...update.$set, _pending: true },
    $push: { ...update.$push, _outbox: { $each: events } },
  };
}

/**
 * The DocumentStore `Collection` port over any engine, with the transactional outbox: the events a
 * write owes are stored in the same single-document write (engines without multi-document
 * transactions stay correct), deletes are soft until the relay published what the document owes,
 * and callers never see the bookkeeping fields.
 */
export class OutboxCollection<T extends BaseDocument> implements Collection<T> {
  private constructor(
    private readonly engine: EngineCollection,
    private readonly signal: OutboxSignal,
  ) {}

  /**
   * Wraps an engine collection, creating the caller's indexes and the relay's one; `signal` hears of
   * every write that stored events (the store's, so its relay publishes them without waiting to poll).
   */
  static async create<T extends BaseDocument>(
    engine: EngineCollection,
    signal: OutboxSignal,
    indexes: IndexSpec[] = [],
  ): Promise<OutboxCollection<T>> {
    const collection = new OutboxCollection<T>(engine, signal);
    await collection.ensureIndexes([...indexes, PENDING_INDEX]);
    return collection;
  }

  /** Creates the indexes that do not exist yet (a later `store.collection(name, indexes)` call adds its own). */
  async ensureIndexes(indexes: IndexSpec[]): Promise<void> {
    for (const spec of indexes) await this.engine.ensureIndex(spec);
  }

  /** The collection's name in the engine. */
  get name(): string {
    return this.engine.name;
  }

  /** Inserts the document with the events it owes in one write. */
  async insertOne(doc: T, options: WriteOptions = {}): Promise<T> {
    const events = stampTrace(options.events ?? []);
    const stored: StoredDocument = {
      ...(doc as BaseDocument as StoredDocument),
      ...(events.length > 0 && { _outbox: events, _pending: true }),
    };
    await this.engine.insertOne(stored);
    if (events.length > 0) this.signal.written();
    return doc;
  }

  /** The first visible match, without bookkeeping fields. */
  async findOne(filter: Filter): Promise<T | null> {
    const [doc] = await this.engine.find(visible(filter), { limit: 1 });
    return doc ? (withoutBookkeeping(doc) as T) : null;
  }

  /** Visible matches, sorted and paged by the engine. */
  async find(filter: Filter, options?: FindOptions): Promise<T[]> {
    const docs = await this.engine.find(visible(filter), options);
    return docs.map((doc) => withoutBookkeeping(doc) as T);
  }

  /** How many visible documents match. */
  count(filter: Filter): Promise<number> {
    return this.engine.count(visible(filter));
  }

  /** Updates the first visible match and appends the events it owes, in one atomic write. */
  async updateOne(filter: Filter, update: Update, options: WriteOptions & { upsert?: boolean } = {}): Promise<T | null> {
    const events = stampTrace(options.events ?? []);
    const doc = await this.engine.findOneAndUpdate(visible(filter), owing(update, events), {
      upsert: options.upsert ?? false,
    });
    if (!doc) return null;
    if (events.length > 0) this.signal.written();
    return withoutBookkeeping(doc) as T;
  }

  /** Updates every visible match. */
  updateMany(filter: Filter, update: Update): Promise<number> {
    return this.engine.updateMany(visible(filter), update);
  }

  /**
   * Marks the first visible match deleted (with the events it owes) in one atomic write, then
   * removes it at once unless its outbox still holds events; the relay removes it after publishing.
   */
  async deleteOne(filter: Filter, options: WriteOptions = {}): Promise<T | null> {
    const events = stampTrace(options.events ?? []);
    const mark: Update = { $set: { _deletedAt: new Date(), _pending: true } };
    const doc = await this.engine.findOneAndUpdate(visible(filter), owing(mark, events), { upsert: false });
    if (!doc) return null;
    await this.engine.deleteMany(finished({ _id: doc._id }));
    if (events.length > 0) this.signal.written();
    return withoutBookkeeping(doc) as T;
  }

  /**
   * Marks every visible match deleted, then removes those that owe no events; documents whose
   * outbox still holds events are removed by the relay once published, so no owed event is lost.
   */
  async deleteMany(filter: Filter): Promise<number> {
    const deleted = await this.engine.updateMany(visible(filter), { $set: { _deletedAt: new Date(), _pending: true } });
    if (deleted > 0) await this.engine.deleteMany(finished(filter));
    return deleted;
  }

  /** Documents with outbox work (events to publish or a deletion to finish), for the relay. */
  async pending(limit: number): Promise<PendingDocument[]> {
    const docs = await this.engine.find({ _pending: true }, { limit });
    return docs.map((doc) => ({ id: doc._id, events: doc._outbox ?? [], deleted: doc._deletedAt !== undefined }));
  }

  /**
   * How many documents have outbox work, and when the oldest event not yet published occurred (the
   * first of each outbox is its oldest). Read through the relay's sparse index: the pending set only.
   */
  async backlog(): Promise<{ documents: number; oldestAt: string | undefined }> {
    const documents = await this.engine.count({ _pending: true });
    if (documents === 0) return { documents, oldestAt: undefined };
    const [oldest] = await this.engine.find(
      { _pending: true, '_outbox.0': { $exists: true } },
      { sort: { '_outbox.0.occurredAt': 1 }, limit: 1 },
    );
    return { documents, oldestAt: oldest?._outbox?.[0]?.occurredAt };
  }

  /**
   * Called by the relay once `eventIds` are published: drops exactly those from the outbox (events
   * written meanwhile stay), then removes the document if it was deleted, or clears its pending flag,
   * when nothing is left to publish.
   */
  async acknowledge(doc: PendingDocument, eventIds: string[]): Promise<void> {
    // The usual case in one write instead of two: the outbox still holds exactly the published
    // events (same ids, same order, nothing after them), so it and the flag go together. Comparing
    // ids, not just the length, keeps an event written after another relay acknowledged its own.
    if (!doc.deleted && eventIds.length > 0) {
      const exactly: Filter = { _id: doc.id, [`_outbox.${eventIds.length}`]: { $exists: false }, _deletedAt: { $exists: false } };
      eventIds.forEach((id, i) => (exactly[`_outbox.${i}.id`] = id));
      if ((await this.engine.updateMany(exactly, { $unset: { _outbox: true, _pending: true } })) > 0) return;
    }
    if (eventIds.length > 0) {
      await this.engine.findOneAndUpdate({ _id: doc.id }, { $pull: { _outbox: { id: { $in: eventIds } } } }, { upsert: false });
    }
    if (doc.deleted) {
      await this.engine.deleteMany(finished({ _id: doc.id }));
    } else {
      await this.engine.updateMany(
        { _id: doc.id, '_outbox.0': { $exists: false }, _deletedAt: { $exists: false } },
        { $unset: { _pending: true } },
      );
    }
  }
}
