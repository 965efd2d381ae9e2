// `@limo/analytics-store/testing`: the contract every AnalyticsStore adapter runs, and its fixtures.
export * from './analytics-store.contract.js';
export * from './fixtures.js';
