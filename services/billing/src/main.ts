import { runStandalone, serviceEntry } from '@limo/platform';
import { billingService } from './app.js';

await runStandalone(serviceEntry(billingService));
