import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '@limo/platform';
import { waitFor } from '@limo/platform/testing';
import { BatchWriter } from '../src/ingest/batch-writer.js';
import { ClickHouseAnalyticsStore } from '../src/store/clickhouse.analytics-store.js';
import { crashingStore, dashboardFigures, eventMix, truncateAll } from './fixtures.js';

const logger = createLogger('silent');

// A kill -9 of the embedded process in the middle of a ClickHouse insert (chDB on disk, as in the
// embedded profile): the restarted batch writer must count every accepted event exactly once in the
// admin dashboards, whether the insert had reached the raw table only or had been complete.
describe('the in-process batch writer across a kill in the middle of an insert', () => {
  let dir = '';
  let store: ClickHouseAnalyticsStore;
  let walDir = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'analytics-crash-'));
    store = await ClickHouseAnalyticsStore.create({ chdbPath: join(dir, 'chdb') });
    await store.migrate();
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await truncateAll(store);
    walDir = await mkdtemp(join(dir, 'wal-'));
  });

  for (const [title, rawOnly] of [
    ['raw rows written, rollups not', true],
    ['whole batch written, answer lost', false],
  ] as const) {
    it(`counts every accepted event once after a restart (${title})`, async () => {
      const events = eventMix(120);
      const dying = new BatchWriter(crashingStore(store, rawOnly), logger, { flushIntervalMs: 60_000, flushRows: 10_000, walDir });
      await dying.start();
      for (const e of events.slice(0, 90)) await dying.accept(e);
      // The first batch dies in the middle of its insert; the next one is accepted but never written.
      void dying.flush();
      await waitFor(async () => Number((await store.rows<{ n: string }>('SELECT count() AS n FROM analytics.events'))[0]?.n) > 0);
      for (const e of events.slice(90)) await dying.accept(e);

      const restarted = new BatchWriter(store, logger, { flushIntervalMs: 60_000, flushRows: 10_000, walDir });
      await restarted.start();
      const { shown, expected } = await dashboardFigures(store, events);
      expect(shown).toEqual(expected);
      expect(await readdir(walDir)).toEqual([]);
      await restarted.stop();
    });
  }
});
