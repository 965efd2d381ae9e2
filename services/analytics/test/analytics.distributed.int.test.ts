import { randomUUID } from 'node:crypto';
import { describeWithEngine } from '@limo/platform/testing';
import { describeAnalyticsJourney } from './analytics-journey.js';

// The distributed ingest path: the track route publishes to Kafka, the ingest consumer writes batches.
// MongoDB and Redis from infra/local as well. The analytics store stays chDB here; the same journey on a
// ClickHouse server is analytics.clickhouse-server.int.test.ts.
describeWithEngine('analytics through the gateway (distributed: Kafka ingest, MongoDB, Redis)', 'KAFKA_BROKERS', (brokers) => {
  const run = randomUUID().slice(0, 8);
  // A topic of its own, so concurrent runs on the shared Kafka never consume each other's events.
  process.env.ANALYTICS_TOPIC = `analytics.tracked.test-${run}`;
  process.env.ANALYTICS_FLUSH_INTERVAL_MS = '300';
  describeAnalyticsJourney('journey', () => {
    const mongo = new URL(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017');
    mongo.pathname = `/analytics${run}`;
    return {
      PROFILE: 'distributed',
      KAFKA_BROKERS: brokers,
      MONGODB_URI: mongo.toString(),
      REDIS_URL: process.env.REDIS_URL ?? '',
      JWT_SECRET: `analytics-distributed-secret-${run}-0123456789`,
    };
  });
});
