import { randomUUID } from 'node:crypto';
import { describeWithEngine } from '@limo/platform/testing';
import { describeDistributedJourney } from './analytics-journey.js';

// The distributed ingest path: the track route publishes to Kafka, the ingest consumer writes batches.
// MongoDB and Redis from infra/local as well. The analytics store stays chDB here; the same journey on a
// ClickHouse server is analytics.clickhouse-server.int.test.ts.
describeWithEngine('analytics through the gateway (distributed: Kafka ingest, MongoDB, Redis)', 'KAFKA_BROKERS', (brokers) => {
  describeDistributedJourney(brokers, randomUUID().slice(0, 8), 'distributed');
});
