import { runStandalone } from '@limo/platform';
import { createBillingService } from './app.js';

await runStandalone('billing', createBillingService);
