-- Version 1: raw traffic events and the daily rollups the dashboards read.
-- Applied in order by services/analytics at start-up (recorded in analytics.schema_migrations) and by
-- the clickhouse-server container of docker-compose.yml (/docker-entrypoint-initdb.d). Every
-- statement is idempotent. The service rewrites the TTLs from ANALYTICS_RETENTION_MONTHS.

CREATE DATABASE IF NOT EXISTS analytics;

-- One row per counted event. Never holds an IP address: `visitorId` is a hash of IP + user agent
-- with a salt that changes every day (and is deleted after two). Because the id changes daily, the
-- distinct visitors of a window are the sum of each day's new visitors, which the track route flags
-- (`newVisitor`): every rollup below holds plain sums, and 365-day dashboards merge no sketches.
CREATE TABLE IF NOT EXISTS analytics.events
(
    eventId       UUID,
    receivedAt    DateTime64(3, 'UTC'),
    clientTime    Nullable(DateTime64(3, 'UTC')),
    actionType    LowCardinality(String),
    companyId     String,
    companyIds    Array(String),
    sessionId     String,
    visitorId     String,
    searchQuery   String,
    searchFilters String,
    currentPage   String,
    landingPage   String,
    referrer      String,
    userAgent     String,
    deviceType    LowCardinality(String),
    country       LowCardinality(String),
    state         LowCardinality(String),
    city          LowCardinality(String),
    timeSpent     Nullable(UInt32),
    -- 1 on a visitor's first event of the day (its visitor id is new that day): visitor counts are sums.
    newVisitor    UInt8,
    -- 1 on a visitor's first view of this company that day: owners' profile views are sums.
    newProfileView UInt8,
    -- Where the row came from: 'direct' (in-process batcher) or '<topic>:<partition>' (Kafka), and
    -- its Kafka offset (-1 for direct), so a restarted consumer skips what is already stored.
    ingestSource  LowCardinality(String),
    ingestOffset  Int64,
    INDEX received_minmax receivedAt TYPE minmax GRANULARITY 1
)
ENGINE = MergeTree
PARTITION BY toYYYYMM(receivedAt)
ORDER BY (actionType, companyId, receivedAt)
TTL toDateTime(receivedAt) + INTERVAL 13 MONTH
SETTINGS non_replicated_deduplication_window = 1000;

