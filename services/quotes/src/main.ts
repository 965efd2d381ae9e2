import { runStandalone } from '@limo/platform';
import { createQuotesService } from './app.js';

await runStandalone('quotes', createQuotesService);
