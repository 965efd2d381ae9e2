import { describe, expect, it } from 'vitest';
import { createLogger } from '@limo/platform';
import { waitFor } from '@limo/platform/testing';
import { BatchWriter } from '../src/ingest/batch-writer.js';
import { SinkFullError } from '../src/ingest/event-sink.port.js';
import type { AnalyticsStore, StoredEvent } from '../src/store/analytics-store.port.js';
import { storedEvent } from './fixtures.js';

/** A store that records inserts and fails the first `failures` of them. */
function recordingStore(failures = 0) {
  const inserts: Array<{ rows: number; id: string }> = [];
  let left = failures;
  const store = {
    async insert(events: StoredEvent[], batchId: string) {
      inserts.push({ rows: events.length, id: batchId });
      if (left-- > 0) throw new Error('engine busy');
    },
  } as Pick<AnalyticsStore, 'insert'> as AnalyticsStore;
  return { store, inserts };
}

const logger = createLogger('silent');

describe('the in-process batch writer', () => {
  it('writes when a batch is full, when it is old enough, and everything on stop', async () => {
    const { store, inserts } = recordingStore();
    const writer = new BatchWriter(store, logger, { flushIntervalMs: 200, flushRows: 3 });
    await writer.start();
    for (let i = 0; i < 4; i++) await writer.accept(storedEvent());
    await waitFor(() => inserts.length === 1);
    expect(inserts[0]!.rows).toBe(3);
    await waitFor(() => inserts.length === 2, 2_000);
    expect(inserts[1]!.rows).toBe(1);
    await writer.accept(storedEvent());
    await writer.stop();
    expect(inserts.map((i) => i.rows)).toEqual([3, 1, 1]);
    await expect(writer.accept(storedEvent())).rejects.toThrow(SinkFullError);
  });

  it('retries a failed batch under the same id (the deduplication token)', async () => {
    const { store, inserts } = recordingStore(2);
    const writer = new BatchWriter(store, logger, { flushIntervalMs: 60_000, flushRows: 2 });
    await writer.accept(storedEvent());
    await writer.accept(storedEvent());
    await waitFor(() => inserts.length === 3, 5_000);
    expect(new Set(inserts.map((i) => i.id)).size).toBe(1);
    await writer.stop();
  });

  it('refuses events beyond what it may hold', async () => {
    const { store } = recordingStore();
    const writer = new BatchWriter(store, logger, { flushIntervalMs: 60_000, flushRows: 100, maxPendingRows: 2 });
    await writer.accept(storedEvent());
    await writer.accept(storedEvent());
    await expect(writer.accept(storedEvent())).rejects.toThrow(SinkFullError);
    await writer.stop();
  });
});
