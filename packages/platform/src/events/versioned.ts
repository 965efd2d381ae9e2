import { DuplicateKeyError, type BaseDocument, type Collection } from '../ports/document-store.port.js';

/** A read-model document that keeps the version of the producer's last event it reflects. */
export interface VersionedDocument extends BaseDocument {
  version: number;
}

/** An event at `version` for one read-model document (`whenNew._id`). */
export interface VersionedChange<T extends VersionedDocument> {
  version: number;
  /** The document stored when there is none yet. */
  whenNew: T;
  /** What an older stored document (as read) is set to; the new version among it. */
  fields: (current: T) => Partial<T>;
  /** What a stored document as new or newer still takes from the event (by default nothing). */
  whenCurrent?: (current: T) => Promise<void>;
  /** How many times a lost race is read again before giving up (3 by default). */
  attempts?: number;
}

/**
 * Applies an event to a read-model unless the stored version is the same or newer (a replayed or
 * late event changes nothing). The update is conditional on the version read, so a concurrent newer
 * write is never overwritten; after `attempts` lost races it throws, and the event is delivered again.
 */
export async function applyVersioned<T extends VersionedDocument>(collection: Collection<T>, change: VersionedChange<T>): Promise<void> {
  const id = change.whenNew._id;
  for (let attempt = 0; attempt < (change.attempts ?? 3); attempt++) {
    const current = await collection.findOne({ _id: id });
    if (!current) {
      try {
        await collection.insertOne(change.whenNew);
        return;
      } catch (err) {
        // Another delivery inserted it meanwhile: compare versions against that one.
        if (!(err instanceof DuplicateKeyError)) throw err;
        continue;
      }
    }
    if (current.version >= change.version) {
      await change.whenCurrent?.(current);
      return;
    }
    if (await collection.updateOne({ _id: id, version: current.version }, { $set: change.fields(current) })) return;
  }
  throw new Error(`${collection.name} ${id}: version ${change.version} kept losing races, will be retried`);
}
