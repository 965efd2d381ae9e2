-- Version 2: monthly rollups, so that long windows read a few rows per month instead of one per day.
-- A window's whole calendar months come from these tables, its first and last partial months from
-- the daily ones (at most ~60 days of daily rows whatever the window). Each is fed by a materialized
-- view on its daily table (a cascade: an insert into events fills the daily rollup, which fills the
-- monthly one, deduplicated with it). `month` is the first day of the month. Existing daily rows are
-- copied first, then the views start (a table that already has rows is not copied into again).

CREATE TABLE IF NOT EXISTS analytics.monthly_dimensions
(
    month     Date,
    dimension LowCardinality(String),
    key1      String,
    key2      String,
    key3      String,
    events    SimpleAggregateFunction(sum, UInt64),
    visitors  SimpleAggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYear(month)
ORDER BY (dimension, month, key1, key2, key3)
TTL month + INTERVAL 25 MONTH
SETTINGS non_replicated_deduplication_window = 1000;

INSERT INTO analytics.monthly_dimensions
SELECT toStartOfMonth(day) AS month, dimension, key1, key2, key3, sum(events), sum(visitors)
FROM analytics.daily_dimensions
WHERE (SELECT count() FROM analytics.monthly_dimensions) = 0
GROUP BY month, dimension, key1, key2, key3;

CREATE MATERIALIZED VIEW IF NOT EXISTS analytics.monthly_dimensions_mv TO analytics.monthly_dimensions AS
SELECT toStartOfMonth(day) AS month, dimension, key1, key2, key3, sum(events) AS events, sum(visitors) AS visitors
FROM analytics.daily_dimensions
GROUP BY month, dimension, key1, key2, key3;

CREATE TABLE IF NOT EXISTS analytics.monthly_company_leads
(
    month     Date,
    companyId String,
    views     SimpleAggregateFunction(sum, UInt64),
    quotes    SimpleAggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYear(month)
ORDER BY (month, companyId)
TTL month + INTERVAL 25 MONTH
SETTINGS non_replicated_deduplication_window = 1000;

INSERT INTO analytics.monthly_company_leads
SELECT toStartOfMonth(day) AS month, companyId, sum(views), sum(quotes)
FROM analytics.daily_company_leads
WHERE (SELECT count() FROM analytics.monthly_company_leads) = 0
GROUP BY month, companyId;

CREATE MATERIALIZED VIEW IF NOT EXISTS analytics.monthly_company_leads_mv TO analytics.monthly_company_leads AS
SELECT toStartOfMonth(day) AS month, companyId, sum(views) AS views, sum(quotes) AS quotes
FROM analytics.daily_company_leads
GROUP BY month, companyId;

CREATE TABLE IF NOT EXISTS analytics.monthly_searches
(
    month       Date,
    searchQuery String,
    events      SimpleAggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYear(month)
ORDER BY (month, searchQuery)
TTL month + INTERVAL 25 MONTH
SETTINGS non_replicated_deduplication_window = 1000;

INSERT INTO analytics.monthly_searches
SELECT toStartOfMonth(day) AS month, searchQuery, sum(events)
FROM analytics.daily_searches
WHERE (SELECT count() FROM analytics.monthly_searches) = 0
GROUP BY month, searchQuery;

CREATE MATERIALIZED VIEW IF NOT EXISTS analytics.monthly_searches_mv TO analytics.monthly_searches AS
SELECT toStartOfMonth(day) AS month, searchQuery, sum(events) AS events
FROM analytics.daily_searches
GROUP BY month, searchQuery;
