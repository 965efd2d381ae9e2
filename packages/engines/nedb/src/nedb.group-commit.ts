import { open, type FileHandle } from 'node:fs/promises';
import type nedb from '@seald-io/nedb';

/**
 * The part of nedb's `Persistence` (one per datastore, `datastore.persistence`) that group commit
 * replaces. Both are nedb's own methods (documented, marked "used by the Datastore only"); the
 * on-disk test in document-store.int.test.ts fails if a nedb upgrade renames them.
 */
interface NedbPersistence {
  filename: string;
  inMemoryOnly: boolean;
  modes: { fileMode: number };
  afterSerialization(serialized: string): string | Promise<string>;
  persistNewStateAsync(docs: object[]): Promise<void>;
  persistCachedDatabaseAsync(): Promise<void>;
}

// nedb's own serialisation, so the lines are exactly the ones nedb would have written.
interface NedbModel {
  serialize(doc: object): string;
}

/**
 * Group commit for one nedb datafile. nedb runs one operation at a time per datastore and ends each
 * write with its own `appendFile` (open, write, close): a collection written hundreds of times a
 * second spends most of its time waiting for those. Here an operation's lines are queued and the
 * operation ends at once, so nedb starts the next one; one `appendFile` writes every line queued
 * meanwhile, and the caller's promise ({@link durable}) resolves when the append holding its lines
 * is done. A write is acknowledged only once it is in the file, as before; reads may see a write a
 * few hundred microseconds before it is in the file (as with any group commit).
 *
 * The datafile stays open for appending between batches (an `appendFile` per batch opened and
 * closed it each time: three trips to the thread pool instead of one).
 *
 * Compaction (a rewrite of the whole file from memory, then a rename) waits for the append in flight,
 * closes the file and holds the next append until the rename is done, so no append lands in the file
 * being replaced: queued lines then go to the new file (opened afresh), where they repeat state it
 * already holds (harmless, the last line of a document wins when nedb loads the file).
 */
export class NedbGroupCommit {
  private queued: string[] = [];
  /** The append that will take the queued lines. */
  private batch: Deferred | undefined;
  /** The append in flight. */
  private writing: Deferred | undefined;
  private compacting = false;
  /** The datafile, open for appending; closed around a compaction and after a failed append. */
  private file: Promise<FileHandle> | undefined;

  private constructor(
    private readonly persistence: NedbPersistence,
    private readonly model: NedbModel,
  ) {}

  /**
   * Installs group commit on a datastore with a file; returns undefined for an in-memory one (it has
   * nothing to write). Call before `loadDatabaseAsync`.
   */
  static install(db: nedb.default<object>, model: NedbModel): NedbGroupCommit | undefined {
    const persistence = (db as unknown as { persistence: NedbPersistence }).persistence;
    if (persistence.inMemoryOnly) return undefined;
    const log = new NedbGroupCommit(persistence, model);
    const compact = persistence.persistCachedDatabaseAsync.bind(persistence);
    persistence.persistNewStateAsync = (docs) => log.queue(docs);
    persistence.persistCachedDatabaseAsync = () => log.exclusive(compact);
    return log;
  }

  /**
   * Resolves once every line queued so far is in the file; rejects if the append holding them failed
   * (the operation's change is then in memory only, as with nedb's own failed append).
   */
  durable(): Promise<void> {
    // Lines queued and not yet taken by an append go with the next one; with none queued, the
    // caller's lines are in the append in flight, or written already.
    if (this.queued.length > 0) return this.nextBatch();
    return this.writing?.promise ?? Promise.resolve();
  }

  private async queue(docs: object[]): Promise<void> {
    for (const doc of docs) this.queued.push(`${await this.persistence.afterSerialization(this.model.serialize(doc))}\n`);
    if (this.queued.length > 0) {
      // The batch exists before the lines can be taken; who waits on it is `durable`'s caller.
      void this.nextBatch();
      this.kick();
    }
  }

  private nextBatch(): Promise<void> {
    this.batch ??= deferred();
    return this.batch.promise;
  }

  private kick(): void {
    if (this.writing || this.compacting || this.queued.length === 0) return;
    const lines = this.queued.join('');
    const batch = this.batch ?? deferred();
    this.queued = [];
    this.batch = undefined;
    this.writing = batch;
    void this.append(lines)
      .then(
        () => batch.resolve(),
        (err: unknown) => batch.reject(err),
      )
      .finally(() => {
        this.writing = undefined;
        this.kick();
      });
  }

  /** Waits for the append in flight and closes the datafile (the store is closing). */
  async close(): Promise<void> {
    await this.writing?.promise.catch(() => undefined);
    await this.closeFile();
  }

  private async append(lines: string): Promise<void> {
    this.file ??= open(this.persistence.filename, 'a', this.persistence.modes.fileMode);
    try {
      await (await this.file).appendFile(lines, 'utf8');
    } catch (err) {
      // The next append opens the file again (it may have been moved or the disk was full).
      await this.closeFile();
      throw err;
    }
  }

  private async closeFile(): Promise<void> {
    const file = this.file;
    this.file = undefined;
    await file?.then((handle) => handle.close()).catch(() => undefined);
  }

  private async exclusive(compact: () => Promise<void>): Promise<void> {
    this.compacting = true;
    try {
      await this.writing?.promise.catch(() => undefined);
      // The rename replaces the file this handle appends to: the next append opens the new one.
      await this.closeFile();
      await compact();
    } finally {
      this.compacting = false;
      this.kick();
    }
  }
}

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  reject(err: unknown): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A batch nobody awaits (writes by nedb itself, e.g. index creation) must not be an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
