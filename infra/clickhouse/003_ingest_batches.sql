-- Version 3: each raw event row names the insert that wrote it (its deduplication token), so that a
-- batch cut short by a crash between the `events` part and its materialized views' parts can be
-- written again under the same token: `events` drops it as a duplicate, and each rollup, deduplicating
-- on its own (deduplicate_blocks_in_dependent_materialized_views), takes the rows it is missing.
-- Rows written before this version have ''.

ALTER TABLE analytics.events ADD COLUMN IF NOT EXISTS ingestBatch String DEFAULT '' AFTER ingestOffset;
