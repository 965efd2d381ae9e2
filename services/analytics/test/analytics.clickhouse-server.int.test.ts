import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { ClickHouseAnalyticsStore } from '@limo/engine-clickhouse';
import { describeWithEngine } from '@limo/platform/testing';
import { dayWindow } from '@limo/analytics-store';
import { describeDistributedJourney } from './analytics-journey.js';

// The production shape of analytics: the distributed profile (the track route publishes to Kafka, the
// ingest consumer writes batches; MongoDB and Redis) with the store on a ClickHouse server over HTTP
// (CI: infra/local/clickhouse.sh), on a database of its own.
describeWithEngine('analytics on a ClickHouse server (distributed: Kafka ingest, MongoDB, Redis)', 'CLICKHOUSE_URL', (clickhouse) => {
  describeWithEngine('analytics on a ClickHouse server, with Kafka', 'KAFKA_BROKERS', (brokers) => {
    const run = randomUUID().slice(0, 8);
    const database = `analytics_journey_${run}`;
    describeDistributedJourney(brokers, run, 'clickhouse', { CLICKHOUSE_URL: clickhouse, CLICKHOUSE_DATABASE: database });

    let store: ClickHouseAnalyticsStore | undefined;
    afterAll(async () => {
      await store?.command(`DROP DATABASE IF EXISTS ${database}`);
      await store?.close();
    });

    // Runs after the journey: what the dashboards showed was read from the server, not from a chDB.
    it('wrote the tracked events into the ClickHouse server', async () => {
      store = await ClickHouseAnalyticsStore.create({ url: clickhouse, database });
      const overview = await store.overview(dayWindow(7));
      expect(overview.totalPageViews).toBeGreaterThanOrEqual(2);
      expect(overview.totalCompanyViews).toBeGreaterThanOrEqual(1);
      expect(overview.totalQuoteRequests).toBeGreaterThanOrEqual(1);
    });
  });
});
