import { runStandalone, serviceEntry } from '@limo/platform';
import { analyticsService } from './app.js';

await runStandalone(serviceEntry(analyticsService));
