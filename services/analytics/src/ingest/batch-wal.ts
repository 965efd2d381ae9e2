import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { eventRowOfLine, type EventRow } from '@limo/analytics-store';

const EXTENSION = '.ndjson';
/** Files made by this process, for their names' order. */
let segments = 0;

/** A batch a crash left in the log: its id (the deduplication token it was or will be written under) and its events' rows. */
export interface LoggedBatch {
  batchId: string;
  rows: EventRow[];
  /** Removes the batch's file once it is written. */
  remove(): Promise<void>;
}

/**
 * One batch's file of the write-ahead log: one line per accepted event, its row (see EventRow). Appends made while a
 * write is under way share the next write (one system call for many requests); `append` resolves
 * once its line is in the file, which outlives a kill of the process (not a power cut: no fsync).
 */
export class WalSegment {
  readonly batchId: string;
  private readonly path: string;
  private readonly file: Promise<FileHandle>;
  private lines: string[] = [];
  private next: Promise<void> | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(dir: string) {
    // Names sort by creation time: a restart writes the batches left behind in the order they were
    // taken (the counter orders files made in the same millisecond).
    const name = `${Date.now()}-${String(++segments % 1e6).padStart(6, '0')}-${randomUUID().slice(0, 8)}`;
    this.batchId = batchIdOf(name);
    this.path = join(dir, `${name}${EXTENSION}`);
    this.file = open(this.path, 'a');
    // A failed open is reported by the first append (and by close); never an unhandled rejection.
    this.file.catch(() => undefined);
  }

  /** Appends the event's row; resolves once it is in the file. */
  append(row: EventRow): Promise<void> {
    this.lines.push(`${row}\n`);
    if (!this.next) {
      const next = this.chain.then(async () => {
        this.next = undefined;
        const text = this.lines.join('');
        this.lines = [];
        await (await this.file).appendFile(text);
      });
      this.next = next;
      this.chain = next.catch(() => undefined);
    }
    return this.next;
  }

  /** Waits for the appends under way and closes the file (the batch is complete on disk). */
  async close(): Promise<void> {
    await this.chain;
    await (await this.file).close();
  }

  /** Removes the file (the batch is written to the store). */
  async remove(): Promise<void> {
    await rm(this.path, { force: true });
  }
}

/** The batch id of a log file's name: the deduplication token of its insert, the same after any restart. */
const batchIdOf = (name: string) => `direct:${name}`;

/** Creates the log's folder when missing. */
export async function openWal(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
}

/**
 * The batches a crash left in the log, oldest first. A line cut short by the crash is skipped: its
 * append had not resolved, so its event was never acknowledged. A line an earlier version wrote (the
 * event as an object) is read as its row.
 */
export async function loggedBatches(dir: string): Promise<LoggedBatch[]> {
  const names = (await readdir(dir)).filter((f) => f.endsWith(EXTENSION)).sort();
  const batches: LoggedBatch[] = [];
  for (const file of names) {
    const path = join(dir, file);
    const rows: EventRow[] = [];
    for (const line of (await readFile(path, 'utf8')).split('\n')) {
      const row = eventRowOfLine(line);
      if (row) rows.push(row);
    }
    batches.push({ batchId: batchIdOf(file.slice(0, -EXTENSION.length)), rows, remove: () => rm(path, { force: true }) });
  }
  return batches;
}
