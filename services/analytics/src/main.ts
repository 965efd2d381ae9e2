import { runStandalone } from '@limo/platform';
import { createAnalyticsService } from './app.js';

await runStandalone('analytics', createAnalyticsService);
