import { describeAnalyticsJourney } from './analytics-journey.js';

// The whole embedded product (one process, chDB in-process, the in-process batch writer).
process.env.ANALYTICS_FLUSH_INTERVAL_MS = '300';

describeAnalyticsJourney('analytics through the gateway (embedded)', () => ({}));
