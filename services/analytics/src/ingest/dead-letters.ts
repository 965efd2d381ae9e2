import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Logger } from '@limo/platform';
import type { StoredEvent } from '@limo/analytics-store';
import { rowsDropped } from './metrics.js';

/** One event the store refused on its own (its batch written without it). */
export interface DeadLetter {
  at: string;
  batchId: string;
  error: string;
  event: StoredEvent;
}

/**
 * Where the events the store refuses go: a log line at error level each, a count on `/healthz`
 * (`deadLetters`), and, with a file, one JSON line each that an admin can read and replay by hand
 * (`DATA_DIR/analytics/dead-letters.ndjson` in the embedded profile). The count survives a restart
 * with the file.
 */
export class DeadLetters {
  private count = 0;

  /** Without `file`: counted and logged only (tests); {@link DeadLetters.open} gives one with its file. */
  constructor(
    private readonly logger: Logger,
    private readonly file?: string,
  ) {}

  static async open(logger: Logger, file?: string): Promise<DeadLetters> {
    const letters = new DeadLetters(logger, file);
    if (file) {
      await mkdir(dirname(file), { recursive: true });
      const text = await readFile(file, 'utf8').catch(() => '');
      letters.count = text.split('\n').filter((line) => line.trim() !== '').length;
    }
    return letters;
  }

  /** How many events were refused (since the file began, or since start without one). */
  get size(): number {
    return this.count;
  }

  async add(event: StoredEvent, batchId: string, err: unknown): Promise<void> {
    const error = err instanceof Error ? err.message : String(err);
    this.count++;
    rowsDropped.inc({ reason: 'refused' });
    this.logger.error(
      { batchId, eventId: event.eventId, actionType: event.actionType, error, file: this.file },
      'analytics event refused by the store: dead-lettered, the rest of its batch written',
    );
    if (this.file) {
      const letter: DeadLetter = { at: new Date().toISOString(), batchId, error, event };
      await appendFile(this.file, `${JSON.stringify(letter)}\n`);
    }
  }
}
