import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { OutboxEntry } from '../ports/mail.port.js';

/** The file mailer's index in its outbox directory (`@limo/engine-smtp`): one JSON line per mail. */
export const OUTBOX_INDEX_FILE = 'index.jsonl';
// Outboxes written before the index became JSON lines: still read, never written.
const LEGACY_INDEX_FILE = 'index.json';

/**
 * Reads the outbox index of `dir` (oldest first); an outbox nothing was sent to is empty. A key
 * indexed twice (two processes that resent it together) is one mail: its first line is kept.
 */
export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  const base = resolve(dir);
  const legacy = await readIfExists(join(base, LEGACY_INDEX_FILE));
  const entries: OutboxEntry[] = [];
  if (legacy !== undefined) {
    const parsed: unknown = JSON.parse(legacy);
    if (!Array.isArray(parsed)) throw new Error(`${join(base, LEGACY_INDEX_FILE)} does not hold an array`);
    entries.push(...(parsed as OutboxEntry[]));
  }
  const lines = (await readIfExists(join(base, OUTBOX_INDEX_FILE))) ?? '';
  // A line is complete with its newline: what follows the last one may still be being appended.
  for (const line of lines.split('\n').slice(0, -1)) {
    if (line.trim() !== '') entries.push(JSON.parse(line) as OutboxEntry);
  }
  const keys = new Set<string>();
  return entries.filter(({ idempotencyKey: key }) => !key || (!keys.has(key) && keys.add(key)));
}

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
