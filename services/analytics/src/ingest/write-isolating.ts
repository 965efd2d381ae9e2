import { isTransientError } from '@limo/platform';
import { eventOfRow, type AnalyticsStore, type EventRow } from '@limo/analytics-store';
import type { DeadLetters } from './dead-letters.js';
import { insertRows, insertSeconds } from './metrics.js';

/**
 * Writes the events' `rows` under `batchId`, never letting one row hold back the others: when the store
 * refuses the batch while it answers a ping (the rows are at fault, not the store), the batch is
 * split in halves, each written under a token derived from the batch's (`<id>/0`, `<id>/1`: the same
 * after a restart, so a batch written again after a crash is stored once), down to the single rows
 * the store refuses, which go to `deadLetters`. A failure of the store itself (transient, or a ping
 * that fails) is thrown for the caller to retry: nothing is dead-lettered while the store is away.
 */
export async function writeIsolating(
  store: AnalyticsStore,
  rows: readonly EventRow[],
  batchId: string,
  deadLetters: DeadLetters,
): Promise<void> {
  if (rows.length === 0) return;
  try {
    await timedInsert(store, rows, batchId);
  } catch (err) {
    if (!(await rowsAtFault(store, err))) throw err;
    if (rows.length === 1) return deadLetters.add(eventOfRow(rows[0]), batchId, err);
    const half = Math.ceil(rows.length / 2);
    await writeIsolating(store, rows.slice(0, half), `${batchId}/0`, deadLetters);
    await writeIsolating(store, rows.slice(half), `${batchId}/1`, deadLetters);
  }
}

/** One insert, its size and duration recorded (`/metrics`): per batch, never per event. */
async function timedInsert(store: AnalyticsStore, rows: readonly EventRow[], batchId: string): Promise<void> {
  const started = performance.now();
  let outcome = 'failed';
  try {
    await store.insertRows(rows, batchId);
    outcome = 'written';
  } finally {
    insertRows.observe(rows.length);
    insertSeconds.observe({ outcome }, (performance.now() - started) / 1000);
  }
}

/** ClickHouse's answers of a server that is busy, short of resources or read-only: the rows are not at fault. */
const STORE_TROUBLE = new Set([
  'TOO_MANY_PARTS',
  'MEMORY_LIMIT_EXCEEDED',
  'CANNOT_ALLOCATE_MEMORY',
  'TIMEOUT_EXCEEDED',
  'SOCKET_TIMEOUT',
  'NETWORK_ERROR',
  'TOO_MANY_SIMULTANEOUS_QUERIES',
  'QUERY_WAS_CANCELLED',
  'ABORTED',
  'READONLY',
  'TABLE_IS_READ_ONLY',
  'NOT_ENOUGH_SPACE',
]);

/** Whether the store refused these rows (e.g. CANNOT_PARSE_*), not failed itself: it answers a ping after. */
async function rowsAtFault(store: AnalyticsStore, err: unknown): Promise<boolean> {
  const type = (err as { type?: unknown } | null)?.type;
  if (isTransientError(err) || (typeof type === 'string' && STORE_TROUBLE.has(type))) return false;
  try {
    await store.ping();
    return true;
  } catch {
    return false;
  }
}