-- Per day and action: events and new visitors (overview, daily trends).
CREATE TABLE IF NOT EXISTS analytics.daily_totals
(
    day        Date,
    actionType LowCardinality(String),
    events     SimpleAggregateFunction(sum, UInt64),
    visitors   SimpleAggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(day)
ORDER BY (day, actionType)
TTL day + INTERVAL 25 MONTH
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS analytics.daily_totals_mv TO analytics.daily_totals AS
SELECT toDate(receivedAt) AS day, actionType, count() AS events, sum(newVisitor) AS visitors
FROM analytics.events
GROUP BY day, actionType;

-- Per company, day and action (top companies, owners' analytics). 'search_appearance' rows count
-- the search result pages that showed the company.
CREATE TABLE IF NOT EXISTS analytics.daily_company
(
    companyId  String,
    day        Date,
    actionType LowCardinality(String),
    events     SimpleAggregateFunction(sum, UInt64),
    -- company_view: views by visitors who had not viewed the company yet that day.
    visitors   SimpleAggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(day)
ORDER BY (companyId, day, actionType)
TTL day + INTERVAL 25 MONTH
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS analytics.daily_company_mv TO analytics.daily_company AS
SELECT companyId, toDate(receivedAt) AS day, actionType, count() AS events, sum(newProfileView) AS visitors
FROM analytics.events
WHERE companyId != ''
GROUP BY companyId, day, actionType;

-- (The filter sits in a subquery: an outer WHERE on actionType would read the 'search_appearance' alias.)
CREATE MATERIALIZED VIEW IF NOT EXISTS analytics.daily_search_appearances_mv TO analytics.daily_company AS
SELECT arrayJoin(companyIds) AS companyId, toDate(receivedAt) AS day, 'search_appearance' AS actionType,
       count() AS events, toUInt64(0) AS visitors
FROM (SELECT receivedAt, companyIds FROM analytics.events WHERE actionType = 'search' AND notEmpty(companyIds))
GROUP BY companyId, day;

-- Per day, for each dimension: geo (city, state, country), device (type) and referrer.
CREATE TABLE IF NOT EXISTS analytics.daily_dimensions
(
    day       Date,
    dimension LowCardinality(String),
    key1      String,
    key2      String,
    key3      String,
    events    SimpleAggregateFunction(sum, UInt64),
    visitors  SimpleAggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(day)
ORDER BY (dimension, day, key1, key2, key3)
TTL day + INTERVAL 25 MONTH
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS analytics.daily_dimensions_mv TO analytics.daily_dimensions AS
SELECT toDate(receivedAt) AS day, dim.1 AS dimension, dim.2 AS key1, dim.3 AS key2, dim.4 AS key3,
       count() AS events, sum(newVisitor) AS visitors
FROM analytics.events
ARRAY JOIN [('geo', city, state, country), ('device', deviceType, '', ''), ('referrer', referrer, '', '')] AS dim
GROUP BY day, dimension, key1, key2, key3;

-- Per day and search text (popular searches).
CREATE TABLE IF NOT EXISTS analytics.daily_searches
(
    day         Date,
    searchQuery String,
    events      SimpleAggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(day)
ORDER BY (day, searchQuery)
TTL day + INTERVAL 25 MONTH
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS analytics.daily_searches_mv TO analytics.daily_searches AS
SELECT toDate(receivedAt) AS day, searchQuery, count() AS events
FROM analytics.events
WHERE actionType = 'search' AND searchQuery != ''
GROUP BY day, searchQuery;

-- Per day and company: views and quote requests only (top companies reads ~1 row per company-day).
CREATE TABLE IF NOT EXISTS analytics.daily_company_leads
(
    day       Date,
    companyId String,
    views     SimpleAggregateFunction(sum, UInt64),
    quotes    SimpleAggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(day)
ORDER BY (day, companyId)
TTL day + INTERVAL 25 MONTH
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS analytics.daily_company_leads_mv TO analytics.daily_company_leads AS
SELECT toDate(receivedAt) AS day, companyId, countIf(actionType = 'company_view') AS views, countIf(actionType = 'quote_request') AS quotes
FROM analytics.events
WHERE actionType IN ('company_view', 'quote_request') AND companyId != ''
GROUP BY day, companyId;

-- Per minute, kept a day (realtime): events, page views, visitor and session sketches, and pages.
CREATE TABLE IF NOT EXISTS analytics.minute_totals
(
    minute    DateTime('UTC'),
    events    SimpleAggregateFunction(sum, UInt64),
    pageViews SimpleAggregateFunction(sum, UInt64),
    visitors  AggregateFunction(uniq, String),
    sessions  AggregateFunction(uniq, String)
)
ENGINE = AggregatingMergeTree
ORDER BY minute
TTL minute + INTERVAL 1 DAY
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS analytics.minute_totals_mv TO analytics.minute_totals AS
SELECT toStartOfMinute(receivedAt) AS minute, count() AS events, countIf(actionType = 'page_view') AS pageViews,
       uniqState(visitorId) AS visitors, uniqState(sessionId) AS sessions
FROM analytics.events
GROUP BY minute;

CREATE TABLE IF NOT EXISTS analytics.minute_pages
(
    minute DateTime('UTC'),
    page   String,
    views  SimpleAggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree
ORDER BY (minute, page)
TTL minute + INTERVAL 1 DAY
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS analytics.minute_pages_mv TO analytics.minute_pages AS
SELECT toStartOfMinute(receivedAt) AS minute, currentPage AS page, count() AS views
FROM analytics.events
WHERE actionType = 'page_view'
GROUP BY minute, page;
