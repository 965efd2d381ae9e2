-- Version 5: realtime's top pages counted from a per-minute rollup rather than the raw events.
-- Version 4 counted the candidates' views (minute_page_leaders) from the window's raw page views: a
-- range of the events' key, but four columns of the widest table read and a string set probed per
-- row (~17 ms of the query's ~25 with 294,000 distinct pages in the window). minute_page_views holds
-- the same counts as one row per minute and page, sorted by both: the window is one range of its key,
-- three narrow columns, and a candidate's rows sit together (~2x less time measured on the same data,
-- scripts/bench/profile-realtime.ts). Counts stay exact: every page view of a minute is in its rows.
-- Filled from the last day's events once; older events would only make rows the TTL drops.
CREATE TABLE IF NOT EXISTS analytics.minute_page_views
(
    minute DateTime('UTC'),
    page   String,
    views  SimpleAggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree
ORDER BY (minute, page)
TTL minute + INTERVAL 1 DAY
SETTINGS non_replicated_deduplication_window = 1000;

INSERT INTO analytics.minute_page_views
SELECT toStartOfMinute(receivedAt) AS minute, currentPage AS page, count() AS views
FROM analytics.events
WHERE actionType = 'page_view' AND receivedAt >= now() - INTERVAL 1 DAY
  AND (SELECT count() FROM analytics.minute_page_views) = 0
GROUP BY minute, page;

CREATE MATERIALIZED VIEW IF NOT EXISTS analytics.minute_page_views_mv TO analytics.minute_page_views AS
SELECT toStartOfMinute(receivedAt) AS minute, currentPage AS page, count() AS views
FROM analytics.events
WHERE actionType = 'page_view' AND receivedAt >= now() - INTERVAL 1 DAY
GROUP BY minute, page;
