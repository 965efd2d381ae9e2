export { analyticsService, createAnalyticsService, type AnalyticsServiceOptions } from './app.js';
