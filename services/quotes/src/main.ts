import { runStandalone, serviceEntry } from '@limo/platform';
import { quotesService } from './app.js';

await runStandalone(serviceEntry(quotesService));
