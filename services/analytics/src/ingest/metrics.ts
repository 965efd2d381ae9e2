import { Counter, DURATION_BUCKETS, Histogram, SampledGauge } from '@limo/platform';

/** Rows per insert into the analytics store (a batch, or a part of one split to isolate a bad row). */
export const insertRows = new Histogram({
  name: 'limo_analytics_insert_rows',
  help: 'Rows per insert into the analytics store (the batch size)',
  buckets: [1, 10, 50, 100, 500, 1_000, 5_000, 10_000, 50_000],
});

/** How long an insert into the analytics store took, answered or failed. */
export const insertSeconds = new Histogram({
  name: 'limo_analytics_insert_duration_seconds',
  help: 'How long an insert into the analytics store took, by outcome',
  labelNames: ['outcome'] as const,
  buckets: DURATION_BUCKETS,
});

/**
 * Tracked events that will never be counted, by why: `refused` (the store refused the row:
 * dead-lettered), `shutdown` (not written before a stop, with no log to keep it), `malformed` (not an
 * analytics event on the ingest topic), `busy` (answered 503: the client was told to try again).
 */
export const rowsDropped = new Counter({
  name: 'limo_analytics_rows_dropped_total',
  help: 'Tracked events not counted, by reason (refused, shutdown, malformed, busy)',
  labelNames: ['reason'] as const,
});

/** Rows in the dead-letter file (they survive a restart with it). */
export const deadLetterRows = new SampledGauge({
  name: 'limo_analytics_dead_letters',
  help: 'Analytics events the store refused, kept in the dead-letter file for an admin to replay',
  labelNames: [] as const,
});
