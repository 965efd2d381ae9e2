import type { BaseDocument, Collection, DocumentStore, IndexSpec } from '../ports/document-store.port.js';
import { OutboxCollection, OutboxSignal, type EngineCollection } from './outbox-collection.js';

/**
 * What every DocumentStore adapter shares: its collections behind the outbox, each opened once
 * (a failed open is retried by the next caller rather than cached) with its indexes ensured on every
 * call, and the signal of writes that stored events. An adapter opens its engine's collections.
 */
export abstract class OutboxDocumentStore implements DocumentStore {
  /** The collections being opened or open, by name. */
  protected readonly opened = new Map<string, Promise<OutboxCollection<BaseDocument>>>();
  private readonly ready: OutboxCollection<BaseDocument>[] = [];
  private readonly signal = new OutboxSignal();

  /** Opens the engine's collection `name` (called once per name, unless the open failed). */
  protected abstract openEngine(name: string): Promise<EngineCollection>;

  abstract ping(): Promise<void>;
  abstract close(): Promise<void>;

  /** Returns the named collection, opening it (and the outbox relay's indexes) if needed and ensuring `indexes`. */
  async collection<T extends BaseDocument>(name: string, indexes: IndexSpec[] = []): Promise<Collection<T>> {
    let opening = this.opened.get(name);
    if (!opening) {
      opening = this.open(name);
      this.opened.set(name, opening);
      opening.catch(() => this.opened.delete(name));
    }
    const collection = await opening;
    await collection.ensureIndexes(indexes);
    return collection as unknown as Collection<T>;
  }

  /** Every collection opened so far. */
  collections(): Collection<BaseDocument>[] {
    return [...this.ready];
  }

  /** Calls `listener` after every write that stored events; returns the function that stops it. */
  onEventsWritten(listener: () => void): () => void {
    return this.signal.listen(listener);
  }

  private async open(name: string): Promise<OutboxCollection<BaseDocument>> {
    const collection = await OutboxCollection.create<BaseDocument>(await this.openEngine(name), this.signal);
    this.ready.push(collection);
    return collection;
  }
}
