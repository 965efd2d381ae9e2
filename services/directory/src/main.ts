import { runStandalone, serviceEntry } from '@limo/platform';
import { directoryService } from './app.js';

await runStandalone(serviceEntry(directoryService));
