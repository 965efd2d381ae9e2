export { createAnalyticsService } from './app.js';
